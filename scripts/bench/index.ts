// `npm run bench [-- --db=postgres] [--reports=N] …`: the API at scale against its own floor.
//
//   1. compiles the product and the bench's server entry (scripts/bench/tsconfig.json);
//   2. builds (or reuses) the dataset: 100,000 constats over five years, or their history before
//      them up to --reports (dataset.ts, history.ts, database.ts);
//   3. starts the real server in its own process (process.ts) and measures it from this one:
//      statement counts, CPU per request against the floor, each screen's CPU (growth.*), one
//      client's latency, a calibration route, screen query vs its floor vs the REST shim
//      (autocannon), graphql-ws fan-out, a 200 MB upload, a field deposit of 1,000 photos over tus
//      (deposit.ts), and cold starts of api/src/main.js;
//      before all this, with no dataset, the automatic counting (counting.ts) and the rollup
//      triggers' cost on writes (writes.ts);
//   4. prints one table and writes bench/results/latest.json (+ .md).
// Options: --db=embedded|postgres --reports=100000 --runs=3 --duration=10 --warmup=5
// --connections=10 --page=50 --fanout=1000 --upload-mb=200 --deposit-photos=1000
// --only=sql,cost,growth,latency,execution,calibration,screen,floor,rest,aggregates,search,export,fanout,upload,deposit,cold,counting,writes,web
// (web: Lighthouse's mobile preset on the built web app over the demo office, scripts/bench/web.ts)
// --cost-requests=300 --cost-rounds=3 --cost-targets=GraphQL,floor,REST
// --explain (with sql: plans of the screen query's statements and of the floor's in bench/.data/explain.txt)
// --fresh (rebuild the dataset) --max-age-hours=24 (0: reuse whatever its age) --profile (CPU profile of the measured server)
// --no-build --node-args="--flag …" (extra node flags of the measured server, for A/B runs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { measureColdStart, type ColdStartFigure } from './coldstart.js';
import { costRows, measureCost } from './cost.js';
import { countingRows, measureCounting, type CountingFigure } from './counting.js';
import { prepareDatabase, type BenchDatabase, type Engine } from './database.js';
import { depositRows, measureDeposit } from './deposit.js';
import { benchTokens } from './dataset.js';
import { measureExecution } from './execution.js';
import { firstDifference, normalise } from './floor.js';
import { fanoutRows, measureFanout, type FanoutFigure } from './fanout.js';
import { GROWTH_BASE, GROWTH_LARGE, growthRows, growthScreens, measureGrowth, webQuery, type GrowthFigure, type GrowthSize } from './growth.js';
import { measureLoad, type LoadFigure, type LoadSettings } from './load.js';
import { graphql, startServerProcess, type ServerProcess } from './process.js';
import { SCREEN_QUERY, restGetAllPath } from './queries.js';
import { printTable, writeResults, type Row } from './report.js';
import { aggregatesRows, exportRows, measureAggregatesCost, measureExport, AGGREGATES_QUERY } from './reporting.js';
import { measureSearchCost, searchRows } from './search.js';
import { measureStatements, statementRows } from './sql.js';
import { measureUpload, uploadRows, type UploadFigure } from './upload.js';
import { measureWrites, writeRows } from './writes.js';
import { measureWeb, webRows } from './web.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DATA = path.join(ROOT, 'bench/.data');
const RESULTS = path.join(ROOT, 'bench/results');
const BUILD = path.join(DATA, 'build');
const PRODUCT_ENTRY = path.join(BUILD, 'api/src/main.js');
const BENCH_ENTRY = path.join(BUILD, 'scripts/bench/server.js');
const FIGURES = ['sql', 'cost', 'growth', 'latency', 'execution', 'calibration', 'screen', 'floor', 'rest', 'aggregates', 'search', 'export', 'fanout', 'upload', 'deposit', 'cold', 'counting', 'writes', 'web'] as const;
type FigureName = (typeof FIGURES)[number];
/** Figures measured without the dataset, before it is built. */
const STANDALONE: FigureName[] = ['counting', 'writes', 'web'];
/** Figures that measure the admin screen's query, checked first to answer as the floor and REST do. */
const SCREEN_FIGURES: FigureName[] = ['cost', 'latency', 'execution', 'calibration', 'screen', 'floor', 'rest'];
/** latency.single.*: one client, the admin screen at its default 10 rows (product.md §9). */
const LATENCY_TARGETS = { p50: 25, p99: 60 };
/** Rounds of the growth figures at least: the median of five shrugs off a round that a neighbour slowed. */
const GROWTH_ROUNDS = 5;

