import { useEffect, useEffectEvent } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, usePreloadedQuery, usePaginationFragment } from 'react-relay/hooks';
import type { AllNotificationsPageFragment$key } from '../../__generated__/AllNotificationsPageFragment.graphql';
import type { AllNotificationsPagePaginationQuery } from '../../__generated__/AllNotificationsPagePaginationQuery.graphql';
import type { AllNotificationsPageQuery } from '../../__generated__/AllNotificationsPageQuery.graphql';
import { useMarkNotificationRead } from '../../app/shell/BellNotification';
import { AccountRequestActions } from '../accounts/AccountRequestActions';
import { fr } from '../../i18n/fr';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { HtmlContent } from '../../ui/HtmlContent';
import { PageHeader } from '../../ui/PageHeader';
import { formatDateTime } from '../../ui/format';
import { htmlToText, truncate } from '../../ui/text';
import { useConnectionPages } from '../../ui/useConnectionPages';
import { useLiveReconnect } from '../../relay/useLiveReconnect';
import type { ScreenProps } from '../../app/routing/screen';

const useStyles = makeStyles({
  date: {
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  },
  actions: {
    display: 'block',
    marginTop: tokens.spacingVerticalM,
  },
  detailTitle: {
    display: 'block',
    marginBottom: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground2,
  },
});

const t = fr.allNotifications;

interface NotificationRow {
  readonly id: string;
  readonly createdAt: string;
  readonly body: string;
  readonly isRead: boolean;
  /** ACCOUNT_REQUEST: the requested account, decided from the expanded row while pending. */
  readonly account: { readonly id: string; readonly fullName: string; readonly status: string | null | undefined } | null | undefined;
}

/** An expanded row: the whole notification; reading it marks it read (product.md §4). */
function NotificationDetail({ notification }: { notification: NotificationRow }) {
  const styles = useStyles();
  const markRead = useMarkNotificationRead();
  const { id, isRead, body, account } = notification;
  // Once, when the row is opened.
  const markOnOpen = useEffectEvent(() => {
    if (!isRead) markRead(id);
  });
  useEffect(() => markOnOpen(), []);
  return (
    <>
      <Text weight="semibold" className={styles.detailTitle}>
        {t.content}
      </Text>
      <HtmlContent html={body} />
      {account?.status === 'PENDING' ? (
        <span className={styles.actions}>
          <AccountRequestActions account={account} />
        </span>
      ) : null}
    </>
  );
}

/** product.md §2 'TOUTES LES NOTIFICATIONS' (/dashboard/seeallnotifications), for every role. */
export default function AllNotificationsPage({ queryRef }: ScreenProps<AllNotificationsPageQuery>) {
  const styles = useStyles();
  const query = usePreloadedQuery<AllNotificationsPageQuery>(
    graphql`
      query AllNotificationsPageQuery {
        ...AllNotificationsPageFragment
      }
    `,
    queryRef,
  );
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<
    AllNotificationsPagePaginationQuery,
    AllNotificationsPageFragment$key
  >(
    graphql`
      fragment AllNotificationsPageFragment on Query
      @refetchable(queryName: "AllNotificationsPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        notifications(first: $count, after: $cursor) @connection(key: "AllNotificationsPage_notifications") {
          totalCount
          edges {
            node {
              id
              createdAt
              body
              isRead
              account {
                id
                fullName
                status
              }
            }
          }
        }
      }
    `,
    query,
  );
  const { rows, loading, pagination, reload } = useConnectionPages(data.notifications, { hasNext, isLoadingNext, loadNext });
  // Notifications sent while the live socket was down never reached the list: it reads them again.
  useLiveReconnect(() => reload((count) => refetch({ count }, { fetchPolicy: 'network-only' })));

  const columns: DataTableColumn<NotificationRow>[] = [
    {
      id: 'date',
      header: t.date,
      width: '180px',
      cell: (row) => (
        <time className={styles.date} dateTime={row.createdAt}>
          {formatDateTime(row.createdAt)}
        </time>
      ),
    },
    {
      id: 'notification',
      card: 'body',
      header: t.notifications,
      // product.md §2: markup stripped, cut to 100 characters plus '...'.
      cell: (row) => <Text weight={row.isRead ? 'regular' : 'semibold'}>{truncate(htmlToText(row.body), 100)}</Text>,
    },
  ];

  return (
    <section>
      <PageHeader title={t.title} />
      <DataTable
        label={t.title}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        emptyText={t.empty}
        loading={loading}
        pagination={pagination}
        renderExpanded={(row) => <NotificationDetail notification={row} />}
      />
    </section>
  );
}
