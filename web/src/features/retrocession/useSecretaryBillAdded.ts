/**
 * Live admin 'Factures': while it is open, `secretaryBillAdded` brings every bill a secretary
 * uploads, and the list fetches its period again when the bill belongs to it (the bills are a
 * plain list the store could not insert into in the server's order).
 */
import { graphql } from 'react-relay/hooks';
import type { useSecretaryBillAddedSubscription } from '../../__generated__/useSecretaryBillAddedSubscription.graphql';
import { useLiveEvent } from '../../relay/useLiveEvent';
import type { RetrocessionPeriodFilter } from './RetrocessionFilters';

const subscription = graphql`
  subscription useSecretaryBillAddedSubscription {
    secretaryBillAdded {
      year
      month
      secretary {
        id
      }
    }
  }
`;

export function useSecretaryBillAdded(shown: RetrocessionPeriodFilter, onAdded: () => void): void {
  useLiveEvent<useSecretaryBillAddedSubscription>(
    subscription,
    ({ secretaryBillAdded: bill }) =>
      bill.year === shown.year &&
      (shown.month == null || bill.month === shown.month) &&
      (shown.secretaryId == null || bill.secretary.id === shown.secretaryId),
    onAdded,
  );
}
