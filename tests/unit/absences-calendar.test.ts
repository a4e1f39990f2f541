import { calendarPathAfterReport, checkAbsenceDates } from '../../web/src/features/absences/absenceForm.js';
import { absencesIn, absencesOn, agendaOf, agendaRange, shiftAnchor, visibleRange } from '../../web/src/features/absences/calendarRange.js';
import { addDays, firstOfMonth, parseFrenchDay, parseIsoDay, startOfWeek, weekdayIndex } from '../../web/src/ui/days.js';

describe('calendar days', () => {
  it.each([
    ['21/11/2026', '2026-11-21'],
    ['1/3/2026', '2026-03-01'],
    [' 29/02/2024 ', '2024-02-29'],
    ['29/02/2026', null],
    ['31/04/2026', null],
    ['2026-11-21', null],
    ['21/11/26', null],
    ['', null],
  ])('parseFrenchDay(%p) ⇒ %p', (text, day) => {
    expect(parseFrenchDay(text)).toBe(day);
  });

  it.each([
    ['2027-02-10', '2027-02-10'],
    ['2024-02-29', '2024-02-29'],
    ['2026-02-29', null],
    ['2026-13-01', null],
    ['10/02/2027', null],
    ['2027-02-10T00:00', null],
    ['', null],
    [null, null],
  ])('parseIsoDay(%p) ⇒ %p (a calendar address names a real day or none)', (text, day) => {
    expect(parseIsoDay(text)).toBe(day);
  });

  it('adds days across months and years, weeks start on Monday', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayIndex('2026-11-23')).toBe(0); // a Monday
    expect(weekdayIndex('2026-11-22')).toBe(6); // a Sunday
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16');
    expect(firstOfMonth('2026-12-15', 1)).toBe('2027-01-01');
    expect(firstOfMonth('2026-01-31', -1)).toBe('2025-12-01');
  });
});

describe('absences calendar', () => {
  it.each([
    // November 2026 starts on a Sunday and ends on a Monday: six rows, Monday to Sunday.
    ['month', '2026-11-21', '2026-10-26', '2026-12-06'],
    ['month', '2026-02-10', '2026-01-26', '2026-03-01'],
    ['week', '2026-11-21', '2026-11-16', '2026-11-22'],
    ['day', '2026-11-21', '2026-11-21', '2026-11-21'],
  ] as const)('%s view around %s shows %s → %s', (view, anchor, from, to) => {
    expect(visibleRange(view, anchor)).toEqual({ from, to });
  });

  it.each([
    ['month', '2026-11-21', 1, '2026-12-01'],
    ['month', '2026-01-31', -1, '2025-12-01'],
    ['week', '2026-11-21', 1, '2026-11-28'],
    ['day', '2026-12-31', 1, '2027-01-01'],
    ['day', '2026-11-21', -1, '2026-11-20'],
  ] as const)('%s view: %s moved by %i ⇒ %s', (view, anchor, direction, next) => {
    expect(shiftAnchor(view, anchor, direction)).toBe(next);
  });

  const absences = [
    { id: 'a', startDate: '2026-11-20', endDate: '2026-11-22' },
    { id: 'b', startDate: '2026-11-22', endDate: '2026-11-22' },
    { id: 'c', startDate: '2026-10-30', endDate: '2026-11-02' },
  ];

  it.each([
    ['2026-11-19', []],
    ['2026-11-20', ['a']],
    ['2026-11-22', ['a', 'b']],
    ['2026-11-01', ['c']],
    ['2026-11-23', []],
  ])('on %s: %p (both ends included)', (day, ids) => {
    expect(absencesOn(absences, day).map((absence) => absence.id)).toEqual(ids);
  });

  it('an absence overlapping the range is in it', () => {
    expect(absencesIn(absences, { from: '2026-11-02', to: '2026-11-20' }).map((absence) => absence.id)).toEqual(['a', 'c']);
    expect(absencesIn(absences, { from: '2026-11-03', to: '2026-11-19' })).toEqual([]);
  });

  it.each([
    // The month itself, without the grid's neighbouring days.
    ['month', '2026-11-21', '2026-11-01', '2026-11-30'],
    ['week', '2026-11-21', '2026-11-16', '2026-11-22'],
    ['day', '2026-11-21', '2026-11-21', '2026-11-21'],
  ] as const)("a phone's agenda of the %s view around %s lists %s → %s", (view, anchor, from, to) => {
    expect(agendaRange(view, anchor)).toEqual({ from, to });
  });

  it('the agenda lists each absence once, under its first day within the range, the days in order', () => {
    const agenda = agendaOf([...absences, { id: 'd', startDate: '2026-11-22', endDate: '2026-12-04' }], {
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(agenda.map(({ day, absences: listed }) => [day, listed.map((absence) => absence.id)])).toEqual([
      // Started in October: under the month's first day.
      ['2026-11-01', ['c']],
      ['2026-11-20', ['a']],
      ['2026-11-22', ['b', 'd']],
    ]);
    expect(agendaOf(absences, { from: '2026-11-21', to: '2026-11-21' })).toEqual([{ day: '2026-11-21', absences: [absences[0]] }]);
    expect(agendaOf(absences, { from: '2026-11-03', to: '2026-11-19' })).toEqual([]);
  });
});

describe('Signaler une absence ou un congé', () => {
  const endBeforeStart = 'La date doit être postérieure à la date de début.';
  it.each([
    ['', '', null, {}],
    ['20/11/2026', '', null, {}],
    ['20/11/2026', '22/11/2026', { startDate: '2026-11-20', endDate: '2026-11-22' }, {}],
    // A one-day absence ends the day it starts.
    ['20/11/2026', '20/11/2026', { startDate: '2026-11-20', endDate: '2026-11-20' }, {}],
    ['20/11/2026', '19/11/2026', null, { end: endBeforeStart }],
    ['31/12/2026', '01/01/2026', null, { end: endBeforeStart }],
    ['32/11/2026', '22/11/2026', null, { start: 'Date invalide.' }],
    ['20/11/2026', '2026-11-22', null, { end: 'Date invalide.' }],
  ])('start %p, end %p ⇒ %p %p', (start, end, days, errors) => {
    expect(checkAbsenceDates({ start, end })).toEqual({ days, errors });
  });

  it.each([
    ['BAILIFF', '/dashboard/bailiffcalendar?date=2027-02-10'],
    ['SECRETARY', '/dashboard/secretarycalendar?date=2027-02-10'],
  ] as const)("after the report, %s goes to %s: the calendar on the absence's month", (role, path) => {
    expect(calendarPathAfterReport(role, '2027-02-10')).toBe(path);
  });
});
