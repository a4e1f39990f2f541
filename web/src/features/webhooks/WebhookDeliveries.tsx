import { useState } from 'react';
import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/svg/arrow-clockwise';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import type { WebhookDeliveriesFragment$key } from '../../__generated__/WebhookDeliveriesFragment.graphql';
import type { WebhookDeliveriesPaginationQuery } from '../../__generated__/WebhookDeliveriesPaginationQuery.graphql';
import type { WebhookDeliveriesRedeliverMutation } from '../../__generated__/WebhookDeliveriesRedeliverMutation.graphql';
import { fr } from '../../i18n/fr';
import { useCommit } from '../../relay/commit';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { formatDateTime } from '../../ui/format';
import { useToast } from '../../ui/toasts';
import { useConnectionPages } from '../../ui/useConnectionPages';

const w = fr.webhooks;

const useStyles = makeStyles({
  answer: { wordBreak: 'break-word', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
});

interface Row {
  readonly id: string;
  readonly event: string;
  readonly status: string;
  readonly attempts: number;
  readonly occurredAt: string;
  readonly lastStatusCode: number | null | undefined;
  readonly lastAnswer: string | null | undefined;
}

const statusColor = { DELIVERED: 'success', PENDING: 'warning', FAILED: 'danger' } as const;

/** A webhook's deliveries, newest first (an expanded row of « Webhooks »), each with « Renvoyer ». */
export function WebhookDeliveries({ webhook, url }: { webhook: WebhookDeliveriesFragment$key; url: string }) {
  const styles = useStyles();
  const commit = useCommit();
  const toast = useToast();
  const [sending, setSending] = useState<string | null>(null);
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<
    WebhookDeliveriesPaginationQuery,
    WebhookDeliveriesFragment$key
  >(
    graphql`
      fragment WebhookDeliveriesFragment on Webhook
      @refetchable(queryName: "WebhookDeliveriesPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        deliveries(first: $count, after: $cursor) @connection(key: "WebhookDeliveries_deliveries") {
          totalCount
          edges {
            node {
              id
              event
              status
              attempts
              occurredAt
              lastStatusCode
              lastAnswer
            }
          }
        }
      }
    `,
    webhook,
  );
  const { rows, loading, pagination, reload } = useConnectionPages<Row>(data.deliveries, { hasNext, isLoadingNext, loadNext });

  const redeliver = async (row: Row) => {
    setSending(row.id);
    try {
      await commit<WebhookDeliveriesRedeliverMutation>({
        mutation: graphql`
          mutation WebhookDeliveriesRedeliverMutation($input: RedeliverWebhookDeliveryInput!) {
            redeliverWebhookDelivery(input: $input) {
              delivery {
                id
                status
                attempts
                lastStatusCode
                lastAnswer
              }
            }
          }
        `,
        variables: { input: { id: row.id } },
      });
      toast('success', w.redelivered);
    } catch {
      // useCommit told the user.
    } finally {
      setSending(null);
    }
  };

  const columns: DataTableColumn<Row>[] = [
    { id: 'date', header: w.date, width: '150px', cell: (row) => formatDateTime(row.occurredAt) },
    { id: 'event', card: 'title', header: w.event, cell: (row) => w.eventLabels[row.event] ?? row.event },
    {
      id: 'status',
      card: 'status',
      header: w.status,
      width: '120px',
      cell: (row) => (
        <Badge appearance="tint" color={statusColor[row.status as keyof typeof statusColor] ?? 'informative'}>
          {w.statuses[row.status] ?? row.status}
        </Badge>
      ),
    },
    { id: 'attempts', header: w.attempts, width: '80px', align: 'end', cell: (row) => row.attempts },
    {
      id: 'answer',
      header: w.answer,
      cell: (row) =>
        row.lastStatusCode != null || row.lastAnswer ? (
          <Text className={styles.answer}>
            {[row.lastStatusCode, row.lastAnswer].filter((part) => part != null && part !== '').join(' · ')}
          </Text>
        ) : (
          <Text className={styles.muted}>—</Text>
        ),
    },
    {
      id: 'redeliver',
      card: 'actions',
      header: w.redeliver,
      width: '120px',
      align: 'end',
      cell: (row) =>
        row.status === 'PENDING' ? null : (
          <Button appearance="subtle" disabled={sending === row.id} onClick={() => void redeliver(row)}>
            {w.redeliver}
          </Button>
        ),
    },
  ];

  return (
    <DataTable
      label={w.deliveries(url)}
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      emptyText={w.noDeliveries}
      loading={loading}
      pagination={pagination}
      dense
      actions={
        <Button
          appearance="subtle"
          icon={<ArrowClockwiseRegular />}
          onClick={() => reload((count) => refetch({ count }, { fetchPolicy: 'network-only' }))}
        >
          {w.refresh}
        </Button>
      }
    />
  );
}
