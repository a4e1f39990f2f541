import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import type { RetrocessionReportsTableFragment$key } from '../../__generated__/RetrocessionReportsTableFragment.graphql';
import type { RetrocessionReportsTablePaginationQuery } from '../../__generated__/RetrocessionReportsTablePaginationQuery.graphql';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { formatDateTime, formatMoney } from '../../ui/format';
import { useConnectionPages } from '../../ui/useConnectionPages';
import { DetectionFlag } from '../reports/DetectionFlag';
import { FileGroupCell } from '../reports/ReportCells';
import { ReportComments } from '../reports/ReportComments';
import { UserInfoLink } from '../reports/UserInfoDialog';
import { RetrocessionDetails } from './RetrocessionDetails';
import { retrocessionText } from '../../i18n/retrocession';
import { RETROCESSION_ROWS } from './pageVariables';

const t = retrocessionText.reports;

const useStyles = makeStyles({
  name: { display: 'block', minWidth: '200px', fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  amount: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

/** Admins see every secretary's constats (Secrétaire column); a secretary sees her own. */
export type RetrocessionViewer = 'admin' | 'secretary';

/**
 * product.md §2: the constats of a rétrocession period (Date, Huissier, Secrétaire, Nom du constat,
 * Éléments déposés, Date retour, €), 10 a page, each expandable to its read-only rétrocession.
 */
export function RetrocessionReportsTable({ query, viewer }: { query: RetrocessionReportsTableFragment$key; viewer: RetrocessionViewer }) {
  const styles = useStyles();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    RetrocessionReportsTablePaginationQuery,
    RetrocessionReportsTableFragment$key
  >(
    graphql`
      fragment RetrocessionReportsTableFragment on Query
      @refetchable(queryName: "RetrocessionReportsTablePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }, filter: { type: "RetrocessionFilter!" }) {
        retrocession(filter: $filter) {
          reports(first: $count, after: $cursor) @connection(key: "RetrocessionReportsTable_reports") {
            totalCount
            edges {
              node {
                id
                name
                createdAt
                returnedAt
                bailiff {
                  ...UserInfoLinkFragment
                }
                secretary {
                  fullName
                }
                deposited {
                  count
                  totalSize
                  archiveUrl
                }
                retrocessionAmounts {
                  total
                }
                ...RetrocessionDetailsFragment
                ...ReportCommentsFragment
                ...DetectionFlagFragment
              }
            }
          }
        }
      }
    `,
    query,
  );
  const { rows, loading, pagination } = useConnectionPages(
    data.retrocession.reports,
    { hasNext, isLoadingNext, loadNext },
    { rowsPerPageOptions: RETROCESSION_ROWS },
  );
  type Row = (typeof rows)[number];

  const columns: (DataTableColumn<Row> | null)[] = [
    { id: 'date', header: t.date, cell: (row) => <span className={styles.nowrap}>{formatDateTime(row.createdAt)}</span> },
    { id: 'bailiff', header: t.bailiff, cell: (row) => <UserInfoLink user={row.bailiff} /> },
    viewer === 'admin'
      ? {
          id: 'secretary',
          header: t.secretary,
          cell: (row) => row.secretary?.fullName ?? <Text className={styles.muted}>-</Text>,
        }
      : null,
    {
      id: 'name',
      card: 'title',
      header: t.name,
      cell: (row) => (
        <span className={styles.name}>
          {row.name}
          <DetectionFlag report={row} line="retrocession" />
        </span>
      ),
    },
    {
      id: 'deposited',
      header: t.deposited,
      cell: (row) => <FileGroupCell group={row.deposited} label={`${t.deposited} ${row.name}`} />,
    },
    {
      id: 'returnedAt',
      header: t.returnedAt,
      cell: (row) =>
        row.returnedAt ? <span className={styles.nowrap}>{formatDateTime(row.returnedAt)}</span> : <Text className={styles.muted}>-</Text>,
    },
    {
      id: 'amount',
      header: t.amount,
      width: '92px',
      align: 'end',
      cell: (row) => <span className={styles.amount}>{row.retrocessionAmounts ? formatMoney(row.retrocessionAmounts.total) : '-'}</span>,
    },
    // product.md §2: the secretary's table has the comment dialog; admins reach it from the expanded row.
    viewer === 'secretary'
      ? { id: 'comments', card: 'actions', header: t.comments, align: 'center', cell: (row) => <ReportComments report={row} /> }
      : null,
  ];

  return (
    <DataTable
      label={t.label}
      // Columns sized by their content, so the report name takes what the dates and figures leave.
      fitContent
      columns={columns.filter((column): column is DataTableColumn<Row> => column !== null)}
      rows={rows}
      getRowId={(row) => row.id}
      emptyText={t.empty}
      loading={loading}
      pagination={pagination}
      renderExpanded={(row) => (
        <RetrocessionDetails report={row}>{viewer === 'admin' ? <ReportComments report={row} /> : null}</RetrocessionDetails>
      )}
    />
  );
}
