import type { Config } from './config.js';
import type { Db } from './infra/db.js';
import type { Mailer, MailQueue } from './infra/mail/index.js';
import type { Storage } from './infra/storage.js';
import type { Staging } from './infra/upload-staging.js';
import type { AppPubSub } from './infra/pubsub.js';
import type { RateLimitStore } from './infra/rate-limits.js';
import type { FileLinks } from './infra/file-links.js';
import type { PdfRenderer } from './infra/pdf/index.js';
import type { ApiTokenScope, Role } from './generated/prisma/enums.js';

/** Long-lived dependencies, built once at start-up and handed to every request. */
export interface Services {
  config: Config;
  db: Db;
  /** The mail transport, used directly only by a send whose failure the user must hear of (a bill's « Envoyer »). */
  mailer: Mailer;
  /** Every other e-mail: queued in the change's transaction, sent after the commit with retries. */
  mailQueue: MailQueue;
  storage: Storage;
  /** Resumable uploads' chunks until their file is whole (tus): DATA_DIR/uploads, or the S3 bucket's `staging/`. */
  staging: Staging;
  pubsub: AppPubSub;
  /** Throttling counters shared by every instance (PostgreSQL, or Redis with REDIS_URL). */
  rateLimits: RateLimitStore;
  /** Signed, short-lived download links for stored files. */
  files: FileLinks;
  /** Background page/photo counting of report files (pg-boss). */
  counting: CountingQueue;
  /** The worker threads that render every PDF, off the event loop. */
  pdfs: PdfRenderer;
  /** Renders each generated bill's PDF after its commit. */
  billPdfs: BillPdfQueue;
  /** Sends the webhooks' deliveries, which triggers record with each change. */
  webhooks: WebhookQueue;
}

/**
 * The background counting of report files, which the reports module feeds. Declared here, below
 * the modules: modules/counting/queue.ts implements it (pg-boss) and bootstrap.ts wires it.
 */
export interface CountingQueue {
  /** Queues the count of these report files; never throws (a failure is logged, the start-up rescan catches up). */
  enqueue(fileIds: number[]): Promise<void>;
  /** Started and not stopped (the readiness check, infra/health.ts). */
  running(): boolean;
  stop(): Promise<void>;
}

/**
 * The rendering of bills' PDFs, which bill generation schedules in its transaction (`pdfDueAt`).
 * Declared here like CountingQueue: modules/billing/pdf-queue.ts implements it.
 */
export interface BillPdfQueue {
  /** Renders what was scheduled, once its transaction has committed (otherwise the next poll does). */
  wake(): void;
  /** Its loop runs (until stop()). */
  running(): boolean;
  stop(): Promise<void>;
}

/**
 * The delivery of webhooks, recorded by the database's triggers in each change's transaction.
 * Declared here like CountingQueue: modules/webhooks/queue.ts implements it.
 */
export interface WebhookQueue {
  /** Sends what is due now (recorded, redelivered) instead of at the next poll. */
  wake(): void;
  /** Its loop runs (until stop()). */
  running(): boolean;
  /** Aborts the try under way (tried again at the next start): never waits for a receiver. */
  stop(): Promise<void>;
}

/** What a personal API token may read beyond its creator's role (modules/apiTokens/scopes.ts). */
export interface TokenGrant {
  /** Read scopes, already cut to the creator's role; each field of a query needs its own. */
  scopes: readonly ApiTokenScope[];
  /** An admin's token limited to these études; null: every étude its creator sees. */
  groupIds: readonly number[] | null;
}

/** The signed-in user behind a request, from a valid session or a personal API token. */
export interface Viewer {
  id: number;
  role: Role;
  /** Null for an API token, which opens no session. */
  sessionId: number | null;
  /** Set when the request came with a personal API token (read-only, /graphql only). */
  apiTokenId?: number;
  /** What that token may read: its scopes (checked on every field) and an admin's étude limit (the read model applies it). */
  grant?: TokenGrant;
  /** The admin who opened this session with "Se connecter" (login-as), if any. */
  impersonatorId: number | null;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export interface AppContext extends Services {
  /** Issued by the authentication step (server/authenticate.ts) before the body was read; never resolved here. */
  viewer: Viewer | null;
  client: ClientInfo;
  /** The request's Idempotency-Key header (creations answer a repeat with the first result). */
  idempotencyKey?: string | null;
  /** An operation of a REST shim (http/rest.ts), not a client's: see ServerContext.serverAuthored. */
  serverAuthored?: boolean;
}
