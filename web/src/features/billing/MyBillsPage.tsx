import { useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import type { MyBillsPageFragment$key } from '../../__generated__/MyBillsPageFragment.graphql';
import type { MyBillsPagePaginationQuery } from '../../__generated__/MyBillsPagePaginationQuery.graphql';
import type { MyBillsPageQuery } from '../../__generated__/MyBillsPageQuery.graphql';
import { useSessionUser } from '../../app/session/sessionContext';
import { fr } from '../../i18n/fr';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { DocumentViewer, type ViewedDocument } from '../../ui/DocumentViewer';
import { ExplainedLabel } from '../../ui/ExplainedLabel';
import { DownloadFileButton, ViewFileButton } from '../../ui/FileButtons';
import { formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { YearSelect } from '../../ui/PeriodSelects';
import { monthName, ofPeriod, parisYearMonth } from '../../ui/periods';
import { ROWS_PER_PAGE_BAILIFF, useConnectionPages } from '../../ui/useConnectionPages';
import { billingText } from '../../i18n/billing';
import { myBillsPageVariables } from './pageVariables';
import { useOpeningQuery } from '../../relay/useOpeningQuery';
import type { ScreenProps } from '../../app/routing/screen';

const t = billingText.myBills;

/** product.md §9: the bailiff's bills are filtered by year from 2019. */
const FIRST_YEAR = 2019;

const useStyles = makeStyles({
  year: { minWidth: '140px' },
  month: { fontWeight: tokens.fontWeightSemibold },
  figure: { fontVariantNumeric: 'tabular-nums' },
});

/**
 * product.md §2 bailiff 'MES FACTURES' (/dashboard/mes-factures-huissier): his étude's bills of a year,
 * Mois, Nombre pages, Nombre photos, Montant HT, Voir, Télécharger. The admin's
 * /dashboard/mybillsbailiff shows the same list for every étude, with an Étude column.
 */
export default function MyBillsPage({ queryRef }: ScreenProps<MyBillsPageQuery>) {
  const styles = useStyles();
  const { role } = useSessionUser();
  const isAdmin = role === 'ADMIN';
  const [year, setYear] = useState(() => parisYearMonth().year);
  const [viewed, setViewed] = useState<ViewedDocument | null>(null);
  // The page query loads the current year once; another year is a refetch of the list.
  const [initialYear] = useState(year);
  const query = useOpeningQuery<MyBillsPageQuery>(
    graphql`
      query MyBillsPageQuery($filter: GroupBillFilter!, $count: Int!) {
        ...MyBillsPageFragment @arguments(filter: $filter, count: $count)
      }
    `,
    queryRef,
    myBillsPageVariables(initialYear),
    { fetchPolicy: 'store-and-network' },
  );
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<MyBillsPagePaginationQuery, MyBillsPageFragment$key>(
    graphql`
      fragment MyBillsPageFragment on Query
      @refetchable(queryName: "MyBillsPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }, filter: { type: "GroupBillFilter" }) {
        groupBills(first: $count, after: $cursor, filter: $filter) @connection(key: "MyBillsPage_groupBills", filters: ["filter"]) {
          totalCount
          edges {
            node {
              id
              year
              month
              groupName
              totalCountPages
              totalCountPhotos
              netAmountHT
              pdf {
                name
                url
                downloadUrl
              }
              xml {
                name
                url
                downloadUrl
              }
            }
          }
        }
      }
    `,
    query,
  );
  const { rows, loading, pagination, reload } = useConnectionPages(
    data.groupBills,
    { hasNext, isLoadingNext, loadNext },
    { rowsPerPageOptions: ROWS_PER_PAGE_BAILIFF },
  );
  type Row = (typeof rows)[number];

  const changeYear = (next: number | null) => {
    if (next === null) return;
    reload((count) => {
      setYear(next);
      refetch({ filter: { year: next }, count });
    });
  };

  // « d'octobre 2026 (Étude Martin) », after « la facture ».
  const ofRow = (row: Row) => ofPeriod(`${monthName(row.month)} ${row.year}${isAdmin ? ` (${row.groupName})` : ''}`);
  const columns: DataTableColumn<Row>[] = [
    ...(isAdmin ? [{ id: 'group', header: t.group, cell: (row: Row) => row.groupName }] : []),
    // With the Étude column, the étude's name takes the room left.
    {
      id: 'month',
      header: t.month,
      width: isAdmin ? '120px' : undefined,
      cell: (row) => <span className={styles.month}>{monthName(row.month)}</span>,
    },
    {
      id: 'pages',
      header: t.pages,
      align: 'end',
      width: '124px',
      cell: (row) => <span className={styles.figure}>{row.totalCountPages}</span>,
    },
    {
      id: 'photos',
      header: t.photos,
      align: 'end',
      width: '124px',
      cell: (row) => <span className={styles.figure}>{row.totalCountPhotos}</span>,
    },
    {
      id: 'amount',
      header: (
        <ExplainedLabel rule="billing" of="amount">
          {t.amountHT}
        </ExplainedLabel>
      ),
      align: 'end',
      width: '120px',
      cell: (row) => <span className={styles.figure}>{formatMoney(row.netAmountHT)}</span>,
    },
    {
      id: 'view',
      card: 'actions',
      header: t.view,
      align: 'center',
      width: '60px',
      cell: (row) => <ViewFileButton file={row.pdf} label={t.viewBill(ofRow(row))} onView={setViewed} />,
    },
    {
      id: 'download',
      card: 'actions',
      header: t.download,
      align: 'center',
      width: '100px',
      cell: (row) => <DownloadFileButton file={row.pdf} label={t.downloadBill(ofRow(row))} />,
    },
    // product.md §11: the factur-x.xml alone, for bills issued since Factur-X.
    {
      id: 'xml',
      card: 'actions',
      header: t.xml,
      align: 'center',
      width: '80px',
      cell: (row) => (row.xml ? <DownloadFileButton file={row.xml} label={t.downloadXml(ofRow(row))} /> : null),
    },
  ];

  const title = isAdmin ? fr.titles.groupBills : fr.titles.bills;
  return (
    <section>
      <PageHeader
        title={title}
        actions={<YearSelect firstYear={FIRST_YEAR} value={year} onChange={changeYear} className={styles.year} />}
      />
      <DataTable
        label={title}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        emptyText={t.empty}
        loading={loading}
        pagination={pagination}
      />
      <DocumentViewer document={viewed} onClose={() => setViewed(null)} />
    </section>
  );
}
