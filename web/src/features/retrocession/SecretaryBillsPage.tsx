import { useDeferredValue, useState } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import type { SecretaryBillsPageFragment$key } from '../../__generated__/SecretaryBillsPageFragment.graphql';
import type { SecretaryBillsPagePaginationQuery } from '../../__generated__/SecretaryBillsPagePaginationQuery.graphql';
import type { SecretaryBillsPageQuery } from '../../__generated__/SecretaryBillsPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';
import { YearSelect } from '../../ui/PeriodSelects';
import { parisYearMonth } from '../../ui/periods';
import { ROWS_PER_PAGE_BAILIFF, useConnectionPages } from '../../ui/useConnectionPages';
import { SecretaryBillUpload } from './SecretaryBillUpload';
import { SecretaryBillsTable } from './SecretaryBillsTable';
import { FIRST_YEAR } from '../../i18n/retrocession';
import { secretaryBillsPageVariables } from './pageVariables';
import { useOpeningQuery } from '../../relay/useOpeningQuery';
import type { ScreenProps } from '../../app/routing/screen';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL },
  year: { maxWidth: '160px' },
  pending: { opacity: 0.6 },
});

function BillsList({ query }: { query: SecretaryBillsPageFragment$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    SecretaryBillsPagePaginationQuery,
    SecretaryBillsPageFragment$key
  >(
    graphql`
      fragment SecretaryBillsPageFragment on Query
      @refetchable(queryName: "SecretaryBillsPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }, filter: { type: "SecretaryBillFilter" }) {
        secretaryBills(filter: $filter, first: $count, after: $cursor)
          @connection(key: "SecretaryBillsPage_secretaryBills", filters: ["filter"]) {
          totalCount
          edges {
            node {
              ...SecretaryBillsTableFragment
            }
          }
        }
      }
    `,
    query,
  );
  const { rows, loading, pagination } = useConnectionPages(
    data.secretaryBills,
    { hasNext, isLoadingNext, loadNext },
    { rowsPerPageOptions: ROWS_PER_PAGE_BAILIFF },
  );
  return <SecretaryBillsTable bills={rows} viewer="secretary" pagination={pagination} loading={loading} />;
}

/**
 * product.md §2, the secretary's 'MES FACTURES': the current month's bill to deposit (the box of
 * 'RÉTROCESSION', where the news tells her to deposit it), then her monthly bills of a year, 10 to 50 a page.
 */
export default function SecretaryBillsPage({ queryRef }: ScreenProps<SecretaryBillsPageQuery>) {
  const styles = useStyles();
  const [current] = useState(() => parisYearMonth());
  const [year, setYear] = useState(current.year);
  // The select follows at once; the list keeps the previous year until the next one is loaded.
  const shownYear = useDeferredValue(year);
  const pending = shownYear !== year;
  // Bumped by a bill deposited here: the list fetches again and shows it.
  const [fetchKey, setFetchKey] = useState(0);
  const data = useOpeningQuery<SecretaryBillsPageQuery>(
    graphql`
      query SecretaryBillsPageQuery($filter: SecretaryBillFilter!, $count: Int!, $current: RetrocessionFilter!) {
        retrocession(filter: $current) {
          ...SecretaryBillUploadFragment
        }
        ...SecretaryBillsPageFragment @arguments(filter: $filter, count: $count)
      }
    `,
    queryRef,
    secretaryBillsPageVariables(shownYear, current),
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  return (
    <section>
      <PageHeader title={fr.titles.bills} />
      <div className={styles.stack}>
        <SecretaryBillUpload period={data.retrocession} onUploaded={() => setFetchKey((key) => key + 1)} />
        <div className={mergeClasses(styles.stack, pending && styles.pending)} aria-busy={pending}>
          <YearSelect className={styles.year} firstYear={FIRST_YEAR} value={year} onChange={(next) => next !== null && setYear(next)} />
          <BillsList key={shownYear} query={data} />
        </div>
      </div>
    </section>
  );
}
