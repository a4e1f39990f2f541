// The figure family growth.* (docs/benchmarks.md): CPU per request (server + PostgreSQL) of each main
// screen's query, sent as the web app sends it (the query text of its compiled Relay artifact, the
// variables its page opens with), at 100,000 constats and at 1,000,000 (the same five recent years
// after 900,000 older constats, dataset.ts). Both sizes run side by side, a server each, and are
// measured in the same rounds; each screen gets the ratio 1M ÷ 100k, whose target is ≤ 1.3: a
// screen must not pay for the history it does not show.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { benchTokens } from './dataset.js';
import { cpuShown, measureCost, type CostFigure, type CostSettings } from './cost.js';
import { graphql } from './process.js';
import type { Row } from './report.js';
import { SEARCH_FRAGMENT } from './search.js';

/** The dataset the ratios divide by. */
export const GROWTH_BASE = 100_000;
export const GROWTH_TARGET = 1.3;
/** The size growth.* compares with. */
export const GROWTH_LARGE = 1_000_000;

/** The web app's query text, from its Relay artifact (`npm run relay` writes them). */
export function webQuery(root: string, name: string): string {
  const file = path.join(root, 'web/src/__generated__', `${name}.graphql.ts`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run relay`);
  const text = /"text": ("(?:[^"\\]|\\.)*")/.exec(readFileSync(file, 'utf8'))?.[1];
  if (!text) throw new Error(`${file}: no query text`);
  return JSON.parse(text) as string;
}

export interface Screen {
  key: string;
  label: string;
  token: string;
  query: string;
  variables: Record<string, unknown>;
}

/** reportAggregates by month over one year: the same twelve rows at both sizes. */
const YEAR_AGGREGATES_QUERY = `query YearAggregates($filter: ReportFilter) {
  reportAggregates(filter: $filter, groupBy: [MONTH]) {
    year month reports pagesBilling photosBilling pagesRetrocession photosRetrocession billingAmountHT retrocessionAmountHT
  }
}`;

/** The secretary the fan-out's first session belongs to (dataset.ts: secretaries first). */
const secretaryToken = benchTokens.fanout(0);

/**
 * The screens, with the variables the web app opens them with (web/src/features/reports/ReportsTable.tsx
 * baseFilter and initialFilter, 10 rows), in the dataset's recent years so that both sizes show the
 * same constats: last month's rétrocession and facturation, last year's statistics, and the admin's
 * terminated list read from a constat four years old by its cursor.
 */
export async function growthScreens(root: string, url: string, generatedAt: Date): Promise<Screen[]> {
  const lastMonth = new Date(Date.UTC(generatedAt.getUTCFullYear(), generatedAt.getUTCMonth() - 1, 15));
  const period = { year: lastMonth.getUTCFullYear(), month: lastMonth.getUTCMonth() + 1 };
  const lastYear = generatedAt.getUTCFullYear() - 1;
  const list = (statuses: string[] | null, archived: boolean | null, extra: Record<string, unknown> = {}) => ({
    awaitingSecretary: null,
    search: null,
    bailiffId: null,
    secretaryId: null,
    year: null,
    month: null,
    statuses,
    archived,
    ...extra,
  });
  const done = list(['TE'], false);
  const deep = await graphql<{ reports: { edges: { cursor: string }[] } }>(url, benchTokens.admin, 'query DeepCursor($filter: ReportFilter) { reports(first: 1, filter: $filter) { edges { cursor } } }', {
    filter: { ...done, year: generatedAt.getUTCFullYear() - 4, month: generatedAt.getUTCMonth() + 1 },
  });
  const cursor = deep.data?.reports.edges[0]?.cursor;
  if (!cursor) throw new Error(`no terminated constat four years back: ${JSON.stringify(deep.errors ?? [])}`);
  const admin = webQuery(root, 'AdminReportsPageQuery');
  const pagination = webQuery(root, 'ReportsTablePaginationQuery');
  const secretary = webQuery(root, 'SecretaryReportsPageQuery');
  return [
    { key: 'admin_in_progress', label: 'admin, in progress', token: benchTokens.admin, query: admin, variables: { filter: list(['NA', 'EC', 'RS'], false), count: 10 } },
    { key: 'admin_done', label: 'admin, terminated', token: benchTokens.admin, query: admin, variables: { filter: done, count: 10 } },
    { key: 'admin_done_deep', label: 'admin, terminated, 4 years back by cursor', token: benchTokens.admin, query: pagination, variables: { filter: done, count: 10, cursor } },
    { key: 'admin_archived', label: 'admin, archived', token: benchTokens.admin, query: admin, variables: { filter: list(null, true), count: 10 } },
    { key: 'bailiff_in_progress', label: 'bailiff, in progress', token: benchTokens.bailiff, query: webQuery(root, 'BailiffReportsPageQuery'), variables: { filter: list(['EC', 'TE'], false), count: 10 } },
    { key: 'bailiff_archive', label: 'bailiff, archive', token: benchTokens.bailiff, query: webQuery(root, 'BailiffReportsPageArchivedQuery'), variables: { filter: list(['AR'], null), count: 10 } },
    { key: 'secretary_in_progress', label: 'secretary, in progress', token: secretaryToken, query: secretary, variables: { filter: list(['EC', 'RS'], false), count: 10 } },
    { key: 'secretary_all', label: 'secretary, « Tous mes constats »', token: secretaryToken, query: secretary, variables: { filter: list(['EC', 'RS', 'TE', 'AR'], null), count: 10 } },
    { key: 'retrocession_month', label: `rétrocession ${period.month}/${period.year}`, token: benchTokens.admin, query: webQuery(root, 'AdminRetrocessionReportsPageQuery'), variables: { filter: period, count: 10 } },
    { key: 'billing_month', label: `facturation ${period.month}/${period.year}, études table (its dialogs load their own pages)`, token: benchTokens.admin, query: webQuery(root, 'BillingPageQuery'), variables: { ...period, count: 100 } },
    { key: 'statistics_year', label: `statistics ${lastYear}`, token: benchTokens.admin, query: webQuery(root, 'StatisticsPageQuery'), variables: { year: lastYear, month: null } },
    { key: 'notifications', label: 'notifications page', token: benchTokens.admin, query: webQuery(root, 'AllNotificationsPageQuery'), variables: {} },
    { key: 'search_by_name', label: `search « ${SEARCH_FRAGMENT} », in progress`, token: benchTokens.admin, query: pagination, variables: { filter: list(['NA', 'EC', 'RS'], false, { search: SEARCH_FRAGMENT }), count: 10 } },
    { key: 'aggregates_year', label: `reportAggregates by month, ${lastYear}`, token: benchTokens.admin, query: YEAR_AGGREGATES_QUERY, variables: { filter: { year: lastYear } } },
  ];
}

export interface GrowthFigure {
  reports: number;
  screens: { key: string; label: string; cost: CostFigure }[];
}

/** One dataset's server, with the screens as that dataset opens them. */
export interface GrowthSize {
  reports: number;
  url: string;
  screens: Screen[];
  processes: Pick<CostSettings, 'serverPid' | 'databasePid'>;
}

/** CPU a round spends on each screen at each size (cost.ts sizes the requests from it). */
export const ROUND_CPU_MS = 1500;

/**
 * Each screen's CPU per request on every size given, all in the same rounds: screen 1 on the first
 * size, then on the second, screen 2 … so that a change of the machine's speed (shared cores) hits
 * both sizes of a ratio alike; two runs minutes apart drifted by 20-30 % on the cheap screens.
 */
export async function measureGrowth(sizes: GrowthSize[], settings: Pick<CostSettings, 'rounds' | 'connections'>, log: (message: string) => void): Promise<GrowthFigure[]> {
  const targets = sizes[0].screens.flatMap(({ key }) =>
    sizes.map((size) => {
      const screen = size.screens.find((entry) => entry.key === key)!;
      return {
        name: `${key}@${size.reports}`,
        cpuBudgetMs: ROUND_CPU_MS,
        processes: size.processes,
        target: {
          url: `${size.url}/graphql`,
          method: 'POST' as const,
          headers: { authorization: `Bearer ${screen.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query: screen.query, variables: screen.variables }),
        },
      };
    }),
  );
  // A screen that answers with errors would be measured as an error page: checked first.
  for (const size of sizes) {
    for (const screen of size.screens) {
      const answer = await graphql(size.url, screen.token, screen.query, screen.variables);
      if (answer.errors) throw new Error(`${screen.key} at ${size.reports}: ${JSON.stringify(answer.errors)}`);
    }
  }
  // Every target has its budget and processes: the settings' own are never read.
  const costs = await measureCost(targets, { ...settings, requests: 0, ...sizes[0].processes }, log);
  return sizes.map((size) => ({
    reports: size.reports,
    screens: size.screens.map((screen) => ({ key: screen.key, label: screen.label, cost: costs.find((cost) => cost.name === `${screen.key}@${size.reports}`)! })),
  }));
}

