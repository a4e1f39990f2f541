/**
 * Live admin 'Factures': while it is open, `secretaryBillAdded` brings every bill a secretary
 * uploads, and the list fetches its period again when the bill belongs to it (the bills are a
 * page in the server's order, which the store could not insert into at its place).
 */
import { graphql } from 'react-relay/hooks';
import type { useSecretaryBillAddedSubscription } from '../../__generated__/useSecretaryBillAddedSubscription.graphql';
import { useLiveEvent } from '../../relay/useLiveEvent';
import type { RetrocessionPeriodFilter } from './pageVariables';

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
