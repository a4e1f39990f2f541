import { useState } from 'react';
import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { graphql, usePreloadedQuery, usePaginationFragment } from 'react-relay/hooks';
import type { ApiTokensPageFragment$key } from '../../__generated__/ApiTokensPageFragment.graphql';
import type { ApiTokensPagePaginationQuery } from '../../__generated__/ApiTokensPagePaginationQuery.graphql';
import type { ApiTokensPageQuery } from '../../__generated__/ApiTokensPageQuery.graphql';
import type { ApiTokensPageRevokeMutation } from '../../__generated__/ApiTokensPageRevokeMutation.graphql';
import { fr } from '../../i18n/fr';
import { useCommit } from '../../relay/commit';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { formatDateTime } from '../../ui/format';
import { useToast } from '../../ui/toasts';
import { useConnectionPages } from '../../ui/useConnectionPages';
import { CreateApiTokenDialog } from './CreateApiTokenDialog';
import type { ScreenProps } from '../../app/routing/screen';
import { useSession } from '../../app/session/sessionContext';

const a = fr.apiTokens;

const useStyles = makeStyles({
  stacked: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
});

interface Row {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly lastUsedAt: string | null | undefined;
  readonly lastUsedIp: string | null | undefined;
  readonly scopes: readonly string[];
  readonly groups: readonly { readonly id: string; readonly name: string }[];
  readonly creator: { readonly firstName: string; readonly lastName: string };
}

const statusColor = { ACTIVE: 'success', EXPIRED: 'warning', REVOKED: 'danger' } as const;

/**
 * /dashboard/jetons-api (every role): personal API tokens, created with their scopes, listed with
 * their last use, revoked; an admin sees and revokes everyone's.
 */
export default function ApiTokensPage({ queryRef }: ScreenProps<ApiTokensPageQuery>) {
  const styles = useStyles();
  const { session } = useSession();
  const role = session.status === 'authenticated' ? session.user.role : null;
  const commit = useCommit();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const query = usePreloadedQuery<ApiTokensPageQuery>(
    graphql`
      query ApiTokensPageQuery {
        apiTokenScopeChoices
        ...ApiTokensPageFragment
      }
    `,
    queryRef,
  );
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<
    ApiTokensPagePaginationQuery,
    ApiTokensPageFragment$key
  >(
    graphql`
      fragment ApiTokensPageFragment on Query
      @refetchable(queryName: "ApiTokensPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        apiTokens(first: $count, after: $cursor) @connection(key: "ApiTokensPage_apiTokens") {
          totalCount
          edges {
            node {
              id
              name
              status
              createdAt
              expiresAt
              lastUsedAt
              lastUsedIp
              scopes
              groups {
                id
                name
              }
              creator {
                firstName
                lastName
              }
            }
          }
        }
      }
    `,
    query,
  );
  const { rows, loading, pagination, reload } = useConnectionPages<Row>(data.apiTokens, { hasNext, isLoadingNext, loadNext });

  const revoke = async (row: Row) => {
    setBusy(true);
    try {
      await commit<ApiTokensPageRevokeMutation>({
        mutation: graphql`
          mutation ApiTokensPageRevokeMutation($input: RevokeApiTokenInput!) {
            revokeApiToken(input: $input) {
              apiToken {
                id
                status
              }
            }
          }
        `,
        variables: { input: { id: row.id } },
      });
      toast('success', a.revoked);
      setRevoking(null);
    } catch {
      // useCommit told the user.
    } finally {
      setBusy(false);
    }
  };

  const columns: DataTableColumn<Row>[] = [
    { id: 'name', card: 'title', header: a.name, cell: (row) => <Text weight="semibold">{row.name}</Text> },
    { id: 'creator', header: a.creator, cell: (row) => `${row.creator.lastName} ${row.creator.firstName}` },
    {
      id: 'scopes',
      header: a.scopes,
      cell: (row) => (
        <span className={styles.stacked}>
          <Text>{row.scopes.map((scope) => a.scopeLabels[scope] ?? scope).join(', ')}</Text>
          {row.groups.length > 0 ? (
            <Text size={200} className={styles.muted}>
              {`${a.groups} : ${row.groups.map((group) => group.name).join(', ')}`}
            </Text>
          ) : null}
        </span>
      ),
    },
    { id: 'createdAt', header: a.createdAt, width: '150px', cell: (row) => formatDateTime(row.createdAt) },
    {
      id: 'lastUse',
      header: a.lastUse,
      cell: (row) =>
        row.lastUsedAt ? (
          <span className={styles.stacked}>
            <Text>{formatDateTime(row.lastUsedAt)}</Text>
            <Text size={200} className={styles.muted}>
              {row.lastUsedIp}
            </Text>
          </span>
        ) : (
          <Text className={styles.muted}>{a.never}</Text>
        ),
    },
    { id: 'expiresAt', header: a.expiry, width: '150px', cell: (row) => formatDateTime(row.expiresAt) },
    {
      id: 'status',
      card: 'status',
      header: a.status,
      width: '110px',
      cell: (row) => (
        <Badge appearance="tint" color={statusColor[row.status as keyof typeof statusColor] ?? 'informative'}>
          {a.statuses[row.status] ?? row.status}
        </Badge>
      ),
    },
    {
      id: 'revoke',
      card: 'actions',
      header: a.revoke,
      width: '120px',
      align: 'end',
      cell: (row) =>
        row.status === 'ACTIVE' ? (
          <Button appearance="subtle" aria-label={`${a.revoke} ${row.name}`} onClick={() => setRevoking(row)}>
            {a.revoke}
          </Button>
        ) : null,
    },
  ];

  return (
    <section>
      <PageHeader
        title={fr.titles.apiTokens}
        description={a.description}
        actions={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
            {a.create}
          </Button>
        }
      />
      <DataTable
        label={fr.titles.apiTokens}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        emptyText={a.empty}
        loading={loading}
        pagination={pagination}
      />
      {creating ? (
        <CreateApiTokenDialog
          scopeChoices={query.apiTokenScopeChoices}
          canLimitGroups={role === 'ADMIN'}
          onCreated={() => reload((count) => refetch({ count }, { fetchPolicy: 'network-only' }))}
          onClose={() => setCreating(false)}
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        message={revoking ? a.revokeQuestion(revoking.name) : ''}
        busy={busy}
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
