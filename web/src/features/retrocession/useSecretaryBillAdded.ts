/**
 * Live admin 'Factures': while it is open, `secretaryBillAdded` brings every bill a secretary
 * uploads, and the list fetches its period again when the bill belongs to it (the bills are a
 * page in the server's order, which the store could not insert into at its place). `periods`: the
 * one shown and, while another loads, that one too (its bill must not be missed).
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

export function useSecretaryBillAdded(periods: readonly RetrocessionPeriodFilter[], onAdded: () => void): void {
  useLiveEvent<useSecretaryBillAddedSubscription>(
    subscription,
    ({ secretaryBillAdded: bill }) =>
      periods.some(
        (period) =>
          bill.year === period.year &&
          (period.month == null || bill.month === period.month) &&
          (period.secretaryId == null || bill.secretary.id === period.secretaryId),
      ),
    onAdded,
  );
}