function parseArgs(argv: string[]) {
  const args = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unknown argument: ${arg}`);
    args.set(match[1], match[2] ?? 'true');
  }
  const number = (name: string, fallback: number) => {
    const value = Number(args.get(name) ?? fallback);
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} expects a number`);
    return value;
  };
  const db = args.get('db') ?? 'embedded';
  if (db !== 'embedded' && db !== 'postgres') throw new Error('--db=embedded or --db=postgres');
  const only = (args.get('only')?.split(',') ?? [...FIGURES]) as FigureName[];
  for (const name of only) if (!FIGURES.includes(name)) throw new Error(`--only: unknown ${name} (${FIGURES.join(', ')})`);
  const engine: Engine = db;
  return {
    engine,
    reports: number('reports', 100_000),
    runs: number('runs', 3),
    durationSeconds: number('duration', 10),
    warmupSeconds: number('warmup', 5),
    connections: number('connections', 10),
    page: number('page', 50),
    fanout: number('fanout', 1000),
    uploadMegabytes: number('upload-mb', 200),
    depositPhotos: number('deposit-photos', 1000),
    costRequests: number('cost-requests', 300),
    costRounds: number('cost-rounds', 3),
    only: new Set(only),
    fresh: args.get('fresh') === 'true',
    maxAgeHours: number('max-age-hours', 24),
    profile: args.get('profile') === 'true',
    build: args.get('build') !== 'false' && args.get('no-build') !== 'true',
    explain: args.get('explain') === 'true',
    // Extra flags of the measured server's node, to compare one against the product's (e.g. V8 heap sizes).
    nodeArgs: args.get('node-args')?.split(' ').filter(Boolean) ?? [],
    costTargets: (args.get('cost-targets') ?? 'GraphQL,floor,REST').split(','),
  };
}

type Options = ReturnType<typeof parseArgs>;

/** Ready once the server answers its cheapest route. */
const metaProbe = async (url: string) => (await fetch(`${url}/meta.json`)).ok;

const log = (message: string) => console.log(message);
const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();

function build(): void {
  log('Compiling (tsc, scripts/bench/tsconfig.json) …');
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'scripts/bench/tsconfig.json'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    // tsc still emits; type errors elsewhere in the tree (work in progress) need not stop a measurement.
    log(`  tsc reported errors (code ${result.status}); the emitted code is used:\n${(result.stdout + result.stderr).split('\n').slice(0, 15).join('\n')}`);
  }
  for (const entry of [PRODUCT_ENTRY, BENCH_ENTRY]) if (!existsSync(entry)) throw new Error(`incomplete build: ${entry} missing`);
}

/**
 * growth.*: the run's dataset and the other size side by side, a server each, in the same rounds.
 * A run at 1,000,000 builds the 100,000 dataset if needed; a 100,000 run pairs with the 1,000,000
 * one only if it is already built (10 minutes), and otherwise gives its own figures alone.
 */
