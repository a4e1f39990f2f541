import { useDeferredValue, useState, useTransition } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SettingsRegular } from '@fluentui/react-icons/svg/settings';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { BillingPageQuery } from '../../__generated__/BillingPageQuery.graphql';
import type { BillingTableFragment$key } from '../../__generated__/BillingTableFragment.graphql';
import type { BillingTablePaginationQuery } from '../../__generated__/BillingTablePaginationQuery.graphql';
import { fr } from '../../i18n/fr';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { DocumentViewer, type ViewedDocument } from '../../ui/DocumentViewer';
import { ExplainedLabel } from '../../ui/ExplainedLabel';
import { formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { MonthSelect, YearSelect } from '../../ui/PeriodSelects';
import { monthName, parisYearMonth } from '../../ui/periods';
import { RouterLink } from '../../ui/RouterLink';
import { useConnectionPages } from '../../ui/useConnectionPages';
import { BillActions, BillNumberCell, PaidCheckbox, SentDot } from './BillCells';
import { PeriodTotalsBox } from '../retrocession/PeriodTotalsBox';
import { BillSelectionDialog } from './BillSelectionDialog';
import { billingText, SELLER_SETTINGS_PATH } from '../../i18n/billing';
import { useBillingChanged } from './useBillingChanged';
import { BILLING_PAGE, billingPageVariables } from './pageVariables';
import { useOpeningQuery } from '../../relay/useOpeningQuery';
import type { ScreenProps } from '../../app/routing/screen';

/** product.md §9: period filters offer the years from 2020 to the current one. */
const FIRST_YEAR = 2020;

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS },
  year: { minWidth: '120px' },
  month: { minWidth: '160px' },
  totals: { marginBottom: tokens.spacingVerticalXL },
  client: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  number: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  scope: { display: 'flex', flexDirection: 'column', marginTop: tokens.spacingVerticalM, marginBottom: tokens.spacingVerticalS },
});

/**
 * Études a page, 100 by default (the server's page, product.md §15): an office bills tens of études a
 * month and sees them all at once, as before the pages; past 100, the tables' own pager.
 */
const ROWS_PER_PAGE = [25, 50, 100] as const;

/** One row per étude with counted constats or a bill that month, in pages. */
function BillingTable({ query, loading, sellerReady }: { query: BillingTableFragment$key; loading: boolean; sellerReady: boolean }) {
  const styles = useStyles();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<BillingTablePaginationQuery, BillingTableFragment$key>(
    graphql`
      fragment BillingTableFragment on Query
      @refetchable(queryName: "BillingTablePaginationQuery")
      @argumentDefinitions(
        year: { type: "Int!" }
        month: { type: "Int!" }
        count: { type: "Int", defaultValue: 100 }
        cursor: { type: "String" }
      ) {
        billingPeriod(year: $year, month: $month) {
          isCurrent
          groups(first: $count, after: $cursor) @connection(key: "BillingTable_groups") {
            totalCount
            edges {
              node {
                __id
                year
                month
                billableReportCount
                group {
                  id
                  databaseId
                  name
                  city
                  email
                }
                billableTotals {
                  reports
                  textPages
                  photos
                  amountHT
                }
                bill {
                  ...BillCellsFragment
                }
              }
            }
          }
        }
      }
    `,
    query,
  );
  const {
    rows,
    loading: paging,
    pagination,
  } = useConnectionPages(
    data.billingPeriod.groups,
    { hasNext, isLoadingNext, loadNext },
    { rowsPerPageOptions: ROWS_PER_PAGE, defaultRowsPerPage: BILLING_PAGE },
  );
  const [selecting, setSelecting] = useState<string | null>(null);
  // The selection dialog reads its constats before it opens; the rows stay live meanwhile, so that the focus
  // stays on the clicked button and returns to it when the dialog closes.
  const [, startOpening] = useTransition();
  const [viewed, setViewed] = useState<ViewedDocument | null>(null);
  const t = billingText.table;
  type Row = (typeof rows)[number];
  const figure = (value: string | number) => <span className={styles.number}>{value}</span>;
  // A row's figures are always what is left to bill (what the selection offers), never the
  // month's constats (the box above) nor the bill's (its own cell): one scope a column.
  const figures = (row: Row) => row.billableTotals;
  const columns: DataTableColumn<Row>[] = [
    {
      id: 'client',
      card: 'title',
      header: t.client,
      cell: (row) => (
        <span className={styles.client}>
          {/* product.md §2: the client name links to the étude's form. */}
          <RouterLink to={`/dashboard/creerungroupe/${row.group.databaseId}/`}>{row.group.name}</RouterLink>
          <Text size={200} className={styles.muted}>
            {row.group.city}
          </Text>
        </span>
      ),
    },
    { id: 'reports', header: t.reports, width: '66px', align: 'end', cell: (row) => figure(figures(row).reports) },
    {
      id: 'textPages',
      header: (
        <ExplainedLabel rule="billing" of="textPages">
          {t.textPages}
        </ExplainedLabel>
      ),
      width: '64px',
      align: 'end',
      cell: (row) => figure(figures(row).textPages),
    },
    { id: 'photos', header: t.photos, width: '56px', align: 'end', cell: (row) => figure(figures(row).photos) },
    {
      id: 'amount',
      header: (
        <ExplainedLabel rule="billing" of="amount">
          {t.amountHT}
        </ExplainedLabel>
      ),
      width: '92px',
      align: 'end',
      cell: (row) => figure(formatMoney(figures(row).amountHT)),
    },
    {
      id: 'bill',
      header: t.bill,
      width: '140px',
      cell: (row) => <BillNumberCell bill={row.bill} billableCount={row.billableReportCount} />,
    },
    { id: 'sent', header: t.sent, width: '60px', align: 'center', cell: (row) => <SentDot bill={row.bill} /> },
    {
      id: 'paid',
      header: t.paid,
      width: '80px',
      align: 'center',
      cell: (row) => <PaidCheckbox bill={row.bill} client={row.group.name} />,
    },
    {
      id: 'actions',
      card: 'actions',
      header: t.actions,
      width: '176px',
      align: 'end',
      cell: (row) => (
        <BillActions
          bill={row.bill}
          client={row.group.name}
          email={row.group.email}
          onSelect={() => startOpening(() => setSelecting(row.group.id))}
          onView={setViewed}
        />
      ),
    },
  ];
  const selected = data.billingPeriod.groups.edges.map((edge) => edge.node).find((row) => row.group.id === selecting);
  const isCurrent = data.billingPeriod.isCurrent;
  return (
    <>
      <div className={styles.scope}>
        <Text weight="semibold">{t.toBillTitle(isCurrent)}</Text>
        <Text size={200} className={styles.muted}>
          {t.toBillHint(isCurrent)}
        </Text>
      </div>
      <DataTable
        label={t.label}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.group.id}
        emptyText={t.empty}
        loading={loading || paging}
        pagination={pagination}
      />
      {selected ? (
        <BillSelectionDialog
          row={{
            recordId: selected.__id,
            groupId: selected.group.id,
            groupName: selected.group.name,
            year: selected.year,
            month: selected.month,
          }}
          canGenerate={data.billingPeriod.isCurrent}
          sellerReady={sellerReady}
          onClose={() => setSelecting(null)}
        />
      ) : null}
      <DocumentViewer document={viewed} onClose={() => setViewed(null)} />
    </>
  );
}

