/**
 * Live admin 'Factures' (no polling): while it is open, `secretaryBillAdded` brings every bill a
 * secretary uploads, and the list fetches its period again when the bill belongs to it (the bills
 * are a plain list the store could not insert into in the server's order).
 */
import { useMemo, useRef } from 'react';
import { graphql, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useSecretaryBillAddedSubscription } from '../../__generated__/useSecretaryBillAddedSubscription.graphql';
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
  // The latest period and callback, read when an event arrives without re-subscribing.
  const latest = useRef({ shown, onAdded });
  latest.current = { shown, onAdded };
  const config = useMemo<GraphQLSubscriptionConfig<useSecretaryBillAddedSubscription>>(
    () => ({
      subscription,
      variables: {},
      onNext: (data) => {
        const bill = data?.secretaryBillAdded;
        const { shown: period, onAdded: added } = latest.current;
        if (
          bill &&
          bill.year === period.year &&
          (period.month == null || bill.month === period.month) &&
          (period.secretaryId == null || bill.secretary.id === period.secretaryId)
        ) {
          added();
        }
      },
      // Live updates are a comfort: a failure must not break the screen (spec §8: ignored).
      onError: () => {},
    }),
    [],
  );
  useSubscription(config);
}
