import { useState, useTransition } from 'react';
import { dayOf, type Day } from '../../ui/days';
import { visibleRange, type CalendarView, type DayRange } from './calendarRange';

export interface CalendarPeriod {
  view: CalendarView;
  anchor: Day;
  /** The days on screen: the calendar query's `from` and `to`. */
  range: DayRange;
  /** True while the next period's absences load (the current ones stay on screen). */
  pending: boolean;
  navigate: (view: CalendarView, anchor: Day) => void;
}

/** The calendar's view and shown day, starting on today's month. */
export function useCalendarPeriod(): CalendarPeriod {
  const [state, setState] = useState<{ view: CalendarView; anchor: Day }>(() => ({ view: 'month', anchor: dayOf(new Date()) }));
  const [pending, startTransition] = useTransition();
  return {
    ...state,
    range: visibleRange(state.view, state.anchor),
    pending,
    navigate: (view, anchor) => startTransition(() => setState({ view, anchor })),
  };
}
