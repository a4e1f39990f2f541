// The server process the benchmark drives: the product's own startServer(), configured from the
// environment exactly as api/src/main.ts does it, plus bench-only routes under /__bench/ that exist
// only when their flag is set (they are not part of the product and never reach its router):
//   BENCH_FLOOR=1      GET /__bench/floor?first=N  the screen query's JSON from the read model's statements, without GraphQL
//   BENCH_SQL_COUNT=1  GET /__bench/sql            SQL statements Prisma sent since the previous call
//                      POST /__bench/explain       EXPLAIN (ANALYZE, BUFFERS) of given statements
//   BENCH_GC=1         POST /__bench/gc            a full garbage collection (node --expose-gc), then the memory
//                                                  figures: the export's RSS baseline that the GC's timing does not move
// Compiled with the product (scripts/bench/tsconfig.json) and started with plain `node`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadConfig } from '../../api/src/config.js';
import { startServer } from '../../api/src/bootstrap.js';
import { createFloorHandler } from './floor.js';

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

async function main(): Promise<void> {
  const config = loadConfig();
  const statements: { sql: string; params: string }[] = [];
  const countSql = process.env.BENCH_SQL_COUNT === '1';
  const running = await startServer(config, {
    log: (message) => console.log(message),
    // Prisma's query events cost a little: only the statement-counting run turns them on.
    db: countSql ? { onQuery: (sql, params) => statements.push({ sql, params }) } : undefined,
  });

  const routes = new Map<string, (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>>();
  if (process.env.BENCH_FLOOR === '1') routes.set('/__bench/floor', createFloorHandler(running.services));
  if (process.env.BENCH_GC === '1') {
    const collect = (globalThis as { gc?: () => void }).gc;
    if (!collect) throw new Error('BENCH_GC=1 needs node --expose-gc');
    routes.set('/__bench/gc', (_request, response) => {
      // Twice: the first full GC may leave what only finalisers freed for the second.
      collect();
      collect();
      const { rss, heapUsed, heapTotal } = process.memoryUsage();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ rss, heapUsed, heapTotal }));
      return Promise.resolve();
    });
  }
  if (countSql) {
    routes.set('/__bench/sql', (_request, response) => {
      const taken = statements.splice(0);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ statements: taken.map((entry) => entry.sql), params: taken.map((entry) => entry.params) }));
      return Promise.resolve();
    });
    // Plans of the statements the bench captured (body: { statements, params }),
    // each the fastest (warm) of several runs.
    routes.set('/__bench/explain', async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { statements: string[]; params: string[] };
      const list = body.statements.map((sql, index) => ({ sql, params: JSON.parse(body.params[index]) as unknown[] }));
      const db = running.services.db;
      const plans: string[] = [];
      for (const statement of list) {
        // The fastest of 15 runs: on a shared machine the others carry other processes' preemptions.
        let best: { ms: number; plan: string } = { ms: Infinity, plan: '' };
        for (let run = 0; run < 15; run++) {
          const rows: { 'QUERY PLAN': string }[] = await db.$queryRawUnsafe(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, ...statement.params);
          const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
          const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Infinity);
          if (ms < best.ms) best = { ms, plan };
        }
        // Named prepared statements (api/src/infra/db.ts) switch to a generic plan after five runs
        // when PostgreSQL deems it no costlier: that plan, the one served under load, is shown too.
        const generic = await db.$transaction(async (tx) => {
          await tx.$executeRawUnsafe('SET LOCAL plan_cache_mode = force_generic_plan');
          const rows: { 'QUERY PLAN': string }[] = await tx.$queryRawUnsafe(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, ...statement.params);
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        });
        plans.push(`${statement.sql.trim()}\n-- ${JSON.stringify(statement.params)}\n${best.plan}\n-- generic plan:\n${generic}`);
      }
      const prepared: { name: string; generic_plans: bigint; custom_plans: bigint; statement: string }[] = await db.$queryRawUnsafe(
        'SELECT name, generic_plans, custom_plans, left(statement, 120) AS statement FROM pg_prepared_statements',
      );
      plans.push(`-- pg_prepared_statements of one connection:\n${prepared.map((row) => `${row.name}\tgeneric ${row.generic_plans}\tcustom ${row.custom_plans}\t${row.statement.replace(/\s+/g, ' ')}`).join('\n')}`);
      statements.splice(0);
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(plans.join('\n\n'));
    });
  }

  if (routes.size > 0) {
    // In front of the product's request listener, which keeps every other path.
    const server = running.app.server;
    const product = server.listeners('request') as Listener[];
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const url = new URL(request.url ?? '/', 'http://bench');
      const route = routes.get(url.pathname);
      if (!route) {
        for (const listener of product) listener.call(server, request, response);
        return;
      }
      route(request, response, url).catch((error: unknown) => {
        console.error('[bench]', error);
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
  }
  console.log(`[bench] server ready on ${running.url} (bench routes: ${[...routes.keys()].join(', ') || 'none'})`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
