/**
 * Live 'Facturation' (no polling): while it is open, the shown month fetches again when another
 * admin generates, sends or marks a bill of that month or a later one (`billingChanged`), or when
 * a report of that month or an earlier one changes (`reportChanged`: its billing counts make it
 * billable, or not, and an unbilled report stays billable in the months after its own).
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

const notAfter = (a: Period, b: Period) => a.year * 12 + a.month <= b.year * 12 + b.month;

export function useBillingChanged(period: Period, onChanged: () => void): void {
  // The latest month and callback, read when an event arrives without re-subscribing.
  const latest = useRef({ period, onChanged });
  latest.current = { period, onChanged };
  const bills = useMemo<GraphQLSubscriptionConfig<useBillingChangedBillSubscription>>(
    () => ({
      subscription: billSubscription,
      variables: {},
      onNext: (data) => {
        // A bill claims reports of its month and earlier ones: those months' rows change too.
        if (data && notAfter(latest.current.period, data.billingChanged)) latest.current.onChanged();
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
        // A report counts from the month it was created in (Paris time).
        if (report && notAfter(parisYearMonth(new Date(report.createdAt as string)), latest.current.period)) latest.current.onChanged();
      },
      onError: () => {},
    }),
    [],
  );
  useSubscription(bills);
  useSubscription(reports);
}
