import { useMemo, useState } from 'react';
import { graphql } from 'react-relay/hooks';
import type { AdminAbsencesPageQuery } from '../../__generated__/AdminAbsencesPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';
import { AbsenceCalendar } from './AbsenceCalendar';
import { absencesText as t } from '../../i18n/absences';
import { useAbsenceAdded } from './useAbsenceAdded';
import { useCalendarPeriod } from './useCalendarPeriod';
import { calendarQueryVariables } from './calendarRange';
import { useOpeningQuery } from '../../relay/useOpeningQuery';
import type { ScreenProps } from '../../app/routing/screen';

function AdminCalendar({
  title,
  description,
  bailiffsOnly,
  queryRef,
}: ScreenProps<AdminAbsencesPageQuery> & { title: string; description: string; bailiffsOnly: boolean }) {
  const period = useCalendarPeriod();
  // Bumped by a live absence on the shown days: the query fetches again, the calendar stays.
  const [fetchKey, setFetchKey] = useState(0);
  useAbsenceAdded(period.range, () => setFetchKey((key) => key + 1));
  const data = useOpeningQuery<AdminAbsencesPageQuery>(
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
    queryRef,
    calendarQueryVariables(period.range),
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
export default function AdminAbsencesPage({ queryRef }: ScreenProps<AdminAbsencesPageQuery>) {
  return <AdminCalendar title={fr.titles.absences} description={t.adminDescription} bailiffsOnly={false} queryRef={queryRef} />;
}

/** The admin's /dashboard/bailiffcalendar: the bailiffs' absences (docs/decisions.md). */
export function AdminBailiffCalendarPage({ queryRef }: ScreenProps<AdminAbsencesPageQuery>) {
  return <AdminCalendar title={fr.titles.calendar} description={t.bailiffsDescription} bailiffsOnly queryRef={queryRef} />;
}
