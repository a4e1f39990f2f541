import { useState, useTransition } from 'react';
import { useSearchParams } from 'react-router';
import type { Day } from '../../ui/days';
import { openingAnchor, visibleRange, type CalendarView, type DayRange } from './calendarRange';

export interface CalendarPeriod {
  view: CalendarView;
  anchor: Day;
  /** The days on screen: the calendar query's `from` and `to`. */
  range: DayRange;
  /** True while the next period's absences load (the current ones stay on screen). */
  pending: boolean;
  navigate: (view: CalendarView, anchor: Day) => void;
}

/** The calendar's view and shown day, starting on the month of `?date=` (a new absence's), else today's. */
export function useCalendarPeriod(): CalendarPeriod {
  const [search] = useSearchParams();
  const [state, setState] = useState<{ view: CalendarView; anchor: Day }>(() => ({
    view: 'month',
    anchor: openingAnchor(search),
  }));
  const [pending, startTransition] = useTransition();
  return {
    ...state,
    range: visibleRange(state.view, state.anchor),
    pending,
    navigate: (view, anchor) => startTransition(() => setState({ view, anchor })),
  };
}
