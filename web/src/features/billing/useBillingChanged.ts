/**
 * Live 'Facturation' (no polling): while it is open, the shown month fetches again when another
 * admin generates, sends or marks a bill of that month (`billingChanged`), or when a report of
 * that month changes (`reportChanged`: its billing counts make it billable, or not).
 */
import { useMemo, useRef } from 'react';
import { graphql, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useBillingChangedBillSubscription } from '../../__generated__/useBillingChangedBillSubscription.graphql';
import type { useBillingChangedReportSubscription } from '../../__generated__/useBillingChangedReportSubscription.graphql';
import { parisYearMonth } from '../../ui/periods';

const billSubscription = graphql`
  subscription useBillingChangedBillSubscription {
    billingChanged {
      year
      month
    }
  }
`;

const reportSubscription = graphql`
  subscription useBillingChangedReportSubscription {
    reportChanged {
      report {
        createdAt
      }
    }
  }
`;

interface Period {
  year: number;
  month: number;
}

const sameMonth = (a: Period, b: Period) => a.year === b.year && a.month === b.month;

export function useBillingChanged(period: Period, onChanged: () => void): void {
  // The latest month and callback, read when an event arrives without re-subscribing.
  const latest = useRef({ period, onChanged });
  latest.current = { period, onChanged };
  const shown = (changed: Period) => sameMonth(changed, latest.current.period);
  const bills = useMemo<GraphQLSubscriptionConfig<useBillingChangedBillSubscription>>(
    () => ({
      subscription: billSubscription,
      variables: {},
      onNext: (data) => {
        if (data && shown(data.billingChanged)) latest.current.onChanged();
      },
      // Live updates are a comfort: a failure must not break the screen (spec §8: ignored).
      onError: () => {},
    }),
    [],
  );
  const reports = useMemo<GraphQLSubscriptionConfig<useBillingChangedReportSubscription>>(
    () => ({
      subscription: reportSubscription,
      variables: {},
      onNext: (data) => {
        const report = data?.reportChanged.report;
        // A report belongs to the month it was created in (Paris time).
        if (report && shown(parisYearMonth(new Date(report.createdAt as string)))) latest.current.onChanged();
      },
      onError: () => {},
    }),
    [],
  );
  useSubscription(bills);
  useSubscription(reports);
}
