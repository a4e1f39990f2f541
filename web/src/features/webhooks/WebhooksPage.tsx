import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay/hooks';
import type { WebhooksPageFragment$key } from '../../__generated__/WebhooksPageFragment.graphql';
import type { WebhooksPageRefetchQuery } from '../../__generated__/WebhooksPageRefetchQuery.graphql';
import type { WebhooksPageQuery } from '../../__generated__/WebhooksPageQuery.graphql';
import type { WebhooksPageDeleteMutation } from '../../__generated__/WebhooksPageDeleteMutation.graphql';
import type { WebhookDeliveriesFragment$key } from '../../__generated__/WebhookDeliveriesFragment.graphql';
import { fr } from '../../i18n/fr';
import { useCommit } from '../../relay/commit';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { formatDateTime } from '../../ui/format';
import { useToast } from '../../ui/toasts';
import type { ScreenProps } from '../../app/routing/screen';
import { CreateWebhookDialog } from './CreateWebhookDialog';
import { WebhookDeliveries } from './WebhookDeliveries';

const w = fr.webhooks;

const useStyles = makeStyles({
  url: { wordBreak: 'break-all', fontFamily: tokens.fontFamilyMonospace },
});

interface Row {
  readonly id: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly createdAt: string;
  readonly creator: { readonly firstName: string; readonly lastName: string };
  readonly ' $fragmentSpreads': WebhookDeliveriesFragment$key[' $fragmentSpreads'];
}

/**
 * /dashboard/webhooks (admins): the webhooks, added with their events (the secret shown once),
 * deleted after a confirmation; each row opens its deliveries, with « Renvoyer ».
 */
export default function WebhooksPage({ queryRef }: ScreenProps<WebhooksPageQuery>) {
  const styles = useStyles();
  const commit = useCommit();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const query = usePreloadedQuery<WebhooksPageQuery>(
    graphql`
      query WebhooksPageQuery {
        ...WebhooksPageFragment
      }
    `,
    queryRef,
  );
  // At most 20 webhooks (the server's ceiling): one page holds them all.
  const [data, refetch] = useRefetchableFragment<WebhooksPageRefetchQuery, WebhooksPageFragment$key>(
    graphql`
      fragment WebhooksPageFragment on Query @refetchable(queryName: "WebhooksPageRefetchQuery") {
        webhooks(first: 20) {
          edges {
            node {
              id
              url
              events
              createdAt
              creator {
                firstName
                lastName
              }
              ...WebhookDeliveriesFragment
            }
          }
        }
      }
    `,
    query,
  );
  const rows: Row[] = data.webhooks.edges.map((edge) => edge.node);
  const reload = () => refetch({}, { fetchPolicy: 'network-only' });

  const remove = async (row: Row) => {
    setBusy(true);
    try {
      await commit<WebhooksPageDeleteMutation>({
        mutation: graphql`
          mutation WebhooksPageDeleteMutation($input: DeleteWebhookInput!) {
            deleteWebhook(input: $input) {
              deletedWebhookId
            }
          }
        `,
        variables: { input: { id: row.id } },
      });
      toast('success', w.removed);
      setRemoving(null);
      reload();
    } catch {
      // useCommit told the user.
    } finally {
      setBusy(false);
    }
  };

  const columns: DataTableColumn<Row>[] = [
    { id: 'url', card: 'title', header: w.url, cell: (row) => <Text className={styles.url}>{row.url}</Text> },
    { id: 'events', header: w.events, cell: (row) => row.events.map((event) => w.eventLabels[event] ?? event).join(', ') },
    { id: 'creator', header: w.creator, cell: (row) => `${row.creator.lastName} ${row.creator.firstName}` },
    { id: 'createdAt', header: w.createdAt, width: '150px', cell: (row) => formatDateTime(row.createdAt) },
    {
      id: 'remove',
      card: 'actions',
      header: w.remove,
      width: '120px',
      align: 'end',
      cell: (row) => (
        <Button appearance="subtle" aria-label={`${w.remove} ${row.url}`} onClick={() => setRemoving(row)}>
          {w.remove}
        </Button>
      ),
    },
  ];

  return (
    <section>
      <PageHeader
        title={fr.titles.webhooks}
        description={w.description}
        actions={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
            {w.create}
          </Button>
        }
      />
      <DataTable
        label={fr.titles.webhooks}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        emptyText={w.empty}
        renderExpanded={(row) => <WebhookDeliveries webhook={row} url={row.url} />}
      />
      {creating ? <CreateWebhookDialog onCreated={reload} onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={removing !== null}
        message={removing ? w.removeQuestion(removing.url) : ''}
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
