// `npm run bench [-- --db=postgres] [--reports=N] …`: the API at scale against its own floor.
//
//   1. compiles the product and the bench's server entry (scripts/bench/tsconfig.json);
//   2. builds (or reuses) the dataset: 100,000 constats over five years (dataset.ts, database.ts);
//   3. starts the real server in its own process (process.ts) and measures it from this one:
//      statement counts, a calibration route, screen query vs its floor vs the REST shim
//      (autocannon), graphql-ws fan-out, a 200 MB upload, and cold starts of api/src/main.js;
//      before all this, with no database, the automatic counting (counting.ts: pages per second,
//      memory of a 150 MB DOCX);
//   4. prints one table and writes bench/results/latest.json (+ .md).
// Options: --db=embedded|postgres --reports=100000 --runs=3 --duration=10 --warmup=5
// --connections=10 --page=50 --fanout=1000 --upload-mb=200
// --only=sql,cost,execution,calibration,screen,floor,rest,aggregates,search,export,fanout,upload,cold,counting --cost-requests=300 --cost-rounds=3 --cost-targets=GraphQL,plancher,REST
// --explain (with sql: plans of the screen query's statements and of the floor's in bench/.data/explain.txt)
// --fresh (rebuild the dataset) --max-age-hours=24 --profile (CPU profile of the measured server)
// --no-build --node-args="--flag …" (extra node flags of the measured server, for A/B runs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { measureColdStart, type ColdStartFigure } from './coldstart.js';
import { measureCost } from './cost.js';
import { measureExecution } from './execution.js';
import { benchTokens } from './dataset.js';
import { prepareDatabase, type Engine } from './database.js';
import { measureFanout, type FanoutFigure } from './fanout.js';
import { measureLoad, median, type LoadFigure, type LoadSettings } from './load.js';
import { graphql, startServerProcess, type ServerProcess } from './process.js';
import { SCREEN_QUERY, restGetAllPath } from './queries.js';
import { printTable, writeResults, type Row } from './report.js';
import { aggregatesRows, exportRows, measureAggregatesCost, measureExport, AGGREGATES_QUERY } from './reporting.js';
import { measureSearchCost, searchRows } from './search.js';
import { measureUpload, type UploadFigure } from './upload.js';
import { measureCounting, type CountingFigure } from './counting.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DATA = path.join(ROOT, 'bench/.data');
const BUILD = path.join(DATA, 'build');
const PRODUCT_ENTRY = path.join(BUILD, 'api/src/main.js');
const BENCH_ENTRY = path.join(BUILD, 'scripts/bench/server.js');
const FIGURES = ['sql', 'cost', 'execution', 'calibration', 'screen', 'floor', 'rest', 'aggregates', 'search', 'export', 'fanout', 'upload', 'cold', 'counting'] as const;
type FigureName = (typeof FIGURES)[number];

function parseArgs(argv: string[]) {
  const args = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`argument inconnu : ${arg}`);
    args.set(match[1], match[2] ?? 'true');
  }
  const number = (name: string, fallback: number) => {
    const value = Number(args.get(name) ?? fallback);
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} attend un nombre`);
    return value;
  };
  const db = args.get('db') ?? 'embedded';
  if (db !== 'embedded' && db !== 'postgres') throw new Error('--db=embedded ou --db=postgres');
  const only = (args.get('only')?.split(',') ?? [...FIGURES]) as FigureName[];
  for (const name of only) if (!FIGURES.includes(name)) throw new Error(`--only : ${name} inconnu (${FIGURES.join(', ')})`);
  return {
    engine: db as Engine,
    reports: number('reports', 100_000),
    runs: number('runs', 3),
    durationSeconds: number('duration', 10),
    warmupSeconds: number('warmup', 5),
    connections: number('connections', 10),
    page: number('page', 50),
    fanout: number('fanout', 1000),
    uploadMegabytes: number('upload-mb', 200),
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
    costTargets: (args.get('cost-targets') ?? 'GraphQL,plancher,REST').split(','),
  };
}

const log = (message: string) => console.log(message);
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(0)}`;
const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();

