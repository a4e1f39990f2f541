import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { AbsenceCalendarFragment$data } from '../../__generated__/AbsenceCalendarFragment.graphql';
import { weekdayIndex } from '../../ui/days';
import { formatDate } from '../../ui/format';
import { absencesText as t } from '../../i18n/absences';
import type { AgendaDay } from './calendarRange';

export type Absence = AbsenceCalendarFragment$data[number];

const useStyles = makeStyles({
  agenda: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL, margin: 0, padding: 0, listStyle: 'none' },
  day: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  dayTitle: {
    margin: 0,
    paddingBottom: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
  },
  dayList: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  detail: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderLeft: `4px solid ${tokens.colorPalettePinkBorderActive}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    // A name or a comment wraps: never cut.
    overflowWrap: 'anywhere',
  },
  detailMeta: { color: tokens.colorNeutralForeground2 },
  noComment: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
});

/** Who is absent (or 'Indisponibilité' on one's own calendar), when, and why. */
export function AbsenceDetails({ absences, showNames }: { absences: readonly Absence[]; showNames: boolean }) {
  const styles = useStyles();
  if (absences.length === 0) return <Text className={styles.noComment}>{t.dayEmpty}</Text>;
  return (
    <ul className={styles.dayList} aria-label={t.legend}>
      {absences.map((absence) => (
        <li key={absence.id} className={styles.detail}>
          <Text weight="semibold">{showNames ? absence.user.fullName : t.legend}</Text>
          <Text size={200} className={styles.detailMeta}>
            {t.period(formatDate(absence.startDate), formatDate(absence.endDate))}
          </Text>
          {absence.comment.trim() ? <Text>{absence.comment}</Text> : <Text className={styles.noComment}>{t.noComment}</Text>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The calendar on a phone: no grid of seven narrow columns that would cut every name, but the
 * shown period's absences day after day, in full.
 */
export function AbsenceAgenda({ days, showNames }: { days: readonly AgendaDay<Absence>[]; showNames: boolean }) {
  const styles = useStyles();
  return (
    <ol className={styles.agenda} aria-label={t.agenda} data-testid="absence-agenda">
      {days.map(({ day, absences }) => (
        <li key={day} className={styles.day}>
          <Text as="h3" size={300} weight="semibold" className={styles.dayTitle}>
            {`${t.weekdays[weekdayIndex(day)]} ${formatDate(day)}`}
          </Text>
          <AbsenceDetails absences={absences} showNames={showNames} />
        </li>
      ))}
    </ol>
  );
}
