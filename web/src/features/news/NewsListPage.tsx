import type { ReactNode } from 'react';
import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { EditRegular } from '@fluentui/react-icons/svg/edit';
import { graphql, usePreloadedQuery, usePaginationFragment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { NewsListPageFragment$key } from '../../__generated__/NewsListPageFragment.graphql';
import type { NewsListPagePaginationQuery } from '../../__generated__/NewsListPagePaginationQuery.graphql';
import type { NewsListPageQuery } from '../../__generated__/NewsListPageQuery.graphql';
import { ImportantIcon } from '../../app/shell/BellNews';
import { fr } from '../../i18n/fr';
import { newsText } from '../../i18n/news';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { HtmlContent } from '../../ui/HtmlContent';
import { PageHeader } from '../../ui/PageHeader';
import { formatDateTime } from '../../ui/format';
import { useConnectionPages } from '../../ui/useConnectionPages';
import { useLiveReconnect } from '../../relay/useLiveReconnect';
import type { ScreenProps } from '../../app/routing/screen';

const n = newsText;

const useStyles = makeStyles({
  star: { fontSize: '20px', color: tokens.colorNeutralForeground3, verticalAlign: 'middle' },
  starOn: { color: tokens.colorPaletteMarigoldForeground1 },
  date: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground2 },
  news: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    paddingBlock: tokens.spacingVerticalS,
  },
  body: {
    color: tokens.colorNeutralForeground2,
    display: '-webkit-box',
    WebkitLineClamp: '3',
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
});

export interface NewsRow {
  readonly id: string;
  readonly databaseId: number;
  readonly title: string;
  readonly body: string;
  readonly important: boolean;
  readonly createdAt: string;
  readonly isRead: boolean;
}

/**
 * The news table of both roles (product.md §2): Important, Date, Actualité and one action column, with
 * the search on Enter or blur (the API's `news(search:)`, which the spec's secretary list lacked).
 */
export function NewsList({
  queryRef,
  title,
  actions,
  action,
}: ScreenProps<NewsListPageQuery> & {
  title: string;
  actions?: ReactNode;
  /** The last column: 'Modifier' for admins, 'Voir' for secretaries. */
  action: DataTableColumn<NewsRow>;
}) {
  const styles = useStyles();
  const query = usePreloadedQuery<NewsListPageQuery>(
    graphql`
      query NewsListPageQuery {
        ...NewsListPageFragment
      }
    `,
    queryRef,
  );
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<NewsListPagePaginationQuery, NewsListPageFragment$key>(
    graphql`
      fragment NewsListPageFragment on Query
      @refetchable(queryName: "NewsListPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }, search: { type: "String" }) {
        news(first: $count, after: $cursor, search: $search) @connection(key: "NewsListPage_news", filters: ["search"]) {
          totalCount
          edges {
            node {
              id
              databaseId
              title
              body
              important
              createdAt
              isRead
            }
          }
        }
      }
    `,
    query,
  );
  const { rows, loading, pagination, reload } = useConnectionPages<NewsRow>(data.news, {
    hasNext,
    isLoadingNext,
    loadNext,
  });
  // News published while the live socket was down never reached the list: it reads it again
  // (the search kept: a refetch keeps the variables it is not given).
  useLiveReconnect(() => reload((count) => refetch({ count }, { fetchPolicy: 'network-only' })));

  const columns: DataTableColumn<NewsRow>[] = [
    {
      id: 'important',
      card: 'status',
      header: n.important,
      width: '110px',
      align: 'center',
      cell: (row) => <ImportantIcon important={row.important} className={mergeClasses(styles.star, row.important && styles.starOn)} />,
    },
    {
      id: 'date',
      header: n.date,
      width: '170px',
      cell: (row) => (
        <time dateTime={row.createdAt} className={styles.date}>
          {formatDateTime(row.createdAt)}
        </time>
      ),
    },
    {
      id: 'news',
      card: 'body',
      header: n.news,
      cell: (row) => (
        <div className={styles.news}>
          <Text weight={row.isRead ? 'semibold' : 'bold'}>{row.title}</Text>
          <HtmlContent html={row.body} className={styles.body} />
        </div>
      ),
    },
    action,
  ];

  return (
    <section>
      <PageHeader title={title} actions={actions} />
      <DataTable
        label={title}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        emptyText={n.empty}
        loading={loading}
        pagination={pagination}
        search={{
          onSearch: (search) => reload((count) => refetch({ search: search || null, count })),
        }}
      />
    </section>
  );
}

/** product.md §2 'TOUTES LES ACTUALITÉS' (/dashboard/viewnews): Important, Date, Actualité, Modifier; search. */
export default function NewsListPage({ queryRef }: ScreenProps<NewsListPageQuery>) {
  const navigate = useNavigate();
  return (
    <NewsList
      queryRef={queryRef}
      title={fr.titles.allNews}
      actions={
        <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('/dashboard/createanews')}>
          {n.create}
        </Button>
      }
      action={{
        id: 'edit',
        card: 'actions',
        header: n.edit,
        width: '110px',
        align: 'end',
        cell: (row) => (
          <Button
            appearance="subtle"
            icon={<EditRegular />}
            aria-label={`${n.edit} ${row.title}`}
            onClick={() => navigate(`/dashboard/createanews/${row.databaseId}`)}
          />
        ),
      }}
    />
  );
}
