// Dashboard screens start their page query with their code (web/src/app/routing/screen.ts): the route
// table declares each screen's query, and opening a screen asks for its data before its code is in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as nextTask } from 'node:timers/promises';
import { jest } from '@jest/globals';

const routing = path.resolve(import.meta.dirname, '../../web/src/app/routing');

// The route table as the web app has it. Loaded by path: its modules (compiled queries, lazy pages)
// are the web project's to type-check, not this NodeNext one's.
interface ScreenUrl {
  params: Record<string, string | undefined>;
  searchParams: URLSearchParams;
}
type QueryLoader = (variables: Record<string, unknown>, options: { fetchPolicy: string }) => void;
interface Screen {
  query: { request: { params: { name: string } }; variables: (url: ScreenUrl) => Record<string, unknown> } | null;
  open: (url: ScreenUrl, loadQuery: QueryLoader) => void;
}
interface ScreenQuery {
  request: { params: { name: string } };
  variables: (url: ScreenUrl) => Record<string, unknown>;
  fetchPolicy?: string;
}
const { screen } = (await import(path.join(routing, 'screen.ts'))) as {
  screen: (load: () => Promise<unknown>, query?: ScreenQuery) => Screen;
};
const { screens } = (await import(path.join(routing, 'screens.ts'))) as { screens: Record<string, Screen> };
const { dashboardRoutes } = (await import(path.join(routing, 'dashboardRoutes.ts'))) as {
  dashboardRoutes: Record<string, { screen?: Screen }[]>;
};
const url = (params: Record<string, string> = {}, search = ''): ScreenUrl => ({ params, searchParams: new URLSearchParams(search) });
const request = { params: { name: 'SomePageQuery' } };

describe('screen · opening', () => {
  it('asks for the page query, then starts the code in a task of its own (two shorter tasks on a slow phone)', async () => {
    const load = jest.fn(() => new Promise<never>(() => {}));
    const loadQuery = jest.fn<QueryLoader>();
    const opened = screen(load, { request, variables: ({ params }) => ({ id: params.id }), fetchPolicy: 'store-and-network' });
    expect(load).not.toHaveBeenCalled();

    opened.open(url({ id: '7' }), loadQuery);
    expect(loadQuery).toHaveBeenCalledWith({ id: '7' }, { fetchPolicy: 'store-and-network' });
    expect(load).not.toHaveBeenCalled();

    await nextTask();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads from the store first when the screen names no policy', () => {
    const loadQuery = jest.fn<QueryLoader>();
    screen(() => new Promise<never>(() => {}), { request, variables: () => ({}) }).open(url(), loadQuery);
    expect(loadQuery).toHaveBeenCalledWith({}, { fetchPolicy: 'store-or-network' });
  });

  it('downloads the code once however often the screen opens', async () => {
    const load = jest.fn(() => new Promise<never>(() => {}));
    const opened = screen(load, { request, variables: () => ({}) });
    opened.open(url(), () => {});
    opened.open(url(), () => {});
    await nextTask();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts only the code of a screen without a page query', async () => {
    const load = jest.fn(() => new Promise<never>(() => {}));
    const loadQuery = jest.fn<QueryLoader>();
    const opened = screen(load);
    opened.open(url(), loadQuery);
    await nextTask();
    expect(opened.query).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    expect(loadQuery).not.toHaveBeenCalled();
  });
});

describe('screen · the route table', () => {
  // Each screen's module, from its `import()` in screens.ts.
  const source = readFileSync(path.join(routing, 'screens.ts'), 'utf8');
  const modules = new Map(
    [...source.matchAll(/^ {2}(\w+): screen\(\s*\(\) => import\('([^']+)'\)/gm)].map(([, name, module]) => [
      name,
      readFileSync(path.resolve(routing, `${module}.tsx`), 'utf8'),
    ]),
  );

  it('knows the module of every screen', () => {
    expect([...modules.keys()].sort()).toEqual(Object.keys(screens).sort());
  });

  it.each(Object.entries(screens))('%s: a preloaded query exactly when its component reads one', (name, declared) => {
    const module = modules.get(name)!;
    const readsPreloaded = /ScreenProps</.test(module);
    expect(declared.query !== null).toBe(readsPreloaded);
    // The query the route starts is the one the screen's component is typed to read.
    if (declared.query) expect(module).toContain(`ScreenProps<${declared.query.request.params.name}>`);
  });

  it('routes every role to screens of the table', () => {
    const tabled = new Set(Object.values(screens));
    for (const routes of Object.values(dashboardRoutes)) {
      for (const route of routes) if (route.screen) expect(tabled.has(route.screen)).toBe(true);
    }
  });

  it.each([
    ['editAccount', 'User'],
    ['editGroup', 'Group'],
    ['editNews', 'News'],
  ] as const)('%s asks for the %s of the path as a global id', (name, type) => {
    expect(screens[name].query!.variables(url({ id: '42' }))).toEqual({ id: Buffer.from(`${type}:42`).toString('base64') });
  });

  it('opens a calendar on the month of ?date= (the weeks drawn around it), else on the current month', () => {
    expect(screens.myCalendar.query!.variables(url({}, 'date=2026-03-18'))).toEqual({ from: '2026-02-23', to: '2026-04-05', count: 500 });
    expect(screens.allAbsences.query!.variables(url({}, 'date=2026-03-18'))).toEqual({ from: '2026-02-23', to: '2026-04-05', count: 500 });
    const today = screens.myCalendar.query!.variables(url({}, 'date=mardi')) as { from: string; to: string };
    const now = new Date().toISOString().slice(0, 10);
    expect(today.from <= now && now <= today.to).toBe(true);
  });

  it('opens billing, the bills, the rétrocession and the statistics on the current period', () => {
    const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: 'numeric' })
      .formatToParts(new Date())
      .filter((part) => part.type !== 'literal')
      .map((part) => Number(part.value));
    expect(screens.billing.query!.variables(url())).toEqual({ year, month, count: 100 });
    expect(screens.groupBills.query!.variables(url())).toEqual({ filter: { year }, count: 10 });
    expect(screens.retrocessionReports.query!.variables(url())).toEqual({ filter: { year, month, secretaryId: null }, count: 10 });
    expect(screens.secretaryBills.query!.variables(url())).toEqual({ filter: { year }, count: 10, current: { year, month } });
    expect(screens.statistics.query!.variables(url())).toEqual({ year: new Date().getFullYear(), month: null });
  });

  it('opens each reports list on its initial filter and first page', () => {
    const variables = screens.bailiffReportsInProgress.query!.variables(url()) as { filter: { view: string }; count: number };
    expect(variables.filter.view).toBe('BAILIFF_IN_PROGRESS');
    expect(variables.count).toBe(10);
  });
});
