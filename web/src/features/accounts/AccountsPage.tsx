import { Badge, Button, Link, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons/svg/edit';
import { PersonAddRegular } from '@fluentui/react-icons/svg/person-add';
import { graphql, usePreloadedQuery, usePaginationFragment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { AccountsPageFragment$key } from '../../__generated__/AccountsPageFragment.graphql';
import type { AccountsPagePaginationQuery } from '../../__generated__/AccountsPagePaginationQuery.graphql';
import type { AccountsPageQuery } from '../../__generated__/AccountsPageQuery.graphql';
import { useSessionUser } from '../../app/session/sessionContext';
import { useImpersonation } from '../../app/session/useImpersonation';
import { fr } from '../../i18n/fr';
import { accountsText } from '../../i18n/accounts';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { useConnectionPages } from '../../ui/useConnectionPages';
import type { ScreenProps } from '../../app/routing/screen';

const useStyles = makeStyles({
  name: {
    display: 'flex',
    flexDirection: 'column',
  },
  email: {
    color: tokens.colorNeutralForeground3,
  },
  type: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
  },
});

const a = accountsText.list;

interface Row {
  readonly id: string;
  readonly databaseId: number;
  readonly lastName: string;
  readonly firstName: string;
  readonly email: string | null | undefined;
  readonly role: 'ADMIN' | 'BAILIFF' | 'SECRETARY';
  readonly status: 'ACTIVE' | 'DISABLED' | 'PENDING' | null | undefined;
}

/**
 * product.md §2 'Voir les comptes' (/dashboard/seetheaccount): search, accounts with their type, 'Se
 * connecter' (impersonation, product.md §4) and 'Éditer'.
 */
export default function AccountsPage({ queryRef }: ScreenProps<AccountsPageQuery>) {
  const styles = useStyles();
  const navigate = useNavigate();
  const me = useSessionUser();
  const { impersonate, pendingEmail } = useImpersonation();
  const query = usePreloadedQuery<AccountsPageQuery>(
    graphql`
      query AccountsPageQuery {
        ...AccountsPageFragment
      }
    `,
    queryRef,
  );
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<AccountsPagePaginationQuery, AccountsPageFragment$key>(
    graphql`
      fragment AccountsPageFragment on Query
      @refetchable(queryName: "AccountsPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }, keyword: { type: "String" }) {
        users(first: $count, after: $cursor, keyword: $keyword) @connection(key: "AccountsPage_users", filters: ["keyword"]) {
          totalCount
          edges {
            node {
              id
              databaseId
              lastName
              firstName
              email
              role
              status
            }
          }
        }
      }
    `,
    query,
  );
  const { rows, loading, pagination, reload } = useConnectionPages(data.users, { hasNext, isLoadingNext, loadNext });

  const columns: DataTableColumn<Row>[] = [
    {
      id: 'name',
      card: 'title',
      header: a.name,
      cell: (row) => (
        <span className={styles.name}>
          <Text weight="semibold">
            {row.lastName} {row.firstName}
          </Text>
          {row.email ? (
            <Text size={200} className={styles.email}>
              {row.email}
            </Text>
          ) : null}
        </span>
      ),
    },
    {
      id: 'type',
      header: a.type,
      width: '220px',
      cell: (row) => (
        <span className={styles.type}>
          {fr.roles[row.role]}
          {row.status === 'PENDING' ? (
            <Badge appearance="tint" color="warning">
              {a.pending}
            </Badge>
          ) : null}
          {row.status === 'DISABLED' ? (
            <Badge appearance="tint" color="subtle">
              {a.disabled}
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      id: 'impersonate',
      card: 'actions',
      header: a.impersonate,
      width: '200px',
      cell: (row) => {
        // Only another, active account can be entered (docs/decisions.md, login-as).
        if (row.id === me.id || row.status !== 'ACTIVE' || !row.email) return null;
        const email = row.email;
        return pendingEmail === email ? (
          <Spinner size="tiny" label={a.signInAs} />
        ) : (
          <Link as="button" disabled={pendingEmail !== null} onClick={() => void impersonate(email)}>
            {a.signInAs}
          </Link>
        );
      },
    },
    {
      id: 'edit',
      card: 'actions',
      header: a.edit,
      width: '120px',
      align: 'end',
      cell: (row) => (
        <Button
          appearance="subtle"
          icon={<EditRegular />}
          aria-label={`${a.edit} ${row.lastName} ${row.firstName}`}
          onClick={() => navigate(`/dashboard/seetheaccount/${row.databaseId}`)}
        />
      ),
    },
  ];

  return (
    <section>
      <PageHeader
        title={a.title}
        actions={
          <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => navigate('/dashboard/bailiffaccount')}>
            {a.create}
          </Button>
        }
      />
      <DataTable
        label={a.title}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        emptyText={a.empty}
        loading={loading}
        pagination={pagination}
        search={{
          onSearch: (keyword) => reload((count) => refetch({ keyword: keyword || null, count })),
        }}
      />
    </section>
  );
}