/** Growth of each screen from `base` to `large`: CPU per request (server + PostgreSQL), large ÷ base. */
export function growthRatios(base: GrowthFigure, large: GrowthFigure): { key: string; label: string; ratio: number; base: CostFigure; large: CostFigure }[] {
  return large.screens.flatMap((screen) => {
    const before = base.screens.find((entry) => entry.key === screen.key);
    return before ? [{ key: screen.key, label: screen.label, ratio: screen.cost.median.totalMs / before.cost.median.totalMs, base: before.cost, large: screen.cost }] : [];
  });
}

/**
 * Rows of the run: each size's CPU per screen (`growth.<screen>.cpu` the run's own dataset,
 * `.cpu.<size>` the other), and, when both sizes were measured in this run's rounds, each screen's ratio.
 */
export function growthRows(figures: GrowthFigure[], runReports: number): Row[] {
  const rows: Row[] = figures.flatMap((figure) =>
    figure.screens.map((screen) => ({ key: `growth.${screen.key}.cpu${figure.reports === runReports ? '' : `.${figure.reports}`}`, figure: `${screen.label}: CPU per request at ${figure.reports} constats`, value: screen.cost.median.totalMs, display: cpuShown(screen.cost), target: '—', pass: null, load1: null })),
  );
  const base = figures.find((figure) => figure.reports === GROWTH_BASE);
  const large = figures.find((figure) => figure.reports !== GROWTH_BASE);
  if (!base || !large) return rows;
  for (const { key, label, ratio, base: before, large: after } of growthRatios(base, large)) {
    rows.push({
      key: `growth.${key}`,
      figure: `${label}: CPU at ${large.reports} (${cpuShown(after)}) ÷ at ${GROWTH_BASE} (${cpuShown(before)}), same rounds`,
      value: ratio,
      display: ratio.toFixed(2),
      target: `≤ ${GROWTH_TARGET}`,
      pass: ratio <= GROWTH_TARGET,
      load1: null,
    });
  }
  return rows;
}
