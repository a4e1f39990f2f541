import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Text,
  ToggleButton,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular } from '@fluentui/react-icons/svg/chevron-left';
import { ChevronRightRegular } from '@fluentui/react-icons/svg/chevron-right';
import { InfoRegular } from '@fluentui/react-icons/svg/info';
import Calendar from 'react-calendar';
import 'react-calendar/dist/Calendar.css';
import { graphql, useFragment } from 'react-relay/hooks';
import type { AbsenceCalendarFragment$key } from '../../__generated__/AbsenceCalendarFragment.graphql';
import { fr } from '../../i18n/fr';
import { addDays, dateOf, dayOf, firstOfMonth, weekdayIndex, type Day } from '../../ui/days';
import { formatDate } from '../../ui/format';
import { monthName } from '../../ui/periods';
import { onPhone, phoneQuery } from '../../ui/breakpoints';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { AbsenceAgenda, AbsenceDetails, type Absence } from './AbsenceAgenda';
import { absencesOn, agendaOf, agendaRange, shiftAnchor, visibleRange, type CalendarView } from './calendarRange';
import { absencesText as t } from '../../i18n/absences';
import type { CalendarPeriod } from './useCalendarPeriod';

/** product.md §2: events are pink; three per day cell, then '+ n autres'. */
const CHIPS_PER_DAY = 3;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    // A phone's narrow width goes to the agenda and the toolbar's buttons.
    [onPhone]: { padding: tokens.spacingHorizontalM },
  },
  // Wraps rather than overflows when the week's title is long.
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
  // Wraps on a phone, where « Aujourd'hui », « Précédent » and « Suivant » do not fit one line.
  group: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalXS,
    rowGap: tokens.spacingVerticalXS,
    alignItems: 'center',
  },
  title: { whiteSpace: 'nowrap' },
  viewButton: { minWidth: 'auto' },
  status: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalM,
    minHeight: '24px',
  },
  legend: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground2 },
  swatch: {
    width: '14px',
    height: '14px',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorPalettePinkBackground2,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPalettePinkBorderActive}`,
  },
  empty: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, color: tokens.colorNeutralForeground3 },
  chip: {
    display: 'block',
    width: '100%',
    boxSizing: 'border-box',
    padding: `1px ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusSmall,
    borderLeft: `3px solid ${tokens.colorPalettePinkBorderActive}`,
    backgroundColor: tokens.colorPalettePinkBackground2,
    color: tokens.colorPalettePinkForeground2,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    fontWeight: tokens.fontWeightMedium,
    textAlign: 'left',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    cursor: 'pointer',
    // WCAG 1.4.3: white on the pink border colour is 3.8:1; on the chip's dark pink text colour it passes.
    ':hover': { backgroundColor: tokens.colorPalettePinkForeground2, color: tokens.colorNeutralForegroundOnBrand },
  },
  // WCAG 2.5.8: the week view's stacked events are buttons, each at least 24 px high.
  chipButton: {
    minHeight: '24px',
    border: 'none',
    borderLeft: `3px solid ${tokens.colorPalettePinkBorderActive}`,
    fontFamily: tokens.fontFamilyBase,
  },
  more: { fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3, paddingLeft: tokens.spacingHorizontalXS },
  events: { display: 'flex', flexDirection: 'column', rowGap: '2px', width: '100%', marginTop: tokens.spacingVerticalXXS },
  // react-calendar's month grid as an agenda: tall day cells with their events.
  month: {
    // Two classes: over react-calendar's own 350px-wide, bordered box.
    '&.react-calendar': { width: '100%', maxWidth: '100%', border: 'none', fontFamily: tokens.fontFamilyBase },
    '& .react-calendar__month-view__weekdays': {
      textTransform: 'capitalize',
      fontSize: tokens.fontSizeBase200,
      fontWeight: tokens.fontWeightSemibold,
      color: tokens.colorNeutralForeground3,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
    '& .react-calendar__month-view__weekdays abbr': { textDecoration: 'none' },
    '& .react-calendar__month-view__days': {
      borderLeft: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
    '& .react-calendar__tile': {
      height: '108px',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'flex-start',
      justifyContent: 'flex-start',
      padding: tokens.spacingHorizontalXS,
      overflow: 'hidden',
      fontFamily: tokens.fontFamilyBase,
      fontSize: tokens.fontSizeBase300,
      color: tokens.colorNeutralForeground1,
      backgroundColor: tokens.colorNeutralBackground1,
      borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
    '& .react-calendar__tile:enabled:hover, & .react-calendar__tile:enabled:focus': {
      backgroundColor: tokens.colorNeutralBackground1Hover,
    },
    '& .react-calendar__tile abbr': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      minWidth: '24px',
      height: '24px',
      borderRadius: tokens.borderRadiusCircular,
      fontWeight: tokens.fontWeightSemibold,
    },
    '& .react-calendar__month-view__days__day--weekend': {
      color: tokens.colorNeutralForeground1,
      backgroundColor: tokens.colorNeutralBackground2,
    },
    // The neighbouring months' days are dimmed, yet still readable (WCAG 1.4.3: 5.9:1, not 1.9:1).
    '& .react-calendar__month-view__days__day--neighboringMonth': { color: tokens.colorNeutralForeground3 },
    '& .react-calendar__tile--now, & .react-calendar__tile--now:enabled:hover': { backgroundColor: tokens.colorBrandBackground2 },
    '& .react-calendar__tile--now abbr': { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand },
  },
  week: {
    display: 'grid',
    gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  weekDay: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    minHeight: '240px',
    padding: tokens.spacingHorizontalXS,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':last-child': { borderRight: 'none' },
  },
  weekToday: { backgroundColor: tokens.colorBrandBackground2 },
  weekHeader: {
    paddingBottom: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
    fontWeight: tokens.fontWeightSemibold,
    textAlign: 'center',
  },
});

