import path from 'node:path';

/** Every environment variable the server reads, parsed and validated in one place. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  /**
   * Introspection, GraphiQL and field suggestions for everyone: only when NODE_ENV names development
   * or test explicitly. A server started without NODE_ENV keeps development's demo data but is
   * closed like production, since that is how `npm start` reaches the internet.
   */
  devTools: boolean;
  /** Origins allowed to call the API from another site (CORS_ORIGINS, comma-separated); none by default. */
  corsOrigins: string[];
  host: string;
  port: number;
  /** Public base URL used in e-mail links (no trailing slash). */
  publicUrl: string;
  dataDir: string;
  /** External PostgreSQL; when absent the app runs its own embedded server in DATA_DIR/pg. */
  databaseUrl?: string;
  /**
   * A database statement outside a transaction, and a new connection's handshake, must be answered
   * within this, seconds (DB_STATEMENT_TIMEOUT_SECONDS, default 4): a frozen database then fails
   * requests with a 503 in seconds instead of holding them.
   */
  dbStatementTimeoutSeconds: number;
  /**
   * A statement inside a transaction, which may wait on others' row locks, seconds
   * (DB_TRANSACTION_TIMEOUT_SECONDS, default 30); PostgreSQL cancels any statement running longer.
   */
  dbTransactionTimeoutSeconds: number;
  /** A request waits this long for a free database connection, seconds (DB_POOL_TIMEOUT_SECONDS, default 10). */
  dbPoolTimeoutSeconds: number;
  redisUrl?: string;
  /** S3-compatible object storage for files (https://KEY:SECRET@host/bucket?region=…); DATA_DIR/files otherwise. */
  storageUrl?: string;
  smtpUrl?: string;
  /** Each SMTP step's limit, seconds (SMTP_TIMEOUT_SECONDS, default 10): a hanging relay fails in bounded time. */
  smtpTimeoutSeconds: number;
  mailFrom: string;
  /** Honour X-Forwarded-For for the client address (only behind a trusted reverse proxy). */
  trustProxy: boolean;
  /** Serve the web build from this folder (SPA fallback to index.html). */
  webDir: string;
  sessionHours: number;
  rememberDays: number;
  resetTokenMinutes: number;
  seedDemoData: boolean;
  /** Largest accepted upload, bytes (MAX_UPLOAD_MB, default 200). */
  maxUploadBytes: number;
  /** Most files in one upload request (MAX_UPLOAD_FILES, default 50). */
  maxUploadFiles: number;
  /** Largest upload request body, all files together, bytes (MAX_UPLOAD_REQUEST_MB, default 500, more than MAX_UPLOAD_MB). */
  maxUploadRequestBytes: number;
  /** A request that is not an upload: its headers, then its body, each within this time (REQUEST_TIMEOUT_SECONDS, default 60). */
  requestTimeoutSeconds: number;
  /** The whole of an upload request (UPLOAD_TIMEOUT_MINUTES, default 120). */
  uploadTimeoutMinutes: number;
  /** An upload slower than UPLOAD_MIN_KB (default 1) per UPLOAD_RATE_WINDOW_SECONDS (default 30) is cut. */
  uploadMinKb: number;
  uploadRateWindowSeconds: number;
  /** Connections without a session one client address may hold (MAX_CONNECTIONS_PER_ADDRESS, default 200; 0: no cap). */
  maxConnectionsPerAddress: number;
  /** Of a body answered before it was read, at most this much is read and dropped before closing (DRAIN_REFUSED_BODY_MB, default 8). */
  drainRefusedBodyMb: number;
  /** Signs download links; set the same APP_SECRET on every instance behind a load balancer. */
  appSecret?: string;
  /** Lifetime of signed download links. */
  fileLinkMinutes: number;
  /** Subscriptions one graphql-ws socket may hold open, and one session or API token over server-sent events (LIVE_SUBSCRIPTIONS_PER_SOCKET, default 20). */
  liveSubscriptionsPerSocket: number;
  /** graphql-ws sockets one session or API token may hold open on an instance (LIVE_SOCKETS_PER_SESSION, default 5). */
  liveSocketsPerSession: number;
  /** Query cost each personal API token may spend per minute (API_TOKEN_COST_PER_MINUTE, default 50,000). */
  apiTokenCostPerMinute: number;
  /**
   * Hosts webhooks may reach over http:// or at a loopback or private address (WEBHOOK_ALLOWED_HOSTS,
   * comma-separated host names or host:port, lower-cased; default none: public https:// only).
   */
  webhookAllowedHosts: string[];
  /** Report files this instance counts at once (COUNTING_CONCURRENCY, default 2; 0: queue only, another instance counts). */
  countingConcurrency: number;
  /** Time limit of one file's count, seconds (COUNTING_TIMEOUT_SECONDS, default 300). */
  countingTimeoutSeconds: number;
  /** Time limit of a file read without LibreOffice (PDF, TXT, zip entries), seconds (COUNTING_READ_TIMEOUT_SECONDS, default 60). */
  countingReadTimeoutSeconds: number;
  /** Memory (data segment and RSS) of each counting process, MB (COUNTING_MEMORY_MB, default 512). */
  countingMemoryMb: number;
  /** Worker threads rendering bills' PDFs off the event loop (PDF_RENDER_THREADS, default 1). */
  pdfRenderThreads: number;
  /** Bytes the files an account sent may hold in storage (STORAGE_QUOTA_USER_MB, default 20,480). */
  storageQuotaUserBytes: number;
  /** Bytes the files of an étude's accounts may hold together (STORAGE_QUOTA_GROUP_MB, default 102,400). */
  storageQuotaGroupBytes: number;
  /** Upload bytes an account may send per hour (UPLOAD_MB_PER_HOUR, default 5,120). */
  uploadBytesPerHour: number;
  /** Files an account may upload per hour (UPLOAD_FILES_PER_HOUR, default 5,000: a deposit of 1,000 photos and more fits). */
  uploadFilesPerHour: number;
  /** Largest picture accepted, pixels announced by its header (MAX_IMAGE_MEGAPIXELS, default 50). */
  maxImagePixels: number;
  /** Largest deposited photo, pixels announced by its header (MAX_PHOTO_MEGAPIXELS, default 100). */
  maxPhotoPixels: number;
  /**
   * A resumable upload no chunk reached for this long is removed, and a deposit idle as long is
   * closed with the files it received (UPLOAD_ABANDONED_HOURS, default 24).
   */
  uploadAbandonedHours: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = parseEnum(env.NODE_ENV || 'development', ['development', 'production', 'test'], 'NODE_ENV');
  const port = parseInteger(env.PORT ?? '4000', 'PORT', 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const maxUploadMb = parseInteger(env.MAX_UPLOAD_MB ?? '200', 'MAX_UPLOAD_MB', 1, 10_000);
  return {
    nodeEnv,
    devTools: env.NODE_ENV === 'development' || env.NODE_ENV === 'test',
    corsOrigins: parseOrigins(env.CORS_ORIGINS ?? ''),
    host: env.HOST ?? '0.0.0.0',
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: optionalUrl(env.DATABASE_URL, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    dbStatementTimeoutSeconds: parseInteger(env.DB_STATEMENT_TIMEOUT_SECONDS ?? '4', 'DB_STATEMENT_TIMEOUT_SECONDS', 1, 3600),
    dbTransactionTimeoutSeconds: parseInteger(env.DB_TRANSACTION_TIMEOUT_SECONDS ?? '30', 'DB_TRANSACTION_TIMEOUT_SECONDS', 1, 3600),
    dbPoolTimeoutSeconds: parseInteger(env.DB_POOL_TIMEOUT_SECONDS ?? '10', 'DB_POOL_TIMEOUT_SECONDS', 1, 3600),
    redisUrl: optionalUrl(env.REDIS_URL, 'REDIS_URL', ['redis:', 'rediss:']),
    storageUrl: optionalUrl(env.STORAGE_URL, 'STORAGE_URL', ['https:', 'http:']),
    smtpUrl: optionalUrl(env.SMTP_URL, 'SMTP_URL', ['smtp:', 'smtps:']),
    smtpTimeoutSeconds: parseInteger(env.SMTP_TIMEOUT_SECONDS ?? '10', 'SMTP_TIMEOUT_SECONDS', 1, 300),
    mailFrom: env.MAIL_FROM ?? 'Extranet Constats <no-reply@constats.local>',
    trustProxy: parseBoolean(env.TRUST_PROXY ?? 'false', 'TRUST_PROXY'),
    webDir: path.resolve(env.WEB_DIR ?? 'dist/web'),
    sessionHours: parseInteger(env.SESSION_HOURS ?? '12', 'SESSION_HOURS', 1, 24 * 7),
    rememberDays: parseInteger(env.REMEMBER_DAYS ?? '30', 'REMEMBER_DAYS', 1, 365),
    resetTokenMinutes: parseInteger(env.RESET_TOKEN_MINUTES ?? '60', 'RESET_TOKEN_MINUTES', 5, 24 * 60),
    // Demo data must never land in a production database (product.md §14).
    seedDemoData: nodeEnv !== 'production' && parseBoolean(env.SEED_DEMO_DATA ?? 'true', 'SEED_DEMO_DATA'),
    maxUploadBytes: maxUploadMb * 1024 * 1024,
    maxUploadFiles: parseInteger(env.MAX_UPLOAD_FILES ?? '50', 'MAX_UPLOAD_FILES', 1, 1000),
    // One megabyte over MAX_UPLOAD_MB at least: a single file of the largest size fits with its multipart framing.
    maxUploadRequestBytes:
      parseInteger(env.MAX_UPLOAD_REQUEST_MB ?? String(Math.max(500, maxUploadMb + 1)), 'MAX_UPLOAD_REQUEST_MB', maxUploadMb + 1, 100_000) *
      1024 *
      1024,
    requestTimeoutSeconds: parseInteger(env.REQUEST_TIMEOUT_SECONDS ?? '60', 'REQUEST_TIMEOUT_SECONDS', 1, 3600),
    uploadTimeoutMinutes: parseInteger(env.UPLOAD_TIMEOUT_MINUTES ?? '120', 'UPLOAD_TIMEOUT_MINUTES', 1, 24 * 60),
    uploadMinKb: parseInteger(env.UPLOAD_MIN_KB ?? '1', 'UPLOAD_MIN_KB', 1, 1024 * 1024),
    uploadRateWindowSeconds: parseInteger(env.UPLOAD_RATE_WINDOW_SECONDS ?? '30', 'UPLOAD_RATE_WINDOW_SECONDS', 1, 3600),
    maxConnectionsPerAddress: parseInteger(env.MAX_CONNECTIONS_PER_ADDRESS ?? '200', 'MAX_CONNECTIONS_PER_ADDRESS', 0, 1_000_000),
    drainRefusedBodyMb: parseInteger(env.DRAIN_REFUSED_BODY_MB ?? '8', 'DRAIN_REFUSED_BODY_MB', 0, 1024),
    appSecret: optionalSecret(env.APP_SECRET),
    fileLinkMinutes: parseInteger(env.FILE_LINK_MINUTES ?? '480', 'FILE_LINK_MINUTES', 1, 7 * 24 * 60),
    liveSubscriptionsPerSocket: parseInteger(env.LIVE_SUBSCRIPTIONS_PER_SOCKET ?? '20', 'LIVE_SUBSCRIPTIONS_PER_SOCKET', 1, 1000),
    liveSocketsPerSession: parseInteger(env.LIVE_SOCKETS_PER_SESSION ?? '5', 'LIVE_SOCKETS_PER_SESSION', 1, 1000),
    apiTokenCostPerMinute: parseInteger(env.API_TOKEN_COST_PER_MINUTE ?? '50000', 'API_TOKEN_COST_PER_MINUTE', 1, 100_000_000),
    webhookAllowedHosts: (env.WEBHOOK_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    countingConcurrency: parseInteger(env.COUNTING_CONCURRENCY ?? '2', 'COUNTING_CONCURRENCY', 0, 16),
    countingTimeoutSeconds: parseInteger(env.COUNTING_TIMEOUT_SECONDS ?? '300', 'COUNTING_TIMEOUT_SECONDS', 5, 3600),
    countingReadTimeoutSeconds: parseInteger(env.COUNTING_READ_TIMEOUT_SECONDS ?? '60', 'COUNTING_READ_TIMEOUT_SECONDS', 1, 3600),
    countingMemoryMb: parseInteger(env.COUNTING_MEMORY_MB ?? '512', 'COUNTING_MEMORY_MB', 128, 65_536),
    pdfRenderThreads: parseInteger(env.PDF_RENDER_THREADS ?? '1', 'PDF_RENDER_THREADS', 1, 16),
    storageQuotaUserBytes: parseInteger(env.STORAGE_QUOTA_USER_MB ?? '20480', 'STORAGE_QUOTA_USER_MB', 1, 100_000_000) * 1024 * 1024,
    storageQuotaGroupBytes: parseInteger(env.STORAGE_QUOTA_GROUP_MB ?? '102400', 'STORAGE_QUOTA_GROUP_MB', 1, 100_000_000) * 1024 * 1024,
    uploadBytesPerHour: parseInteger(env.UPLOAD_MB_PER_HOUR ?? '5120', 'UPLOAD_MB_PER_HOUR', 1, 1_000_000) * 1024 * 1024,
    uploadFilesPerHour: parseInteger(env.UPLOAD_FILES_PER_HOUR ?? '5000', 'UPLOAD_FILES_PER_HOUR', 1, 1_000_000),
    maxImagePixels: parseInteger(env.MAX_IMAGE_MEGAPIXELS ?? '50', 'MAX_IMAGE_MEGAPIXELS', 1, 1000) * 1_000_000,
    maxPhotoPixels: parseInteger(env.MAX_PHOTO_MEGAPIXELS ?? '100', 'MAX_PHOTO_MEGAPIXELS', 1, 1000) * 1_000_000,
    uploadAbandonedHours: parseInteger(env.UPLOAD_ABANDONED_HOURS ?? '24', 'UPLOAD_ABANDONED_HOURS', 1, 24 * 30),
  };
}

function parseInteger(raw: string, name: string, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function parseOrigins(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const url = optionalUrl(item, 'CORS_ORIGINS', ['https:', 'http:'])!;
      const { origin } = new URL(url);
      if (origin !== item.replace(/\/+$/, ''))
        throw new ConfigError(`CORS_ORIGINS entries are origins such as https://exemple.fr (got "${item}")`);
      return origin;
    });
}

function parseBoolean(raw: string, name: string): boolean {
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', ''].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function parseEnum<T extends string>(raw: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

function optionalSecret(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (raw.length < 32) throw new ConfigError('APP_SECRET must be at least 32 characters');
  return raw;
}

function optionalUrl(raw: string | undefined, name: string, protocols: string[]): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}
