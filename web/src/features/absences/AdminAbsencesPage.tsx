import { useMemo, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { AdminAbsencesPageQuery } from '../../__generated__/AdminAbsencesPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';
import { AbsenceCalendar } from './AbsenceCalendar';
import { absencesText as t } from '../../i18n/absences';
import { useAbsenceAdded } from './useAbsenceAdded';
import { useCalendarPeriod } from './useCalendarPeriod';

/** Far above any office's absences over six weeks; sent as a variable (graphql-armor's cost rule). */
const MAX_ABSENCES = 500;

function AdminCalendar({ title, description, bailiffsOnly }: { title: string; description: string; bailiffsOnly: boolean }) {
  const period = useCalendarPeriod();
  // Bumped by a live absence on the shown days: the query fetches again, the calendar stays.
  const [fetchKey, setFetchKey] = useState(0);
  useAbsenceAdded(period.range, () => setFetchKey((key) => key + 1));
  const data = useLazyLoadQuery<AdminAbsencesPageQuery>(
    graphql`
      query AdminAbsencesPageQuery($from: String!, $to: String!, $count: Int!) {
        absences(from: $from, to: $to, first: $count) {
          edges {
            node {
              user {
                role
              }
              ...AbsenceCalendarFragment
            }
          }
        }
      }
    `,
    { ...period.range, count: MAX_ABSENCES },
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const absences = useMemo(
    () => data.absences.edges.map((edge) => edge.node).filter((node) => !bailiffsOnly || node.user.role === 'BAILIFF'),
    [data, bailiffsOnly],
  );
  return (
    <section>
      <PageHeader title={title} description={description} />
      <AbsenceCalendar absences={absences} period={period} showNames />
    </section>
  );
}

/** product.md §2 admin « Absences » (/dashboard/allAbsences): everyone's absences, month by month. */
export default function AdminAbsencesPage() {
  return <AdminCalendar title={fr.titles.absences} description={t.adminDescription} bailiffsOnly={false} />;
}

/** The admin's /dashboard/bailiffcalendar: the bailiffs' absences (docs/decisions.md). */
export function AdminBailiffCalendarPage() {
  return <AdminCalendar title={fr.titles.calendar} description={t.bailiffsDescription} bailiffsOnly />;
}
