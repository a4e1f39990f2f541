import { Suspense } from 'react';
import { Button, Link, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { EditRegular } from '@fluentui/react-icons/svg/edit';
import { graphql, useFragment, useLazyLoadQuery, usePaginationFragment, usePreloadedQuery } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { GroupMembersFragment$key } from '../../__generated__/GroupMembersFragment.graphql';
import type { GroupsPageMembersQuery } from '../../__generated__/GroupsPageMembersQuery.graphql';
import type { GroupsPageFragment$key } from '../../__generated__/GroupsPageFragment.graphql';
import type { GroupsPagePaginationQuery } from '../../__generated__/GroupsPagePaginationQuery.graphql';
import type { GroupsPageQuery } from '../../__generated__/GroupsPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { groupsText } from '../../i18n/groups';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { formatDateTime } from '../../ui/format';
import { useConnectionPages } from '../../ui/useConnectionPages';
import type { ScreenProps } from '../../app/routing/screen';

const g = groupsText;

const useStyles = makeStyles({
  members: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInlineStart: tokens.spacingHorizontalXXL,
    maxWidth: '760px',
  },
  memberRow: {
    display: 'grid',
    gridTemplateColumns: 'minmax(220px, 1fr) 200px 48px',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXL,
    minHeight: '32px',
  },
  membersHeader: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  count: { fontVariantNumeric: 'tabular-nums' },
});

interface Row {
  readonly id: string;
  readonly databaseId: number;
  readonly name: string;
  readonly city: string;
  readonly memberCount: number;
}

/**
 * The members load when a row is expanded: nested in the list query, a second connection would
 * exceed the server's query cost limit (docs/decisions.md, limits).
 */
function LoadedGroupMembers({ id }: { id: string }) {
  const data = useLazyLoadQuery<GroupsPageMembersQuery>(
    graphql`
      query GroupsPageMembersQuery($id: ID!, $membersCount: Int!) {
        node(id: $id) {
          ...GroupMembersFragment @alias
        }
      }
    `,
    // A variable, not a literal: the server's cost limit multiplies literal page sizes.
    { id, membersCount: 100 },
    { fetchPolicy: 'store-and-network' },
  );
  const group = data.node?.GroupMembersFragment;
  return group ? <GroupMembers group={group} /> : null;
}

/** The expanded row: the étude's people (name, last activity, edit to their account form). */
function GroupMembers({ group }: { group: GroupMembersFragment$key }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const data = useFragment(
    graphql`
      fragment GroupMembersFragment on Group {
        members(first: $membersCount) {
          edges {
            node {
              id
              databaseId
              lastName
              firstName
              lastActivityAt
            }
          }
        }
      }
    `,
    group,
  );
  return (
    <div className={styles.members}>
      <div className={styles.memberRow} aria-hidden>
        <Text className={styles.membersHeader}>{g.memberName}</Text>
        <Text className={styles.membersHeader}>{g.lastActivity}</Text>
      </div>
      <div role="list" aria-label={g.members} className={styles.members} style={{ padding: 0 }}>
        {data.members.edges.map(({ node }) => (
          <div key={node.id} role="listitem" className={styles.memberRow}>
            <Text weight="semibold">
              {node.lastName} {node.firstName}
            </Text>
            <Text className={styles.muted}>{node.lastActivityAt ? formatDateTime(node.lastActivityAt) : '—'}</Text>
            <Button
              appearance="subtle"
              size="small"
              icon={<EditRegular />}
              aria-label={`${g.edit} ${node.lastName} ${node.firstName}`}
              onClick={() => navigate(`/dashboard/seetheaccount/${node.databaseId}`)}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

/** product.md §2 /dashboard/voirlesgroupes: études, their number of people, expandable members, edit. */
export default function GroupsPage({ queryRef }: ScreenProps<GroupsPageQuery>) {
  const styles = useStyles();
  const navigate = useNavigate();
  const query = usePreloadedQuery<GroupsPageQuery>(
    graphql`
      query GroupsPageQuery {
        ...GroupsPageFragment
      }
    `,
    queryRef,
  );
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<GroupsPagePaginationQuery, GroupsPageFragment$key>(
    graphql`
      fragment GroupsPageFragment on Query
      @refetchable(queryName: "GroupsPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }, keyword: { type: "String" }) {
        groups(first: $count, after: $cursor, keyword: $keyword) @connection(key: "GroupsPage_groups", filters: ["keyword"]) {
          totalCount
          edges {
            node {
              id
              databaseId
              name
              city
              memberCount
            }
          }
        }
      }
    `,
    query,
  );
  const { rows, loading, pagination, reload } = useConnectionPages<Row>(data.groups, {
    hasNext,
    isLoadingNext,
    loadNext,
  });

  const columns: DataTableColumn<Row>[] = [
    {
      id: 'name',
      card: 'title',
      header: g.name,
      cell: (row) => (
        <span style={{ display: 'flex', flexDirection: 'column' }}>
          <Link as="button" onClick={() => navigate(`/dashboard/editvoirlesgroupes/${row.databaseId}`)} style={{ textAlign: 'start' }}>
            <Text weight="semibold">{row.name}</Text>
          </Link>
          <Text size={200} className={styles.muted}>
            {row.city}
          </Text>
        </span>
      ),
    },
    {
      id: 'count',
      header: g.count,
      width: '200px',
      align: 'center',
      cell: (row) => <span className={styles.count}>{row.memberCount}</span>,
    },
    {
      id: 'edit',
      card: 'actions',
      header: g.edit,
      width: '120px',
      align: 'end',
      cell: (row) => (
        <Button
          appearance="subtle"
          icon={<EditRegular />}
          aria-label={`${g.edit} ${row.name}`}
          onClick={() => navigate(`/dashboard/editvoirlesgroupes/${row.databaseId}`)}
        />
      ),
    },
  ];

  return (
    <section>
      <PageHeader
        title={fr.titles.groups}
        actions={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('/dashboard/creerungroupe')}>
            {g.create}
          </Button>
        }
      />
      <DataTable
        label={fr.titles.groups}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        emptyText={g.empty}
        loading={loading}
        pagination={pagination}
        isExpandable={(row) => row.memberCount > 0}
        renderExpanded={(row) => (
          <Suspense fallback={<Spinner size="tiny" label={fr.loading} />}>
            <LoadedGroupMembers id={row.id} />
          </Suspense>
        )}
        search={{
          onSearch: (keyword) => reload((count) => refetch({ keyword: keyword || null, count })),
        }}
      />
    </section>
  );
}
