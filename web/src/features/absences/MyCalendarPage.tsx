import { Button } from '@fluentui/react-components';
import { CalendarAddRegular } from '@fluentui/react-icons/svg/calendar-add';
import { graphql } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { MyCalendarPageQuery } from '../../__generated__/MyCalendarPageQuery.graphql';
import { fr } from '../../i18n/fr';
import { PageHeader } from '../../ui/PageHeader';
import { AbsenceCalendar } from './AbsenceCalendar';
import { absencesText as t } from '../../i18n/absences';
import { useCalendarPeriod } from './useCalendarPeriod';
import { calendarQueryVariables } from './calendarRange';
import { useOpeningQuery } from '../../relay/useOpeningQuery';
import type { ScreenProps } from '../../app/routing/screen';

/**
 * product.md §2 calendars of the bailiff (/dashboard/bailiffcalendar) and the secretary
 * (/dashboard/secretarycalendar): their own absences in pink, 'Indisponibilité'.
 */
export default function MyCalendarPage({ queryRef }: ScreenProps<MyCalendarPageQuery>) {
  const navigate = useNavigate();
  const period = useCalendarPeriod();
  const data = useOpeningQuery<MyCalendarPageQuery>(
    graphql`
      query MyCalendarPageQuery($from: String!, $to: String!, $count: Int!) {
        myAbsences(from: $from, to: $to, first: $count) {
          edges {
            node {
              ...AbsenceCalendarFragment
            }
          }
        }
      }
    `,
    queryRef,
    calendarQueryVariables(period.range),
    { fetchPolicy: 'store-and-network' },
  );
  return (
    <section>
      <PageHeader
        title={fr.titles.calendar}
        description={t.myDescription}
        actions={
          <Button appearance="primary" icon={<CalendarAddRegular />} onClick={() => navigate('/dashboard/createanalert')}>
            {t.report}
          </Button>
        }
      />
      <AbsenceCalendar absences={data.myAbsences.edges.map((edge) => edge.node)} period={period} showNames={false} />
    </section>
  );
}
