/**
 * Live admin calendars: while one is open, `absenceAdded` brings every absence declared by a
 * bailiff or a secretary, and the calendar fetches its days again when the new absence falls on
 * them (the list is not a connection the store could insert into).
 */
import { graphql } from 'react-relay/hooks';
import type { useAbsenceAddedSubscription } from '../../__generated__/useAbsenceAddedSubscription.graphql';
import { useLiveEvent } from '../../relay/useLiveEvent';
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
  useLiveEvent<useAbsenceAddedSubscription>(subscription, (event) => absencesIn([event.absenceAdded], range).length > 0, onAdded);
}
