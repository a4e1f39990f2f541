/**
 * Live 'Facturation': while it is open, the shown month fetches again when another
 * admin generates, sends or marks a bill of that month or a later one (`billingChanged`), or when
 * a report of that month or an earlier one changes (`reportChanged`: its billing counts make it
 * billable, or not, and an unbilled report stays billable in the months after its own).
 */
import { graphql } from 'react-relay/hooks';
import type { useBillingChangedBillSubscription } from '../../__generated__/useBillingChangedBillSubscription.graphql';
import type { useBillingChangedReportSubscription } from '../../__generated__/useBillingChangedReportSubscription.graphql';
import { useLiveEvent } from '../../relay/useLiveEvent';
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

/**
 * `periods`: the month shown and, while another one loads, that one too; a change to the month
 * being loaded must not be missed because the screen still shows the previous one.
 */
export function useBillingChanged(periods: readonly Period[], onChanged: () => void): void {
  // A bill claims reports of its month and earlier ones: those months' rows change too.
  useLiveEvent<useBillingChangedBillSubscription>(
    billSubscription,
    (event) => periods.some((period) => notAfter(period, event.billingChanged)),
    onChanged,
  );
  // A report counts from the month it was created in (Paris time).
  useLiveEvent<useBillingChangedReportSubscription>(
    reportSubscription,
    ({ reportChanged: { report } }) =>
      report != null && periods.some((period) => notAfter(parisYearMonth(new Date(report.createdAt)), period)),
    onChanged,
  );
}
