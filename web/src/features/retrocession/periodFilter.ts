import { useDeferredValue, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { openingPeriodFilter, type RetrocessionPeriodFilter } from './pageVariables';

export interface PeriodFilterState {
  /** What the filters show: changes at once. */
  filter: RetrocessionPeriodFilter;
  setFilter: (next: RetrocessionPeriodFilter) => void;
  /** What the screen loads and shows: follows `filter` once its data is there. */
  shown: RetrocessionPeriodFilter;
  /** The next period is loading. */
  pending: boolean;
}

/**
 * The period a rétrocession screen shows (the current Paris month at first). A change keeps the
 * current rows on screen while the next period loads (`pending`), instead of a blank page, and
 * the selects keep what was chosen meanwhile, so quick successive choices add up.
 */
export function usePeriodFilter(): PeriodFilterState {
  const [filter, setFilter] = useState<RetrocessionPeriodFilter>(openingPeriodFilter);
  const shown = useDeferredValue(filter);
  return { filter, setFilter, shown, pending: shown !== filter };
}

/** One layout for the four screens: filters, 'CUMUL PÉRIODE', then the table. */
export const usePageStyles = makeStyles({
  stack: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
  },
  pending: {
    opacity: 0.6,
    transitionProperty: 'opacity',
    transitionDuration: tokens.durationNormal,
  },
});
