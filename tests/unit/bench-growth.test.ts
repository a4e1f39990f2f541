import type { CostFigure } from '../../scripts/bench/cost.js';
import { growthRatios, type GrowthFigure } from '../../scripts/bench/growth.js';

const cost = (serverMs: number, databaseMs: number): CostFigure => ({
  name: 'screen',
  median: { serverMs, databaseMs, clientMs: 0, totalMs: serverMs + databaseMs },
  rounds: [],
});

describe('growthRatios', () => {
  const base: GrowthFigure = {
    reports: 100_000,
    screens: [
      { key: 'admin_done', label: 'admin, terminated', cost: cost(4, 4) },
      { key: 'notifications', label: 'notifications page', cost: cost(2.5, 0.5) },
    ],
  };

  test('divides each screen’s server + PostgreSQL CPU at the large size by the base’s', () => {
    const large: GrowthFigure = {
      reports: 1_000_000,
      screens: [
        { key: 'notifications', label: 'notifications page', cost: cost(3, 0.9) },
        { key: 'admin_done', label: 'admin, terminated', cost: cost(4, 6) },
      ],
    };
    const ratios = growthRatios(base, large);
    expect(ratios.map(({ key, ratio }) => [key, Number(ratio.toFixed(3))])).toEqual([
      ['notifications', 1.3],
      ['admin_done', 1.25],
    ]);
    expect(ratios[1].base.median.totalMs).toBe(8);
    expect(ratios[1].large.median.totalMs).toBe(10);
  });

  test('leaves out a screen measured at one size only', () => {
    const large: GrowthFigure = { reports: 1_000_000, screens: [{ key: 'aggregates_year', label: 'aggregates', cost: cost(1, 1) }] };
    expect(growthRatios(base, large)).toEqual([]);
  });
});
