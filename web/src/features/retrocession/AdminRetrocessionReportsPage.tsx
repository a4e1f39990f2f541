import { useState } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { graphql } from 'react-relay/hooks';
import type { AdminRetrocessionReportsPageQuery } from '../../__generated__/AdminRetrocessionReportsPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { PageHeader } from '../../ui/PageHeader';
import { PeriodTotalsBox } from './PeriodTotalsBox';
import { retrocessionText } from '../../i18n/retrocession';
import { RetrocessionFilters } from './RetrocessionFilters';
import { RetrocessionReportsTable } from './RetrocessionReportsTable';
import { usePageStyles, usePeriodFilter } from './periodFilter';
import { retrocessionPageVariables, toApiFilter } from './pageVariables';
import { useOpeningQuery } from '../../relay/useOpeningQuery';
import type { ScreenProps } from '../../app/routing/screen';
import { useRetrocessionReportChanged } from './useRetrocessionReportChanged';

/** product.md §2, admin 'Rétrocession > Constats': filters, 'CUMUL PÉRIODE', the period's constats. */
export default function AdminRetrocessionReportsPage({ queryRef }: ScreenProps<AdminRetrocessionReportsPageQuery>) {
  const styles = usePageStyles();
  const { filter, setFilter, shown, pending } = usePeriodFilter();
  // Bumped by a change to a constat of the shown (or loading) period: the query fetches again, the rows stay.
  const [fetchKey, setFetchKey] = useState(0);
  useRetrocessionReportChanged([shown, filter], () => setFetchKey((key) => key + 1));
  const data = useOpeningQuery<AdminRetrocessionReportsPageQuery>(
    graphql`
      query AdminRetrocessionReportsPageQuery($filter: RetrocessionFilter!, $count: Int!) {
        ...RetrocessionFiltersFragment
        retrocession(filter: $filter) {
          totals {
            ...PeriodTotalsBoxFragment
          }
        }
        ...RetrocessionReportsTableFragment @arguments(filter: $filter, count: $count)
      }
    `,
    queryRef,
    retrocessionPageVariables(shown),
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  return (
    <section>
      <PageHeader title={fr.titles.retrocessionReports} />
      <div className={mergeClasses(styles.stack, pending && styles.pending)} aria-busy={pending}>
        <RetrocessionFilters value={filter} onChange={setFilter} secretaries={data} wholeYear />
        <PeriodTotalsBox rule="retrocession" totals={data.retrocession.totals} hint={retrocessionText.totals.hint} />
        <CsvExportButton params={{ list: 'retrocession', ...toApiFilter(shown) }} />
        <RetrocessionReportsTable key={JSON.stringify(shown)} query={data} viewer="admin" />
      </div>
    </section>
  );
}
