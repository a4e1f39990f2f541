import { useState } from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { graphql, usePaginationFragment } from 'react-relay/hooks';
import { ConnectionHandler } from 'relay-runtime';
import type { AdminRetrocessionBillsPageFragment$key } from '../../__generated__/AdminRetrocessionBillsPageFragment.graphql';
import type { AdminRetrocessionBillsPagePaginationQuery } from '../../__generated__/AdminRetrocessionBillsPagePaginationQuery.graphql';
import type { AdminRetrocessionBillsPageQuery } from '../../__generated__/AdminRetrocessionBillsPageQuery.graphql';
import type { AdminRetrocessionBillsPageRemoveMutation } from '../../__generated__/AdminRetrocessionBillsPageRemoveMutation.graphql';
import { fr } from '../../i18n/fr';
import { useCommit } from '../../relay/commit';
import { addToCount } from '../../relay/storeValues';
import { PageHeader } from '../../ui/PageHeader';
import { useToast } from '../../ui/toasts';
import { useConnectionPages } from '../../ui/useConnectionPages';
import { PeriodTotalsBox } from './PeriodTotalsBox';
import { retrocessionText } from '../../i18n/retrocession';
import { RetrocessionFilters } from './RetrocessionFilters';
import { SecretaryBillsTable } from './SecretaryBillsTable';
import { usePageStyles, usePeriodFilter } from './periodFilter';
import { RETROCESSION_ROWS, retrocessionPageVariables } from './pageVariables';
import { useOpeningQuery } from '../../relay/useOpeningQuery';
import type { ScreenProps } from '../../app/routing/screen';
import { useSecretaryBillAdded } from './useSecretaryBillAdded';

/** The period's bills, a page at a time (product.md §9: rétrocession tables show 10 rows); admins remove one from its preview. */
function BillsList({ query }: { query: AdminRetrocessionBillsPageFragment$key }) {
  const commit = useCommit();
  const toast = useToast();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    AdminRetrocessionBillsPagePaginationQuery,
    AdminRetrocessionBillsPageFragment$key
  >(
    graphql`
      fragment AdminRetrocessionBillsPageFragment on Query
      @refetchable(queryName: "AdminRetrocessionBillsPagePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }, filter: { type: "RetrocessionFilter!" }) {
        retrocession(filter: $filter) {
          bills(first: $count, after: $cursor) @connection(key: "AdminRetrocessionBillsPage_bills") {
            __id
            totalCount
            edges {
              node {
                ...SecretaryBillsTableFragment
              }
            }
          }
        }
      }
    `,
    query,
  );
  const connectionId = data.retrocession.bills.__id;
  const { rows, loading, pagination } = useConnectionPages(
    data.retrocession.bills,
    { hasNext, isLoadingNext, loadNext },
    { rowsPerPageOptions: RETROCESSION_ROWS },
  );

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
      // The row leaves the period's pages at once, and the pager counts one less.
      updater: (store, response) => {
        const connection = store.get(connectionId);
        const removed = response?.removeSecretaryBill.removedBillId;
        if (!connection || !removed) return;
        ConnectionHandler.deleteNode(connection, removed);
        addToCount(connection, 'totalCount', -1);
      },
    }).then((response) => toast('success', response.removeSecretaryBill.message));

  return <SecretaryBillsTable bills={rows} viewer="admin" pagination={pagination} loading={loading} onRemove={remove} />;
}

/**
 * product.md §2, admin 'Rétrocession > Factures': the same filters and totals, then the secretaries who
 * uploaded a bill for the period, each with its invoice preview.
 */
export default function AdminRetrocessionBillsPage({ queryRef }: ScreenProps<AdminRetrocessionBillsPageQuery>) {
  const styles = usePageStyles();
  const { filter, setFilter, shown, pending } = usePeriodFilter();
  // Bumped by a bill uploaded for the shown (or loading) period: the query fetches again, the list stays.
  const [fetchKey, setFetchKey] = useState(0);
  useSecretaryBillAdded([shown, filter], () => setFetchKey((key) => key + 1));
  const data = useOpeningQuery<AdminRetrocessionBillsPageQuery>(
    graphql`
      query AdminRetrocessionBillsPageQuery($filter: RetrocessionFilter!, $count: Int!) {
        ...RetrocessionFiltersFragment
        retrocession(filter: $filter) {
          totals {
            ...PeriodTotalsBoxFragment
          }
        }
        ...AdminRetrocessionBillsPageFragment @arguments(filter: $filter, count: $count)
      }
    `,
    queryRef,
    retrocessionPageVariables(shown),
    { fetchPolicy: 'store-and-network', fetchKey },
  );

  return (
    <section>
      <PageHeader title={fr.titles.retrocessionBills} />
      <div className={mergeClasses(styles.stack, pending && styles.pending)} aria-busy={pending}>
        <RetrocessionFilters value={filter} onChange={setFilter} secretaries={data} wholeYear />
        <PeriodTotalsBox rule="retrocession" totals={data.retrocession.totals} hint={retrocessionText.totals.hint} />
        <BillsList key={JSON.stringify(shown)} query={data} />
      </div>
    </section>
  );
}