async function growthStep({ options, db, url, pid, logs }: { options: Options; db: BenchDatabase; url: string; pid: number; logs: string }): Promise<GrowthFigure[]> {
  const own = db.dataset.reports;
  const otherSize = own === GROWTH_BASE ? GROWTH_LARGE : GROWTH_BASE;
  const common = { engine: options.engine, root: DATA, reports: otherSize, fanoutSessions: Math.max(options.fanout, 1000), fresh: false, maxAgeHours: options.maxAgeHours, log };
  const other = own === GROWTH_BASE ? await prepareDatabase({ ...common, reuseOnly: true }) : await prepareDatabase(common);
  if (!other) log(`\nNo ${otherSize}-constat dataset built yet: growth.* ratios need \`npm run bench -- --reports=${otherSize}\`.`);
  let otherServer: ServerProcess | undefined;
  try {
    const sizes: GrowthSize[] = [{ reports: own, url, screens: await growthScreens(ROOT, url, new Date(db.dataset.generatedAt)), processes: { serverPid: pid, databasePid: db.databasePid } }];
    if (other) {
      await other.reset();
      otherServer = await startServerProcess({ entry: BENCH_ENTRY, dataDir: other.appDataDir, env: other.serverEnv, logFile: path.join(logs, `server-growth-${otherSize}.log`), probe: metaProbe });
      sizes.push({ reports: otherSize, url: otherServer.url, screens: await growthScreens(ROOT, otherServer.url, new Date(other.dataset.generatedAt)), processes: { serverPid: otherServer.pid, databasePid: other.databasePid } });
      sizes.sort((a, b) => a.reports - b.reports);
    }
    log(`\nEach screen's query, CPU per request at ${sizes.map((size) => size.reports).join(' and ')} constats (${sizes[0].screens.length} screens, interleaved) …`);
    return await measureGrowth(sizes, { rounds: Math.max(options.costRounds, GROWTH_ROUNDS), connections: 2 }, log);
  } finally {
    await otherServer?.stop();
    await other?.close();
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const loadAtStart = uptime();
  log(`npm run bench — ${options.engine}, ${options.reports} constats — ${loadAtStart}`);
  if (options.build) build();

  // --- Figures without the dataset ----------------------------------------------------------
  const rows: Row[] = [];
  const raw: Record<string, unknown> = {};
  if (options.only.has('counting')) {
    log('\nAutomatic counting (the compiled worker thread) …');
    const counting: CountingFigure = await measureCounting({ build: BUILD, workDir: path.join(DATA, 'counting'), runs: options.runs, log });
    raw.counting = counting;
    rows.push(...countingRows(counting));
  }
  if (options.only.has('writes')) {
    log('\nThe rollup triggers on writes to "Report" (throwaway PostgreSQL, 20,000 constats) …');
    const writes = await measureWrites({ statements: 300, rounds: options.runs, log });
    raw.writes = writes;
    rows.push(...writeRows(writes));
  }
  if (options.only.has('web')) {
    if (options.build) {
      log('\nBuilding the web app (npm run build:web) …');
      const web = spawnSync('npm', ['run', 'build:web'], { cwd: ROOT, encoding: 'utf8' });
      if (web.status !== 0) throw new Error(`npm run build:web failed:\n${web.stdout}${web.stderr}`);
    }
    log('\nLighthouse 12, mobile preset, cold cache: /login and each role\'s dashboard (the demo office) …');
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'constats-bench-web-'));
    // As root, the embedded PostgreSQL runs as `postgres`, which must be able to enter it.
    await fs.chmod(dataDir, 0o755);
    // No NODE_ENV: the demo office is seeded, and the server is otherwise closed as in production.
    const web = await startServerProcess({ entry: PRODUCT_ENTRY, dataDir, env: { NODE_ENV: '', SEED_DEMO_DATA: 'true', WEB_DIR: path.join(ROOT, 'dist/web') }, logFile: path.join(DATA, 'logs/server-web.log'), probe: metaProbe });
    try {
      const figures = await measureWeb(web.url, { runs: options.runs, reportDir: path.join(DATA, 'lighthouse'), log });
      raw.web = figures;
      rows.push(...webRows(figures));
    } finally {
      await web.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }
  if ([...options.only].every((name) => STANDALONE.includes(name))) {
    log(`\n${printTable(rows)}`);
    await fs.mkdir(RESULTS, { recursive: true });
    await fs.writeFile(path.join(RESULTS, 'latest-standalone.json'), `${JSON.stringify({ date: new Date().toISOString(), rows, raw }, null, 2)}\n`);
    return;
  }

  const db = await prepareDatabase({
    engine: options.engine,
    root: DATA,
    reports: options.reports,
    fanoutSessions: Math.max(options.fanout, 1000),
    fresh: options.fresh,
    maxAgeHours: options.maxAgeHours,
    log,
  });
  const logs = path.join(DATA, 'logs');
  const settings: LoadSettings = { connections: options.connections, durationSeconds: options.durationSeconds, warmupSeconds: options.warmupSeconds, runs: options.runs };
  const adminHeaders = { authorization: `Bearer ${benchTokens.admin}` };
  const jsonHeaders = { ...adminHeaders, 'content-type': 'application/json' };
  const screenBody = (first: number) => JSON.stringify({ query: SCREEN_QUERY, variables: { first } });
  let server: ServerProcess | undefined;

  try {
    await db.reset();

    // --- SQL statements per request ------------------------------------------------------------
    if (options.only.has('sql')) {
      log('\nSQL statements per request (Prisma query events, BENCH_SQL_COUNT=1) …');
      server = await startServerProcess({ entry: BENCH_ENTRY, dataDir: db.appDataDir, env: { ...db.serverEnv, BENCH_SQL_COUNT: '1' }, logFile: path.join(logs, 'server-sql.log'), probe: metaProbe });
      const url = server.url;
      const statements = await measureStatements(url, await growthScreens(ROOT, url, new Date(db.dataset.generatedAt)), log);
      if (options.explain) {
        await graphql(url, benchTokens.admin, SCREEN_QUERY, { first: options.page });
        const captured = (await (await fetch(`${url}/__bench/sql`)).json()) as { statements: string[]; params: string[] };
        const keep = captured.statements.map((sql, index) => ({ sql, params: captured.params[index] })).filter((entry) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(entry.sql));
        const explained = await fetch(`${url}/__bench/explain`, {
          method: 'POST',
          body: JSON.stringify({ statements: keep.map((entry) => entry.sql), params: keep.map((entry) => entry.params) }),
        });
        const file = path.join(DATA, 'explain.txt');
        await fs.writeFile(file, await explained.text());
        log(`  plans (EXPLAIN ANALYZE, BUFFERS) of the ${keep.length} screen statements (the floor's are the same read model's): ${path.relative(ROOT, file)}`);
      }
      await server.stop();
      server = undefined;
      raw.sql = statements;
      rows.push(...statementRows(statements));
    }

    // --- Throughput, fan-out and upload on one server process ---------------------------------
    const wantsServer = FIGURES.some((name) => !STANDALONE.includes(name) && !['sql', 'cold'].includes(name) && options.only.has(name));
    if (wantsServer) {
      // --expose-gc only lets the bench-only /__bench/gc route collect before the export's baseline.
      const gc = options.only.has('export');
      log(`\nMeasured server (BENCH_FLOOR=1${gc ? ', BENCH_GC=1' : ''}${options.profile ? ', --cpu-prof' : ''}) …`);
      server = await startServerProcess({
        entry: BENCH_ENTRY,
        dataDir: db.appDataDir,
        // A deposit of a thousand photos is more than the default hourly upload budget of an account.
        env: { ...db.serverEnv, BENCH_FLOOR: '1', UPLOAD_FILES_PER_HOUR: '100000', ...(gc ? { BENCH_GC: '1' } : {}) },
        logFile: path.join(logs, 'server.log'),
        probe: metaProbe,
        nodeArgs: [...options.nodeArgs, ...(gc ? ['--expose-gc'] : []), ...(options.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(DATA, 'profiles')}`] : [])],
      });
      const url = server.url;
      const pid = server.pid;
      log(`  pid ${pid}, ${url}, RSS ${(server.rss() / 1048576).toFixed(0)} MiB`);

      // The three paths must answer the same page before their speeds are compared (the figures
      // that measure the admin screen only: a deposit or an upload does not read it).
      let screenPage: { reports: { edges: unknown[] } } | undefined;
      if (SCREEN_FIGURES.some((name) => options.only.has(name))) {
        const screen = await graphql<{ reports: { edges: unknown[] } }>(url, benchTokens.admin, SCREEN_QUERY, { first: options.page });
        if (screen.errors || !screen.data) throw new Error(`screen query failed: ${JSON.stringify(screen.errors)}`);
        screenPage = screen.data;
        const floorResponse = await fetch(`${url}/__bench/floor?first=${options.page}`, { headers: adminHeaders });
        // /graphql's answers carry extensions.cost (the API tokens' budget, docs/product.md §12), which the floor does not compute.
        const { extensions: _cost, ...screenData } = screen as { extensions?: unknown };
        const difference = firstDifference(JSON.parse(normalise(JSON.stringify(screenData))), JSON.parse(normalise(await floorResponse.text())));
        raw.floorMatchesGraphQL = difference === null;
        log(`  floor: ${difference === null ? 'same JSON as /graphql' : `DIFFERS from /graphql at ${difference}`}`);
        const rest = await fetch(`${url}${restGetAllPath(options.page)}`, { headers: adminHeaders });
        const restBody = (await rest.json()) as { reports?: unknown[] };
        log(`  REST get_all: ${rest.status}, ${restBody.reports?.length ?? 0} constats; GraphQL: ${screen.data.reports.edges.length} constats`);
        if (rest.status !== 200) throw new Error(`get_all answered ${rest.status}`);
      }

      if (options.only.has('cost')) {
        // CPU per request barely moves with the machine's load: the figure to compare changes by.
        log(`\nCPU per request (${options.costRounds} interleaved rounds of ${options.costRequests} requests, ${options.connections} clients) …`);
        const figures = await measureCost(
          [
            { name: 'GraphQL', target: { url: `${url}/graphql`, method: 'POST' as const, headers: jsonHeaders, body: screenBody(options.page) } },
            { name: 'floor', target: { url: `${url}/__bench/floor?first=${options.page}`, method: 'GET' as const, headers: adminHeaders } },
            { name: 'REST', target: { url: `${url}${restGetAllPath(options.page)}`, method: 'GET' as const, headers: adminHeaders } },
          ].filter((entry) => options.costTargets.includes(entry.name)),
          { requests: options.costRequests, rounds: options.costRounds, connections: options.connections, serverPid: pid, databasePid: db.databasePid },
          log,
        );
        raw.cost = figures;
        rows.push(...costRows(figures, raw.floorMatchesGraphQL === true));
      }

      if (options.only.has('growth')) {
        const growth = await growthStep({ options, db, url, pid, logs });
        raw.growth = growth;
        rows.push(...growthRows(growth, db.dataset.reports));
      }

      if (options.only.has('latency')) {
        log(`\nOne client, the admin screen (web query, 10 rows) (${options.warmupSeconds} s warm-up, ${options.runs} × ${options.durationSeconds} s) …`);
        const body = JSON.stringify({ query: webQuery(ROOT, 'AdminReportsPageQuery'), variables: { filter: { statuses: ['NA', 'EC', 'RS'], archived: false }, count: 10 } });
        const single = await measureLoad('single client', { url: `${url}/graphql`, method: 'POST', headers: jsonHeaders, body }, { ...settings, connections: 1 }, log);
        raw.latencySingle = single;
        const m = single.median;
        const where = `${db.dataset.reports} constats`;
        rows.push({ key: 'latency.single.p50', figure: `Admin screen, one client, 10 rows, ${where}: p50`, value: m.p50Ms, display: `${m.p50Ms} ms`, target: `≤ ${LATENCY_TARGETS.p50} ms`, pass: m.p50Ms <= LATENCY_TARGETS.p50 && m.failures === 0, load1: m.load1 });
        rows.push({ key: 'latency.single.p99', figure: `Admin screen, one client, 10 rows, ${where}: p99`, value: m.p99Ms, display: `${m.p99Ms} ms`, target: `≤ ${LATENCY_TARGETS.p99} ms`, pass: m.p99Ms <= LATENCY_TARGETS.p99 && m.failures === 0, load1: m.load1 });
      }

      if (options.only.has('execution')) {
        // The same response walked by the executor alone, in this process: the GraphQL layer's own share.
        log('\nGraphQL execution alone (the screen response in memory, default resolvers) …');
        const execution = measureExecution(await fs.readFile(path.join(ROOT, 'schema.graphql'), 'utf8'), { query: SCREEN_QUERY, variables: { first: options.page }, data: screenPage! }, { iterations: 300, rounds: options.runs });
        raw.execution = execution;
        log(`  ${execution.fields} fields: ${execution.rounds.map((ms) => ms.toFixed(2)).join(' / ')} ms of CPU per execution`);
        rows.push({ key: 'execution.ms', figure: `GraphQL execution alone, ${execution.fields} fields (response in memory)`, value: execution.medianMs, display: `${execution.medianMs.toFixed(1)} ms CPU`, target: '—', pass: null, load1: null });
      }

      if (options.only.has('calibration')) {
        // What one request costs this machine before any application work: the cheapest route,
        // through the same HTTP stack. Read the other figures against it.
        log('\nCalibration: GET /meta.json …');
        const calibration = await measureLoad('meta.json', { url: `${url}/meta.json`, method: 'GET', headers: {} }, settings, log);
        raw.calibration = calibration;
        const m = calibration.median;
        rows.push({ key: 'calibration.rps', figure: 'Calibration: GET /meta.json (HTTP stack only)', value: m.requestsPerSecond, display: `${m.requestsPerSecond.toFixed(0)} req/s, p99 ${m.p99Ms} ms`, target: '—', pass: null, load1: m.load1 });
      }

      let screenLoad: LoadFigure | undefined;
      if (options.only.has('screen')) {
        log(`\nGraphQL screen query, ${options.page} rows, ${options.connections} clients (${options.warmupSeconds} s warm-up, ${options.runs} × ${options.durationSeconds} s) …`);
        screenLoad = await measureLoad('GraphQL', { url: `${url}/graphql`, method: 'POST', headers: jsonHeaders, body: screenBody(options.page) }, settings, log);
        raw.screen = screenLoad;
        const m = screenLoad.median;
        // The former absolute targets (300 req/s, p99 ≤ 50 ms with 10 clients) cannot be met by two
        // cores; ratio.floor.cpu and latency.single.* replace them (docs/benchmarks.md): figures only.
        rows.push({ key: 'screen.rps', figure: `Admin screen GraphQL (${options.page} rows, ${options.connections} clients): throughput`, value: m.requestsPerSecond, display: `${m.requestsPerSecond.toFixed(0)} req/s${m.failures > 0 ? `, ${m.failures} failed` : ''}`, target: '—', pass: m.failures === 0 ? null : false, load1: m.load1 });
        rows.push({ key: 'screen.p50', figure: 'Admin screen GraphQL: p50 latency', value: m.p50Ms, display: `${m.p50Ms} ms`, target: '—', pass: null, load1: m.load1 });
        rows.push({ key: 'screen.p99', figure: 'Admin screen GraphQL: p99 latency', value: m.p99Ms, display: `${m.p99Ms} ms`, target: '—', pass: null, load1: m.load1 });
      }
      if (options.only.has('floor')) {
        log('\nFloor (one hand-written SQL statement, same JSON) …');
        const floorLoad = await measureLoad('floor', { url: `${url}/__bench/floor?first=${options.page}`, method: 'GET', headers: adminHeaders }, settings, log);
        raw.floor = floorLoad;
        const m = floorLoad.median;
        rows.push({ key: 'floor.rps', figure: 'Floor (hand-written SQL): throughput', value: m.requestsPerSecond, display: `${m.requestsPerSecond.toFixed(0)} req/s`, target: '—', pass: null, load1: m.load1 });
        rows.push({ key: 'floor.p99', figure: 'Floor: p50 / p99 latency', value: m.p99Ms, display: `${m.p50Ms} / ${m.p99Ms} ms`, target: '—', pass: null, load1: m.load1 });
        if (screenLoad) {
          const ratio = screenLoad.median.requestsPerSecond / m.requestsPerSecond;
          // Replaced by ratio.floor.cpu (docs/benchmarks.md): throughput on shared cores measures the neighbours.
          rows.push({ key: 'ratio.graphql_floor', figure: 'GraphQL ÷ floor (throughput)', value: ratio, display: ratio.toFixed(2), target: '—', pass: null, load1: null });
        }
      }
      if (options.only.has('rest')) {
        log(`\nREST GET ${restGetAllPath(options.page)} …`);
        const restLoad = await measureLoad('REST', { url: `${url}${restGetAllPath(options.page)}`, method: 'GET', headers: adminHeaders }, settings, log);
        raw.rest = restLoad;
        const m = restLoad.median;
        rows.push({ key: 'rest.rps', figure: 'REST get_all (same page): throughput', value: m.requestsPerSecond, display: `${m.requestsPerSecond.toFixed(0)} req/s`, target: '—', pass: null, load1: m.load1 });
        rows.push({ key: 'rest.p99', figure: 'REST get_all: p50 / p99 latency', value: m.p99Ms, display: `${m.p50Ms} / ${m.p99Ms} ms`, target: '—', pass: null, load1: m.load1 });
        if (screenLoad) {
          const ratio = m.requestsPerSecond / screenLoad.median.requestsPerSecond;
          rows.push({ key: 'ratio.rest_graphql', figure: 'REST ÷ GraphQL (throughput)', value: ratio, display: ratio.toFixed(2), target: '≥ 0.80', pass: ratio >= 0.8, load1: null });
        }
      }

      if (options.only.has('aggregates')) {
        const months = (await graphql<{ reportAggregates: unknown[] }>(url, benchTokens.admin, AGGREGATES_QUERY)).data?.reportAggregates.length ?? 0;
        log(`\nreportAggregates by month (${months} months) against an admin list page (${options.page} rows), CPU per request …`);
        const figures = await measureAggregatesCost(url, screenBody(options.page), { requests: Math.max(20, Math.round(options.costRequests / 5)), rounds: options.costRounds, connections: 2, serverPid: pid, databasePid: db.databasePid }, log);
        raw.aggregates = figures;
        rows.push(...aggregatesRows(figures, months));
      }

      if (options.only.has('search')) {
        log('\nSearch by a fragment of a constat name (admin) against the same page without search, CPU per request …');
        const figure = await measureSearchCost(url, { requests: options.costRequests, rounds: options.costRounds, connections: 2, serverPid: pid, databasePid: db.databasePid }, log);
        raw.search = figure;
        rows.push(...searchRows(figure));
      }

      if (options.only.has('export')) {
        log(`\nCSV export of every constat (admin, ${db.dataset.reports} constats), server RSS sampled, a full GC before each …`);
        const figure = await measureExport(url, server.rss, options.runs, log);
        raw.export = figure;
        rows.push(...exportRows(figure, db.dataset.reports));
      }

      if (options.only.has('fanout')) {
        log(`\nnewsPublished fan-out to ${options.fanout} graphql-ws clients …`);
        const fanout: FanoutFigure = await measureFanout(url, { clients: options.fanout, runs: options.runs, rss: server.rss, log });
        raw.fanout = fanout;
        rows.push(...fanoutRows(fanout));
      }

      if (options.only.has('upload')) {
        log(`\nUpload of a ${options.uploadMegabytes} MB PDF (createReport, streamed) …`);
        const upload: UploadFigure = await measureUpload(url, { megabytes: options.uploadMegabytes, runs: options.runs, rss: server.rss, log });
        raw.upload = upload;
        rows.push(...uploadRows(upload));
      }
      if (options.only.has('deposit')) {
        log(`\nField deposit: ${options.depositPhotos} photos over tus, a cut, the gallery's previews, the constat's detail …`);
        const deposit = await measureDeposit(url, { photos: options.depositPhotos, kilobytes: 500, rss: server.rss, log });
        raw.deposit = deposit;
        rows.push(...depositRows(deposit));
      }
      await server.stop();
      server = undefined;
    }

    // --- Cold start ---------------------------------------------------------------------------
    if (options.only.has('cold')) {
      log(`\nCold start of api/src/main.js on the ${db.dataset.reports}-constat database …`);
      const cold: ColdStartFigure = await measureColdStart({ entry: PRODUCT_ENTRY, dataDir: db.appDataDir, env: db.serverEnv, logFile: path.join(logs, 'server-cold.log'), runs: options.runs, log });
      raw.coldStart = cold;
      rows.push({ key: 'cold.seconds', figure: 'Cold start → first /graphql answer', value: cold.median.seconds, display: `${cold.median.seconds.toFixed(2)} s`, target: '≤ 3 s', pass: cold.median.seconds <= 3, load1: cold.median.load1 });
    }
  } finally {
    await server?.stop();
    await db.close();
  }

  const table = printTable(rows);
  log(`\n${table}`);
  const failed = rows.filter((row) => row.pass === false).length;
  const loadAtEnd = uptime();
  log(`\n${failed === 0 ? 'Every target is met.' : `${failed} target(s) missed.`} ${((performance.now() - started) / 60000).toFixed(1)} min. ${loadAtEnd}`);
  const cpus = os.cpus();
  const files = await writeResults(RESULTS, options.engine, {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus[0]?.model,
      cores: cpus.length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      kernel: `${os.type()} ${os.release()}`,
      node: process.version,
      postgres: db.serverVersion,
      uptimeAtStart: loadAtStart,
      uptimeAtEnd: loadAtEnd,
    },
    engine: options.engine,
    options: { ...options, only: [...options.only] },
    dataset: db.dataset,
    rows,
    raw,
  });
  log(`Results: ${files.map((file) => path.relative(ROOT, file)).join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
