// The server process the benchmark drives: the product's own startServer(), configured from the
// environment exactly as api/src/main.ts does it, plus bench-only routes under /__bench/ that exist
// only when their flag is set (they are not part of the product and never reach its router):
//   BENCH_FLOOR=1      GET /__bench/floor?first=N  the screen query's JSON by one hand-written SQL statement
//   BENCH_SQL_COUNT=1  GET /__bench/sql            SQL statements Prisma sent since the previous call
// Compiled with the product (scripts/bench/tsconfig.json) and started with plain `node`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadConfig } from '../../api/src/config.js';
import { startServer } from '../../api/src/bootstrap.js';
import { createFloorHandler } from './floor.js';

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

async function main(): Promise<void> {
  const config = loadConfig();
  const statements: string[] = [];
  const countSql = process.env.BENCH_SQL_COUNT === '1';
  const running = await startServer(config, {
    log: (message) => console.log(message),
    // Prisma's query events cost a little: only the statement-counting run turns them on.
    db: countSql ? { onQuery: (sql) => statements.push(sql) } : undefined,
  });

  const routes = new Map<string, (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>>();
  if (process.env.BENCH_FLOOR === '1') routes.set('/__bench/floor', createFloorHandler(running.services));
  if (countSql) {
    routes.set('/__bench/sql', async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ statements: statements.splice(0) }));
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
  console.log(`[bench] serveur prêt sur ${running.url} (routes de banc : ${[...routes.keys()].join(', ') || 'aucune'})`);

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