/**
 * product.md §2 admin 'Facturation' (/dashboard/facturation-admin, /facturation, /Facturationtable):
 * year and month filters, the period totals, one row per étude with its bill (product.md §4 lifecycle:
 * generated, sent, paid), the report-selection dialog and the generation of the current month's bills.
 */
export default function BillingPage({ queryRef }: ScreenProps<BillingPageQuery>) {
  const styles = useStyles();
  const [period, setPeriod] = useState(() => parisYearMonth());
  // The selects follow at once; the table keeps the previous month, busy and inert, until the next one is loaded,
  // so no action can be taken on a month the selects no longer show.
  const shown = useDeferredValue(period);
  const changing = shown !== period;
  // Bumped by a live change of the shown (or loading) month: the query fetches again, the table stays.
  const [fetchKey, setFetchKey] = useState(0);
  useBillingChanged([shown, period], () => setFetchKey((key) => key + 1));
  const data = useOpeningQuery<BillingPageQuery>(
    graphql`
      query BillingPageQuery($year: Int!, $month: Int!, $count: Int!) {
        sellerSettings {
          legalName
        }
        billingPeriod(year: $year, month: $month) {
          totals {
            ...PeriodTotalsBoxFragment
          }
        }
        ...BillingTableFragment @arguments(year: $year, month: $month, count: $count)
      }
    `,
    queryRef,
    billingPageVariables(shown),
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const navigate = useNavigate();
  const sellerReady = data.sellerSettings !== null;
  const change = (next: Partial<typeof period>) => setPeriod((current) => ({ ...current, ...next }));
  return (
    <section>
      <PageHeader
        title={fr.titles.billing}
        actions={
          <div className={styles.filters}>
            <YearSelect firstYear={FIRST_YEAR} value={period.year} className={styles.year} onChange={(year) => year && change({ year })} />
            <MonthSelect value={period.month} className={styles.month} onChange={(month) => month && change({ month })} />
            <Button appearance="secondary" icon={<SettingsRegular />} onClick={() => navigate(SELLER_SETTINGS_PATH)}>
              {billingText.settings.open}
            </Button>
          </div>
        }
      />
      {/* product.md §11: no bill before the seller is known; the admin is led to the settings. */}
      {sellerReady ? null : (
        <MessageBar intent="warning" className={styles.totals}>
          <MessageBarBody>{billingText.settings.required}</MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" onClick={() => navigate(SELLER_SETTINGS_PATH)}>
              {billingText.settings.fill}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {/* The rétrocession's 'CUMUL PÉRIODE' box: the month's constats, counted for billing. */}
      <div className={styles.totals}>
        <PeriodTotalsBox
          totals={data.billingPeriod.totals}
          rule="billing"
          title={billingText.table.monthTitle}
          hint={billingText.table.monthHint(`${monthName(shown.month).toLocaleLowerCase('fr')} ${shown.year}`)}
        />
      </div>
      <CsvExportButton params={{ list: 'billing', year: period.year, month: period.month }} />
      {/* Another month starts again from its first page. */}
      <BillingTable key={`${shown.year}-${shown.month}`} query={data} loading={changing} sellerReady={sellerReady} />
    </section>
  );
}