function build(): void {
  log('Compilation (tsc, scripts/bench/tsconfig.json) …');
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'scripts/bench/tsconfig.json'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    // tsc still emits; type errors elsewhere in the tree (work in progress) need not stop a measurement.
    log(`  tsc a signalé des erreurs (code ${result.status}) ; le code émis est utilisé :\n${(result.stdout + result.stderr).split('\n').slice(0, 15).join('\n')}`);
  }
  for (const entry of [PRODUCT_ENTRY, BENCH_ENTRY]) if (!existsSync(entry)) throw new Error(`compilation incomplète : ${entry} manquant`);
}

/** Links carry an expiry rounded to the minute and its signature: equal data, maybe other minute. */
const normalise = (body: string) => body.replace(/exp=\d+&sig=[A-Za-z0-9_-]+/g, 'exp=…&sig=…');

function firstDifference(a: unknown, b: unknown, at = '$'): string | null {
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) return `${at}: ${JSON.stringify(a)?.slice(0, 80)} ≠ ${JSON.stringify(b)?.slice(0, 80)}`;
  if (a && typeof a === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b as object)]);
    for (const key of keys) {
      const difference = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}.${key}`);
      if (difference) return difference;
    }
    return null;
  }
  return a === b ? null : `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const loadAtStart = uptime();
  log(`npm run bench — ${options.engine}, ${options.reports} constats — ${loadAtStart}`);
  if (options.build) build();

  // --- Automatic counting (no database) -------------------------------------------------------
  const rows: Row[] = [];
  const raw: Record<string, unknown> = {};
  if (options.only.has('counting')) {
    log('\nComptage automatique (fil de travail compilé) …');
    const counting: CountingFigure = await measureCounting({ build: BUILD, workDir: path.join(DATA, 'counting'), runs: options.runs, log });
    raw.counting = counting;
    rows.push({
      key: 'counting.pages_per_s',
      figure: `Comptage : pages par seconde (PDF et DOCX de ${counting.pages} pages, ${counting.photos} photos)`,
      value: counting.pagesPerSecond,
      display: `${counting.pagesPerSecond.toFixed(0)} p/s (PDF ${counting.pdfSeconds.toFixed(1)} s, DOCX ${counting.docxSeconds.toFixed(1)} s ${counting.docxStatus === 'DONE' ? 'LibreOffice' : 'estimé'})`,
      target: '—',
      pass: null,
      load1: null,
    });
    rows.push({
      key: 'counting.docx_rss',
      figure: `Comptage d’un DOCX de ${counting.bigDocx.megabytes.toFixed(0)} Mo, ${counting.bigDocx.photos} photos : RSS en plus`,
      value: counting.bigDocx.extraRssBytes,
      display: `${(counting.bigDocx.extraRssBytes / 1048576).toFixed(1)} Mio`,
      target: '≤ 256 Mio',
      pass: counting.bigDocx.extraRssBytes <= 256 * 1048576,
      load1: null,
    });
    if (options.only.size === 1) {
      log(`\n${printTable(rows)}`);
      await fs.mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
      await fs.writeFile(path.join(ROOT, 'bench/results/latest-counting.json'), `${JSON.stringify({ date: new Date().toISOString(), rows, raw }, null, 2)}\n`);
      return;
    }
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
  const screenBody = (first: number) => JSON.stringify({ query: SCREEN_QUERY, variables: { first } });
  const metaProbe = async (url: string) => (await fetch(`${url}/meta.json`)).ok;
  const p99Target = options.engine === 'postgres' ? 30 : 50;
  let server: ServerProcess | undefined;

  try {
    await db.reset();

    // --- SQL statements per screen query ------------------------------------------------------
    if (options.only.has('sql')) {
      log('\nRequêtes SQL par requête écran (journal des requêtes Prisma, BENCH_SQL_COUNT=1) …');
      server = await startServerProcess({ entry: BENCH_ENTRY, dataDir: db.appDataDir, env: { ...db.serverEnv, BENCH_SQL_COUNT: '1' }, logFile: path.join(logs, 'server-sql.log'), probe: metaProbe });
      const url = server.url;
      const take = async () => ((await (await fetch(`${url}/__bench/sql`)).json()) as { statements: string[] }).statements;
      const statementsFor = async (first: number) => {
        await graphql(url, benchTokens.admin, SCREEN_QUERY, { first }); // session touch, caches
        const counts: number[] = [];
        let statements: string[] = [];
        for (let run = 0; run < 3; run++) {
          await take();
          const result = await graphql(url, benchTokens.admin, SCREEN_QUERY, { first });
          if (result.errors) throw new Error(`requête écran en erreur : ${JSON.stringify(result.errors)}`);
          // As tests/api/report-uploads-and-queries.test.ts counts: transaction control aside.
          statements = (await take()).filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(sql));
          counts.push(statements.length);
        }
        return { count: median(counts), statements };
      };
      const ten = await statementsFor(10);
      const page = await statementsFor(50);
      if (options.explain) {
        await graphql(url, benchTokens.admin, SCREEN_QUERY, { first: options.page });
        const captured = (await (await fetch(`${url}/__bench/sql`)).json()) as { statements: string[]; params: string[] };
        const keep = captured.statements.map((sql, index) => ({ sql, params: captured.params[index] })).filter((entry) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(entry.sql));
        const viewer = await graphql<{ me: { databaseId: number } }>(url, benchTokens.admin, '{ me { databaseId } }');
        const explained = await fetch(`${url}/__bench/explain`, {
          method: 'POST',
          body: JSON.stringify({ statements: keep.map((entry) => entry.sql), params: keep.map((entry) => entry.params), floor: { first: options.page, viewerId: viewer.data!.me.databaseId } }),
        });
        const file = path.join(DATA, 'explain.txt');
        await fs.writeFile(file, await explained.text());
        log(`  plans (EXPLAIN ANALYZE, BUFFERS) des ${keep.length} requêtes écran et du plancher : ${path.relative(ROOT, file)}`);
      }
      await server.stop();
      server = undefined;
      log(`  10 lignes : ${ten.count} requêtes ; 50 lignes : ${page.count} requêtes`);
      raw.sql = { at10: ten, at50: page };
      const pass = page.count <= 6 && ten.count === page.count;
      rows.push({ key: 'sql.10', figure: 'SQL par requête écran, 10 lignes', value: ten.count, display: String(ten.count), target: '≤ 6, = à 50', pass: ten.count <= 6 && ten.count === page.count, load1: null });
      rows.push({ key: 'sql.50', figure: 'SQL par requête écran, 50 lignes', value: page.count, display: String(page.count), target: '≤ 6, = à 10', pass, load1: null });
    }

    // --- Throughput, fan-out and upload on one server process ---------------------------------
    const wantsServer = ['cost', 'execution', 'calibration', 'screen', 'floor', 'rest', 'aggregates', 'search', 'export', 'fanout', 'upload'].some((name) => options.only.has(name as FigureName));
    if (wantsServer) {
      log(`\nServeur mesuré (BENCH_FLOOR=1${options.profile ? ', --cpu-prof' : ''}) …`);
      server = await startServerProcess({
        entry: BENCH_ENTRY,
        dataDir: db.appDataDir,
        env: { ...db.serverEnv, BENCH_FLOOR: '1' },
        logFile: path.join(logs, 'server.log'),
        probe: metaProbe,
        nodeArgs: [...options.nodeArgs, ...(options.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(DATA, 'profiles')}`] : [])],
      });
      const url = server.url;
      log(`  pid ${server.pid}, ${url}, RSS ${(server.rss() / 1048576).toFixed(0)} Mio`);

      // The three paths must answer the same page before their speeds are compared.
      const screen = await graphql<{ reports: { edges: unknown[] } }>(url, benchTokens.admin, SCREEN_QUERY, { first: options.page });
      if (screen.errors || !screen.data) throw new Error(`requête écran en erreur : ${JSON.stringify(screen.errors)}`);
      const floorResponse = await fetch(`${url}/__bench/floor?first=${options.page}`, { headers: adminHeaders });
      const floorText = await floorResponse.text();
      const difference = firstDifference(JSON.parse(normalise(JSON.stringify(screen))), JSON.parse(normalise(floorText)));
      raw.floorMatchesGraphQL = difference === null;
      log(`  plancher : ${difference === null ? 'même JSON que /graphql' : `DIFFÈRE de /graphql en ${difference}`}`);
      const rest = await fetch(`${url}${restGetAllPath(options.page)}`, { headers: adminHeaders });
      const restBody = (await rest.json()) as { reports?: unknown[] };
      log(`  REST get_all : ${rest.status}, ${restBody.reports?.length ?? 0} constats ; GraphQL : ${screen.data.reports.edges.length} constats`);
      if (rest.status !== 200) throw new Error(`get_all a répondu ${rest.status}`);

      if (options.only.has('cost')) {
        // CPU per request barely moves with the machine's load: the figure to compare changes by.
        log(`\nCPU par requête (${options.costRounds} tours alternés de ${options.costRequests} requêtes, ${options.connections} clients) …`);
        const figures = await measureCost(
          ([
            { name: 'GraphQL', target: { url: `${url}/graphql`, method: 'POST', headers: { ...adminHeaders, 'content-type': 'application/json' }, body: screenBody(options.page) } },
            { name: 'plancher', target: { url: `${url}/__bench/floor?first=${options.page}`, method: 'GET', headers: adminHeaders } },
            { name: 'REST', target: { url: `${url}${restGetAllPath(options.page)}`, method: 'GET', headers: adminHeaders } },
          ] as const).filter((entry) => options.costTargets.includes(entry.name)),
          { requests: options.costRequests, rounds: options.costRounds, connections: options.connections, serverPid: server.pid },
          log,
        );
        raw.cost = figures;
        // Only the embedded PostgreSQL runs below the server process; an external one is not counted.
        const database = options.engine === 'embedded';
        for (const figure of figures) {
          const m = figure.median;
          rows.push({
            key: `cost.${figure.name === 'plancher' ? 'floor' : figure.name.toLowerCase()}`,
            figure: `CPU par requête ${figure.name} : serveur${database ? ' + PostgreSQL' : ''}`,
            value: database ? m.totalMs : m.serverMs,
            display: database ? `${m.serverMs.toFixed(1)} + ${m.databaseMs.toFixed(1)} ms` : `${m.serverMs.toFixed(1)} ms`,
            target: '—',
            pass: null,
            load1: null,
          });
        }
      }

      if (options.only.has('execution')) {
        // The same response walked by the executor alone, in this process: the GraphQL layer's own share.
        log('\nExécution GraphQL seule (la réponse de l’écran en mémoire, résolveurs par défaut) …');
        const execution = measureExecution(
          await fs.readFile(path.join(ROOT, 'schema.graphql'), 'utf8'),
          { query: SCREEN_QUERY, variables: { first: options.page }, data: screen.data },
          { iterations: 300, rounds: options.runs },
        );
        raw.execution = execution;
        log(`  ${execution.fields} champs : ${execution.rounds.map((ms) => ms.toFixed(2)).join(' / ')} ms CPU par exécution`);
        rows.push({
          key: 'execution.ms',
          figure: `Exécution GraphQL seule, ${execution.fields} champs (réponse en mémoire)`,
          value: execution.medianMs,
          display: `${execution.medianMs.toFixed(1)} ms CPU`,
          target: '—',
          pass: null,
          load1: null,
        });
      }

      if (options.only.has('calibration')) {
        // What one request costs this machine before any application work: the cheapest route,
        // through the same HTTP stack. Read the other figures against it.
        log('\nÉtalonnage : GET /meta.json …');
        const calibration = await measureLoad('meta.json', { url: `${url}/meta.json`, method: 'GET', headers: {} }, settings, log);
        raw.calibration = calibration;
        const m = calibration.median;
        rows.push({ key: 'calibration.rps', figure: 'Étalonnage : GET /meta.json (pile HTTP seule)', value: m.requestsPerSecond, display: `${m.requestsPerSecond.toFixed(0)} req/s, p99 ${m.p99Ms} ms`, target: '—', pass: null, load1: m.load1 });
      }

      let screenLoad: LoadFigure | undefined;
      let floorLoad: LoadFigure | undefined;
      let restLoad: LoadFigure | undefined;
      if (options.only.has('screen')) {
        log(`\nRequête écran GraphQL, ${options.page} lignes, ${options.connections} clients (${options.warmupSeconds} s d’échauffement, ${options.runs} × ${options.durationSeconds} s) …`);
        screenLoad = await measureLoad('GraphQL', { url: `${url}/graphql`, method: 'POST', headers: { ...adminHeaders, 'content-type': 'application/json' }, body: screenBody(options.page) }, settings, log);
        raw.screen = screenLoad;
        const m = screenLoad.median;
        rows.push({ key: 'screen.rps', figure: `Écran admin GraphQL (${options.page} lignes, ${options.connections} clients) : débit`, value: m.requestsPerSecond, display: `${m.requestsPerSecond.toFixed(0)} req/s`, target: '≥ 300 req/s', pass: m.requestsPerSecond >= 300 && m.failures === 0, load1: m.load1 });
        rows.push({ key: 'screen.p50', figure: 'Écran admin GraphQL : latence p50', value: m.p50Ms, display: `${m.p50Ms} ms`, target: '—', pass: null, load1: m.load1 });
        rows.push({ key: 'screen.p99', figure: 'Écran admin GraphQL : latence p99', value: m.p99Ms, display: `${m.p99Ms} ms`, target: `≤ ${p99Target} ms`, pass: m.p99Ms <= p99Target, load1: m.load1 });
      }
      if (options.only.has('floor')) {
        log('\nPlancher (une requête SQL écrite à la main, même JSON) …');
        floorLoad = await measureLoad('plancher', { url: `${url}/__bench/floor?first=${options.page}`, method: 'GET', headers: adminHeaders }, settings, log);
        raw.floor = floorLoad;
        const m = floorLoad.median;
        rows.push({ key: 'floor.rps', figure: 'Plancher (SQL à la main) : débit', value: m.requestsPerSecond, display: `${m.requestsPerSecond.toFixed(0)} req/s`, target: '—', pass: null, load1: m.load1 });
        rows.push({ key: 'floor.p99', figure: 'Plancher : latence p50 / p99', value: m.p99Ms, display: `${m.p50Ms} / ${m.p99Ms} ms`, target: '—', pass: null, load1: m.load1 });
        if (screenLoad) {
          const ratio = screenLoad.median.requestsPerSecond / m.requestsPerSecond;
          rows.push({ key: 'ratio.graphql_floor', figure: 'GraphQL ÷ plancher (débit)', value: ratio, display: ratio.toFixed(2), target: '≥ 0.60', pass: ratio >= 0.6 && raw.floorMatchesGraphQL === true, load1: null });
        }
      }
      if (options.only.has('rest')) {
        log(`\nREST GET ${restGetAllPath(options.page)} …`);
        restLoad = await measureLoad('REST', { url: `${url}${restGetAllPath(options.page)}`, method: 'GET', headers: adminHeaders }, settings, log);
        raw.rest = restLoad;
        const m = restLoad.median;
        rows.push({ key: 'rest.rps', figure: 'REST get_all (même page) : débit', value: m.requestsPerSecond, display: `${m.requestsPerSecond.toFixed(0)} req/s`, target: '—', pass: null, load1: m.load1 });
        rows.push({ key: 'rest.p99', figure: 'REST get_all : latence p50 / p99', value: m.p99Ms, display: `${m.p50Ms} / ${m.p99Ms} ms`, target: '—', pass: null, load1: m.load1 });
        if (screenLoad) {
          const ratio = m.requestsPerSecond / screenLoad.median.requestsPerSecond;
          rows.push({ key: 'ratio.rest_graphql', figure: 'REST ÷ GraphQL (débit)', value: ratio, display: ratio.toFixed(2), target: '≥ 0.80', pass: ratio >= 0.8, load1: null });
        }
      }

      if (options.only.has('aggregates')) {
        const months = (await graphql<{ reportAggregates: unknown[] }>(url, benchTokens.admin, AGGREGATES_QUERY)).data?.reportAggregates.length ?? 0;
        log(`\nreportAggregates par mois (${months} mois) contre une page de liste admin (${options.page} lignes), CPU par requête …`);
        const figures = await measureAggregatesCost(url, screenBody(options.page), { requests: Math.max(20, Math.round(options.costRequests / 5)), rounds: options.costRounds, connections: 2, serverPid: server.pid }, log);
        raw.aggregates = figures;
        rows.push(...aggregatesRows(figures, months, options.engine === 'embedded'));
      }

      if (options.only.has('search')) {
        log('\nRecherche par fragment de nom de constat (admin) contre la même page sans recherche, CPU par requête …');
        const figure = await measureSearchCost(url, { requests: options.costRequests, rounds: options.costRounds, connections: 2, serverPid: server.pid }, log);
        raw.search = figure;
        rows.push(...searchRows(figure, options.engine === 'embedded'));
      }

      if (options.only.has('export')) {
        log(`\nExport CSV de tous les constats (admin, ${db.dataset.reports} constats), RSS du serveur échantillonné …`);
        const figure = await measureExport(url, server.rss, log);
        raw.export = figure;
        rows.push(...exportRows(figure, db.dataset.reports));
      }

      if (options.only.has('fanout')) {
        log(`\nDiffusion newsPublished à ${options.fanout} clients graphql-ws …`);
        const fanout: FanoutFigure = await measureFanout(url, { clients: options.fanout, runs: options.runs, rss: server.rss, log });
        raw.fanout = fanout;
        const m = fanout.median;
        const complete = m.received === fanout.clients;
        rows.push({ key: 'fanout.p50', figure: `Diffusion à ${fanout.clients} clients : p50`, value: m.p50Ms, display: `${m.p50Ms.toFixed(0)} ms`, target: '—', pass: null, load1: m.load1 });
        rows.push({ key: 'fanout.p99', figure: `Diffusion à ${fanout.clients} clients : p99`, value: m.p99Ms, display: complete ? `${m.p99Ms.toFixed(0)} ms` : `${m.received}/${fanout.clients} reçues`, target: '≤ 250 ms', pass: complete && m.p99Ms <= 250, load1: m.load1 });
        rows.push({ key: 'fanout.last', figure: 'Diffusion : dernier client servi', value: m.maxMs, display: `${m.maxMs.toFixed(0)} ms`, target: '—', pass: null, load1: m.load1 });
        rows.push({
          key: 'fanout.rss',
          figure: `RSS serveur, ${fanout.clients} sockets ouvertes`,
          value: fanout.rssWithSocketsBytes,
          display: `${(fanout.rssWithSocketsBytes / 1048576).toFixed(0)} Mio (${signed((fanout.rssWithSocketsBytes - fanout.rssBeforeBytes) / 1048576)} Mio)`,
          target: '—',
          pass: null,
          load1: null,
        });
      }

      if (options.only.has('upload')) {
        log(`\nEnvoi d’un PDF de ${options.uploadMegabytes} Mo (createReport, flux) …`);
        const upload: UploadFigure = await measureUpload(url, { megabytes: options.uploadMegabytes, runs: options.runs, rss: server.rss, log });
        raw.upload = upload;
        const m = upload.median;
        rows.push({ key: 'upload.mbps', figure: `Envoi ${upload.megabytes} Mo : débit`, value: m.megabytesPerSecond, display: `${m.megabytesPerSecond.toFixed(0)} Mo/s`, target: '≥ 100 Mo/s', pass: m.megabytesPerSecond >= 100, load1: m.load1 });
        rows.push({ key: 'upload.rss', figure: `Envoi ${upload.megabytes} Mo : pic de RSS en plus (pire envoi)`, value: m.rssGrowthBytes, display: `${(m.rssGrowthBytes / 1048576).toFixed(1)} Mio`, target: '≤ 64 Mio', pass: m.rssGrowthBytes <= 64 * 1048576, load1: m.load1 });
      }
      await server.stop();
      server = undefined;
    }

    // --- Cold start ---------------------------------------------------------------------------
    if (options.only.has('cold')) {
      log(`\nDémarrage à froid de api/src/main.js sur la base de ${db.dataset.reports} constats …`);
      const cold: ColdStartFigure = await measureColdStart({ entry: PRODUCT_ENTRY, dataDir: db.appDataDir, env: db.serverEnv, logFile: path.join(logs, 'server-cold.log'), runs: options.runs, log });
      raw.coldStart = cold;
      rows.push({ key: 'cold.seconds', figure: 'Démarrage à froid → première réponse /graphql', value: cold.median.seconds, display: `${cold.median.seconds.toFixed(2)} s`, target: '≤ 3 s', pass: cold.median.seconds <= 3, load1: cold.median.load1 });
    }
  } finally {
    await server?.stop();
    await db.close();
  }

  const table = printTable(rows);
  log(`\n${table}`);
  const failed = rows.filter((row) => row.pass === false).length;
  const loadAtEnd = uptime();
  log(`\n${failed === 0 ? 'Toutes les cibles sont tenues.' : `${failed} cible(s) manquée(s).`} Durée ${((performance.now() - started) / 60000).toFixed(1)} min. ${loadAtEnd}`);
  const cpus = os.cpus();
  const files = await writeResults(path.join(ROOT, 'bench/results'), options.engine, {
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
  log(`Résultats : ${files.map((file) => path.relative(ROOT, file)).join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
