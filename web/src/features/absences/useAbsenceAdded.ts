/**
 * Live admin calendars (no polling): while one is open, `absenceAdded` brings every absence
 * declared by a bailiff or a secretary, and the calendar fetches its days again when the new
 * absence falls on them (the list is not a connection the store could insert into).
 */
import { useMemo, useRef } from 'react';
import { graphql, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useAbsenceAddedSubscription } from '../../__generated__/useAbsenceAddedSubscription.graphql';
import { absencesIn, type DayRange } from './calendarRange';

const subscription = graphql`
  subscription useAbsenceAddedSubscription {
    absenceAdded {
      startDate
      endDate
    }
  }
`;

export function useAbsenceAdded(range: DayRange, onAdded: () => void): void {
  // The latest period and callback, read when an event arrives without re-subscribing.
  const latest = useRef({ range, onAdded });
  latest.current = { range, onAdded };
  const config = useMemo<GraphQLSubscriptionConfig<useAbsenceAddedSubscription>>(
    () => ({
      subscription,
      variables: {},
      onNext: (data) => {
        const absence = data?.absenceAdded;
        if (absence && absencesIn([absence], latest.current.range).length > 0) latest.current.onAdded();
      },
      // Live updates are a comfort: a failure must not break the screen (spec §8: ignored).
      onError: () => {},
    }),
    [],
  );
  useSubscription(config);
}
