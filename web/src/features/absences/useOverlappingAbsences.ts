// The user's absences already reported on the days being typed in « Signaler une absence ou un
// congé », so the form can say so before a second absence covers the same days.
import { useEffect, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay/hooks';
import type { useOverlappingAbsencesQuery } from '../../__generated__/useOverlappingAbsencesQuery.graphql';
import type { AbsenceDays, DayRange } from './calendarRange';

/** Enough to name them: more than a few overlapping absences is already a mistake to look at. */
const SHOWN = 5;

const query = graphql`
  query useOverlappingAbsencesQuery($from: String!, $to: String!, $count: Int!) {
    myAbsences(from: $from, to: $to, first: $count) {
      edges {
        node {
          startDate
          endDate
        }
      }
    }
  }
`;

/** The absences overlapping `range` (none while it is not a valid range, or not yet read). */
export function useOverlappingAbsences(range: DayRange | null): readonly AbsenceDays[] {
  const environment = useRelayEnvironment();
  const key = range ? `${range.from}/${range.to}` : '';
  const [found, setFound] = useState<{ key: string; absences: readonly AbsenceDays[] }>({ key: '', absences: [] });
  useEffect(() => {
    if (!key) return;
    const [from, to] = key.split('/');
    const subscription = fetchQuery<useOverlappingAbsencesQuery>(environment, query, { from, to, count: SHOWN }).subscribe({
      next: (data) => setFound({ key, absences: data.myAbsences.edges.map((edge) => edge.node) }),
      // A warning only: without it the form still works, and the server checks the dates.
      error: () => {},
    });
    return () => subscription.unsubscribe();
  }, [environment, key]);
  return found.key === key ? found.absences : [];
}
