// Health endpoints for load balancers and supervisors (README « Load balancers and systemd »):
// /healthz says the process answers; /readyz says whether it can serve, checking the database (a
// short query), the file storage (a small write) and the job queues (running). Anonymous and
// read without a body: each check runs at most once per CACHE_MS whatever the request rate (one
// run is shared by the requests arriving during it), each within CHECK_TIMEOUT_MS.
import type { Db } from './db.js';
import type { Storage } from './storage.js';

export type ReadinessPart = 'database' | 'storage' | 'queue';

/** Each part's failure as an operator reads it on the load balancer's page or in the log. */
export const readinessMessages: Record<ReadinessPart, string> = {
  database: 'Base de données injoignable.',
  storage: 'Stockage des fichiers indisponible en écriture.',
  queue: 'File des tâches (comptage, e-mails, PDF des factures) arrêtée.',
};

const CHECK_TIMEOUT_MS = 2_000;
const CACHE_MS = 1_000;
/** Written by every readiness check: no user's file (a restore's empty target may have it). */
export const PROBE_KEY = 'health/probe';

/** Each part's outcome: null when it works, else the reason (kept for the log, never answered). */
export type ReadinessResults = Record<ReadinessPart, string | null>;

export interface Readiness {
  status: 200 | 503;
  body: { status: 'ok' } | { status: 'indisponible'; failing: ReadinessPart[]; message: string };
}

/** The answer to /readyz for these outcomes: 503 naming every failing part, in French. */
export function readiness(results: ReadinessResults): Readiness {
  const failing = (Object.keys(results) as ReadinessPart[]).filter((part) => results[part] !== null);
  if (failing.length === 0) return { status: 200, body: { status: 'ok' } };
  return {
    status: 503,
    body: { status: 'indisponible', failing, message: failing.map((part) => readinessMessages[part]).join(' ') },
  };
}

/** A check's outcome within `ms`: null, or why it failed (its error, or its silence). */
export async function within(ms: number, check: () => Promise<unknown>): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`pas de réponse en ${ms} ms`), ms);
  });
  try {
    return await Promise.race([
      check().then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The /readyz check of these services, shared and cached as said above; failures logged once each. */
export function createReadinessCheck(
  services: { db: Db; storage: Storage } & Record<'counting' | 'mailQueue' | 'billPdfs', { running(): boolean }>,
  log: (message: string) => void = (message) => console.error(message),
): () => Promise<Readiness> {
  let last: { at: number; result: Readiness } | null = null;
  let running: Promise<Readiness> | null = null;
  let lastLogged = '';
  const run = async (): Promise<Readiness> => {
    const [database, storage] = await Promise.all([
      within(CHECK_TIMEOUT_MS, () => services.db.$queryRaw`SELECT 1`),
      within(CHECK_TIMEOUT_MS, () => services.storage.put(PROBE_KEY, Buffer.from(new Date().toISOString()))),
    ]);
    const queue = services.counting.running() && services.mailQueue.running() && services.billPdfs.running() ? null : 'arrêtée';
    const results: ReadinessResults = { database, storage, queue };
    const reasons = Object.entries(results)
      .filter(([, reason]) => reason !== null)
      .map(([part, reason]) => `${part}: ${reason}`)
      .join('; ');
    if (reasons && reasons !== lastLogged) log(`[santé] non prêt : ${reasons}`);
    lastLogged = reasons;
    return readiness(results);
  };
  return async () => {
    if (last && Date.now() - last.at < CACHE_MS) return last.result;
    running ??= run().finally(() => (running = null));
    const result = await running;
    last = { at: Date.now(), result };
    return result;
  };
}
