/**
 * Live rétrocession constats: while a 'Rétrocession > Constats' screen is open, a change to a
 * constat of the shown period (new one, counts, secretary, status) makes it fetch the period
 * again, totals included. A constat that left the viewer's sight (`report: null`, e.g. reassigned
 * away from the secretary) may have been on screen: the period is fetched again as well.
 * `periods`: the one shown and, while another loads, that one too (its change must not be missed).
 */
import { graphql } from 'react-relay/hooks';
import type { useRetrocessionReportChangedSubscription } from '../../__generated__/useRetrocessionReportChangedSubscription.graphql';
import { useLiveEvent } from '../../relay/useLiveEvent';
import type { RetrocessionPeriodFilter } from './pageVariables';
import { createdInPeriod } from './rules';

const subscription = graphql`
  subscription useRetrocessionReportChangedSubscription {
    reportChanged {
      report {
        createdAt
      }
    }
  }
`;

export function useRetrocessionReportChanged(periods: readonly RetrocessionPeriodFilter[], onChanged: () => void): void {
  useLiveEvent<useRetrocessionReportChangedSubscription>(
    subscription,
    ({ reportChanged: { report } }) => report == null || periods.some((period) => createdInPeriod(new Date(report.createdAt), period)),
    onChanged,
  );
}