type Selection = { kind: 'day'; day: Day } | { kind: 'absence'; id: string } | null;

function rangeTitle(view: CalendarView, anchor: Day): string {
  if (view === 'month') return `${monthName(Number(anchor.slice(5, 7)))} ${anchor.slice(0, 4)}`;
  if (view === 'day') return `${t.weekdays[weekdayIndex(anchor)]} ${formatDate(anchor)}`;
  const { from, to } = visibleRange('week', anchor);
  return t.weekTitle(formatDate(from), formatDate(to));
}

/** Who is absent (admins) or 'Indisponibilité' with its comment (one's own calendar). */
function chipLabel(absence: Absence, showNames: boolean): string {
  if (showNames) return absence.user.fullName;
  return absence.comment.trim() || t.legend;
}

/**
 * The absences calendar of product.md §2 (month view, 'Indisponibilité' in pink, the French labels),
 * shared by the admin's « Absences » and the bailiffs' and secretaries' own calendars. A click on
 * a day or an event shows who is absent, when, and why.
 */
export function AbsenceCalendar({
  absences,
  period,
  showNames,
}: {
  absences: AbsenceCalendarFragment$key;
  period: CalendarPeriod;
  /** Everyone's calendar names the absent person; one's own shows the comment. */
  showNames: boolean;
}) {
  const styles = useStyles();
  const data = useFragment(
    graphql`
      fragment AbsenceCalendarFragment on Absence @relay(plural: true) {
        id
        startDate
        endDate
        comment
        user {
          fullName
        }
      }
    `,
    absences,
  );
  const [selection, setSelection] = useState<Selection>(null);
  const { view, anchor, navigate, pending } = period;
  const today = dayOf(new Date());
  // On a phone, the month and week grids give way to an agenda of the same period (labels in full).
  const phone = useMediaQuery(phoneQuery);
  const agenda = phone && view !== 'day' ? agendaOf(data, agendaRange(view, anchor)) : null;

  const chip = (absence: Absence, asButton: boolean) => {
    const label = chipLabel(absence, showNames);
    const open = () => setSelection({ kind: 'absence', id: absence.id });
    return asButton ? (
      <button
        key={absence.id}
        type="button"
        className={mergeClasses(styles.chip, styles.chipButton)}
        title={label}
        onClick={open}
        data-testid="absence-event"
      >
        {label}
      </button>
    ) : (
      // Inside the day's button: a span (no nested buttons), which the day's click opens (see
      // onClickDay); the day's details also list it.
      <span key={absence.id} className={styles.chip} title={label} data-testid="absence-event" data-absence-id={absence.id}>
        {label}
      </span>
    );
  };

  const dayEvents = (day: Day) => {
    const events = absencesOn(data, day);
    if (events.length === 0) return null;
    return (
      <span className={styles.events}>
        {events.slice(0, CHIPS_PER_DAY).map((absence) => chip(absence, false))}
        {events.length > CHIPS_PER_DAY ? <span className={styles.more}>{t.more(events.length - CHIPS_PER_DAY)}</span> : null}
      </span>
    );
  };

  const selected =
    selection?.kind === 'day'
      ? { title: t.dayTitle(formatDate(selection.day)), absences: absencesOn(data, selection.day) }
      : selection?.kind === 'absence'
        ? (() => {
            const absence = data.find((item) => item.id === selection.id);
            return absence ? { title: showNames ? absence.user.fullName : t.legend, absences: [absence] } : null;
          })()
        : null;

  return (
    <div className={styles.root} role="region" aria-label={t.calendar}>
      <div className={styles.toolbar}>
        <div className={styles.group}>
          <Button onClick={() => navigate(view, today)}>{t.today}</Button>
          <Button appearance="subtle" icon={<ChevronLeftRegular />} onClick={() => navigate(view, shiftAnchor(view, anchor, -1))}>
            {t.previous}
          </Button>
          <Button
            appearance="subtle"
            icon={<ChevronRightRegular />}
            iconPosition="after"
            onClick={() => navigate(view, shiftAnchor(view, anchor, 1))}
          >
            {t.next}
          </Button>
        </div>
        <Text as="h2" size={400} weight="semibold" className={styles.title} aria-live="polite">
          {rangeTitle(view, anchor)}
        </Text>
        <div className={styles.group} role="group" aria-label={t.calendar}>
          {(['month', 'week', 'day'] as const).map((choice) => (
            <ToggleButton
              key={choice}
              className={styles.viewButton}
              checked={view === choice}
              appearance={view === choice ? 'primary' : 'secondary'}
              onClick={() => navigate(choice, anchor)}
            >
              {t.views[choice]}
            </ToggleButton>
          ))}
        </div>
      </div>
      <div className={styles.status}>
        <span className={styles.legend}>
          <span className={styles.swatch} aria-hidden />
          <Text>{t.legend}</Text>
        </span>
        {pending ? (
          <Spinner size="extra-tiny" label={fr.loading} />
        ) : (agenda ? agenda.length === 0 : data.length === 0) ? (
          <Text className={styles.empty} role="status">
            <InfoRegular aria-hidden />
            {t.empty}
          </Text>
        ) : null}
      </div>

      {agenda ? (
        <AbsenceAgenda days={agenda} showNames={showNames} />
      ) : view === 'month' ? (
        <Calendar
          className={styles.month}
          locale="fr-FR"
          view="month"
          minDetail="month"
          maxDetail="month"
          showNavigation={false}
          activeStartDate={dateOf(firstOfMonth(anchor))}
          value={null}
          onClickDay={(date, event) => {
            // A click on one of the day's chips opens that absence; anywhere else, the day.
            const chip = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-absence-id]') : null;
            const id = chip?.dataset.absenceId;
            setSelection(id ? { kind: 'absence', id } : { kind: 'day', day: dayOf(date) });
          }}
          tileContent={({ date, view: tileView }) => (tileView === 'month' ? dayEvents(dayOf(date)) : null)}
        />
      ) : view === 'week' ? (
        <div className={styles.week}>
          {Array.from({ length: 7 }, (_, index) => addDays(visibleRange('week', anchor).from, index)).map((day) => (
            <div key={day} className={mergeClasses(styles.weekDay, day === today && styles.weekToday)}>
              <Button appearance="transparent" className={styles.weekHeader} onClick={() => setSelection({ kind: 'day', day })}>
                {`${t.weekdays[weekdayIndex(day)].slice(0, 3)}. ${formatDate(day).slice(0, 5)}`}
              </Button>
              {absencesOn(data, day).map((absence) => chip(absence, true))}
            </div>
          ))}
        </div>
      ) : (
        <AbsenceDetails absences={absencesOn(data, anchor)} showNames={showNames} />
      )}

      <Dialog open={selected !== null} onOpenChange={(_, state) => !state.open && setSelection(null)}>
        <DialogSurface>
          {selected ? (
            <DialogBody>
              <DialogTitle>{selected.title}</DialogTitle>
              <DialogContent>
                <AbsenceDetails absences={selected.absences} showNames={showNames} />
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => setSelection(null)}>
                  {fr.close}
                </Button>
              </DialogActions>
            </DialogBody>
          ) : null}
        </DialogSurface>
      </Dialog>
    </div>
  );
}
