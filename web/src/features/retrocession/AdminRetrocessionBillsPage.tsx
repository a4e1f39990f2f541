import { useState } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { AdminRetrocessionBillsPageQuery } from '../../__generated__/AdminRetrocessionBillsPageQuery.graphql';
import type { AdminRetrocessionBillsPageRemoveMutation } from '../../__generated__/AdminRetrocessionBillsPageRemoveMutation.graphql';
import { fr } from '../../i18n/fr';
import { useCommit } from '../../relay/commit';
import { PageHeader } from '../../ui/PageHeader';
import { useToast } from '../../ui/toasts';
import { PeriodTotalsBox } from './PeriodTotalsBox';
import { RetrocessionFilters } from './RetrocessionFilters';
import { SecretaryBillsTable } from './SecretaryBillsTable';
import { toApiFilter, usePageStyles, usePeriodFilter } from './periodFilter';
import { useSecretaryBillAdded } from './useSecretaryBillAdded';

/**
 * Spec §2, admin 'Rétrocession > Factures': the same filters and totals, then the secretaries who
 * uploaded a bill for the period, each with its invoice preview.
 */
export default function AdminRetrocessionBillsPage() {
  const styles = usePageStyles();
  const commit = useCommit();
  const toast = useToast();
  const { filter, setFilter, shown, pending } = usePeriodFilter();
  // Bumped by a bill uploaded for the shown period: the query fetches again, the list stays.
  const [fetchKey, setFetchKey] = useState(0);
  useSecretaryBillAdded(shown, () => setFetchKey((key) => key + 1));
  const data = useLazyLoadQuery<AdminRetrocessionBillsPageQuery>(
    graphql`
      query AdminRetrocessionBillsPageQuery($filter: RetrocessionFilter!) {
        ...RetrocessionFiltersFragment
        retrocession(filter: $filter) {
          __id
          totals {
            ...PeriodTotalsBoxFragment
          }
          bills {
            ...SecretaryBillsTableFragment
          }
        }
      }
    `,
    { filter: toApiFilter(shown) },
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const periodId = data.retrocession.__id;

  const remove = (billId: string) =>
    commit<AdminRetrocessionBillsPageRemoveMutation>({
      mutation: graphql`
        mutation AdminRetrocessionBillsPageRemoveMutation($input: RemoveSecretaryBillInput!) {
          removeSecretaryBill(input: $input) {
            message
            removedBillId
          }
        }
      `,
      variables: { input: { billId } },
      // The row leaves the period's list at once.
      updater: (store, response) => {
        const period = store.get(periodId);
        const removed = response?.removeSecretaryBill.removedBillId;
        if (!period || !removed) return;
        const bills = period.getLinkedRecords('bills') ?? [];
        period.setLinkedRecords(
          bills.filter((bill) => bill?.getDataID() !== removed),
          'bills',
        );
      },
    }).then((response) => toast('success', response.removeSecretaryBill.message));

  return (
    <section>
      <PageHeader title={fr.titles.retrocessionBills} />
      <div className={mergeClasses(styles.stack, pending && styles.pending)} aria-busy={pending}>
        <RetrocessionFilters value={filter} onChange={setFilter} secretaries={data} wholeYear />
        <PeriodTotalsBox totals={data.retrocession.totals} />
        <SecretaryBillsTable bills={data.retrocession.bills} viewer="admin" onRemove={remove} />
      </div>
    </section>
  );
}
