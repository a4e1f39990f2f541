import { useState } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { graphql } from 'react-relay/hooks';
import type { SecretaryRetrocessionPageQuery } from '../../__generated__/SecretaryRetrocessionPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { CsvExportButton } from '../../ui/CsvExportButton';
import { PageHeader } from '../../ui/PageHeader';
import { PeriodTotalsBox } from './PeriodTotalsBox';
import { retrocessionText } from '../../i18n/retrocession';
import { RetrocessionFilters } from './RetrocessionFilters';
import { RetrocessionReportsTable } from './RetrocessionReportsTable';
import { SecretaryBillUpload } from './SecretaryBillUpload';
import { usePageStyles, usePeriodFilter } from './periodFilter';
import { retrocessionPageVariables, toApiFilter } from './pageVariables';
import { useOpeningQuery } from '../../relay/useOpeningQuery';
import type { ScreenProps } from '../../app/routing/screen';
import { useRetrocessionReportChanged } from './useRetrocessionReportChanged';

/**
 * product.md §2, the secretary's 'RÉTROCESSION': year and month (her bill is monthly), the period's
 * totals, her bill of the month, her constats. The API only ever gives her own.
 */
export default function SecretaryRetrocessionPage({ queryRef }: ScreenProps<SecretaryRetrocessionPageQuery>) {
  const styles = usePageStyles();
  const { filter, setFilter, shown, pending } = usePeriodFilter();
  // Bumped by a change to a constat of the shown (or loading) period: the query fetches again, the rows stay.
  const [fetchKey, setFetchKey] = useState(0);
  useRetrocessionReportChanged([shown, filter], () => setFetchKey((key) => key + 1));
  const data = useOpeningQuery<SecretaryRetrocessionPageQuery>(
    graphql`
      query SecretaryRetrocessionPageQuery($filter: RetrocessionFilter!, $count: Int!) {
        retrocession(filter: $filter) {
          totals {
            ...PeriodTotalsBoxFragment
          }
          ...SecretaryBillUploadFragment
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
      <PageHeader title={fr.titles.secretaryRetrocession} />
      <div className={mergeClasses(styles.stack, pending && styles.pending)} aria-busy={pending}>
        <RetrocessionFilters value={filter} onChange={setFilter} />
        <PeriodTotalsBox rule="retrocession" totals={data.retrocession.totals} hint={retrocessionText.totals.secretaryHint} />
        <SecretaryBillUpload key={`${shown.year}-${shown.month}`} period={data.retrocession} />
        <CsvExportButton params={{ list: 'retrocession', ...toApiFilter(shown) }} />
        <RetrocessionReportsTable key={JSON.stringify(shown)} query={data} viewer="secretary" />
      </div>
    </section>
  );
}
