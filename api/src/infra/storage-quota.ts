// Storage quota and upload rate. Every byte an upload stores is charged to its sender and to the
// sender's étude while it streams in, in steps reserved ahead of the bytes: a step passes only if
// the hourly upload budget (rate-limiter-flexible, shared store) and the stored totals
// (StorageUsage, raised by a conditional UPDATE) both allow it, so parallel uploads of one account
// cannot together pass its quota. A failed upload is refunded at once; a removed file when it is
// removed (every removal goes through this store); a crash's half-charged upload by the sweep.
import { Transform, type TransformCallback } from 'node:stream';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors.js';
import { Prisma } from '../generated/prisma/client.js';
import type { Db } from './db.js';
import type { RateLimitStore } from './rate-limits.js';
import type { Storage } from './storage.js';

export interface StorageQuotaLimits {
  storageQuotaUserBytes: number;
  storageQuotaGroupBytes: number;
  uploadBytesPerHour: number;
  uploadFilesPerHour: number;
}

interface QuotaDeps {
  db: Db;
  rateLimits: RateLimitStore;
  config: StorageQuotaLimits;
}

/** Reserved ahead of the stream at first; the step doubles with the file, up to the largest. */
const FIRST_STEP = 4 * 1024 * 1024;
const LARGEST_STEP = 64 * 1024 * 1024;
const SMALLEST_STEP = 64 * 1024;
/** The hourly byte budget is counted in KiB: 32-bit counters hold terabytes of it. */
const KIB = 1024;
const HOUR = 3600;

const amount = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Go`
    : `${(bytes / 1024 ** 2).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;

export const quotaMessages = {
  user: (limit: number) => `Quota de stockage atteint : vos fichiers occupent déjà la place permise (${amount(limit)}).`,
  group: (limit: number) => `Quota de stockage atteint : les fichiers de votre étude occupent déjà la place permise (${amount(limit)}).`,
  rate: (seconds: number) => `Trop de fichiers envoyés en peu de temps : réessayez dans ${Math.max(1, Math.ceil(seconds / 60))} minute(s).`,
};

function quotaError(scope: 'user' | 'group', limit: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', scope === 'user' ? quotaMessages.user(limit) : quotaMessages.group(limit), {
    reason: 'STORAGE_QUOTA',
  });
}

function rateError(msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('TOO_MANY_REQUESTS', quotaMessages.rate(seconds), {
    reason: 'UPLOAD_RATE',
    headers: { 'retry-after': String(seconds) },
  });
}

const limiters = (deps: QuotaDeps) => ({
  bytes: deps.rateLimits.limiter('upload-bytes', {
    points: Math.max(1, Math.floor(deps.config.uploadBytesPerHour / KIB)),
    durationSeconds: HOUR,
  }),
  files: deps.rateLimits.limiter('upload-files', { points: deps.config.uploadFilesPerHour, durationSeconds: HOUR }),
});

/**
 * Refusal of an upload request before a byte of its body is read: the account or its étude is
 * at its quota already (or would pass it with the bytes a resumable upload `announced`), or the
 * account spent its hourly upload budget. Null when it may go on.
 */
export async function uploadRefusal(deps: QuotaDeps, userId: number, announced = 0): Promise<AppError | null> {
  const { bytes, files } = limiters(deps);
  for (const limiter of [bytes, files]) {
    const spent = await limiter.get(String(userId));
    if (spent && spent.remainingPoints <= 0) return rateError(spent.msBeforeNext);
  }
  const rows = await deps.db.$queryRaw<{ scope: string; bytes: bigint }[]>`
    SELECT s."scope", s."bytes" FROM "StorageUsage" s
    WHERE (s."scope" = 'user' AND s."ownerId" = ${userId})
       OR (s."scope" = 'group' AND s."ownerId" = (SELECT "groupId" FROM "User" WHERE "id" = ${userId}))`;
  for (const row of rows) {
    const limit = row.scope === 'user' ? deps.config.storageQuotaUserBytes : deps.config.storageQuotaGroupBytes;
    if (Number(row.bytes) >= limit || Number(row.bytes) + announced > limit)
      return quotaError(row.scope === 'user' ? 'user' : 'group', limit);
  }
  return null;
}

/** One upload being charged: its key, sender, étude, and what it reserved and wrote so far. */
interface Charge {
  key: string;
  userId: number;
  groupId: number | null;
  reserved: number;
  written: number;
}

async function openCharge(deps: QuotaDeps, key: string, userId: number): Promise<Charge> {
  await consumeRate(limiters(deps).files, userId, 1);
  const user = await deps.db.user.findUnique({ where: { id: userId }, select: { groupId: true } });
  const groupId = user?.groupId ?? null;
  await deps.db.$executeRaw`
    INSERT INTO "StorageCharge" ("file", "userId", "groupId", "bytes", "complete", "updatedAt")
    VALUES (${key}, ${userId}, ${groupId}, 0, false, now())`;
  return { key, userId, groupId, reserved: 0, written: 0 };
}

/**
 * Spends `points` of the account's budget. A refused consume still counted its points: a step
 * asked ahead (`ahead`) gives them back, as only bytes sent are owed; a refusal of bytes really
 * sent keeps them, so the spent budget refuses the next uploads unread until its window ends.
 */
async function consumeRate(limiter: ReturnType<typeof limiters>['bytes'], userId: number, points: number, ahead = false): Promise<void> {
  try {
    await limiter.consume(String(userId), points);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    if (ahead) await limiter.reward(String(userId), points);
    throw rateError(rejection.msBeforeNext);
  }
}

/**
 * Raises the charge by `bytes` if the account's and the étude's quotas allow it, else throws 413.
 * One statement, so row locks last no longer than it: the charge row first, then the account's
 * total, then the étude's (the order refunds take too, so they never deadlock).
 */
async function reserveQuota(deps: QuotaDeps, charge: Charge, bytes: number): Promise<void> {
  const { storageQuotaUserBytes: userLimit, storageQuotaGroupBytes: groupLimit } = deps.config;
  const owners = [Prisma.sql`('user', ${charge.userId})`];
  if (charge.groupId !== null) owners.push(Prisma.sql`('group', ${charge.groupId})`);
  await deps.db.$executeRaw`INSERT INTO "StorageUsage" ("scope", "ownerId") VALUES ${Prisma.join(owners)} ON CONFLICT DO NOTHING`;
  const [outcome] = await deps.db.$queryRaw<{ refused: string | null; raised: number }[]>`
    WITH mine AS (
      SELECT "file" FROM "StorageCharge" WHERE "file" = ${charge.key} FOR UPDATE
    ), locked AS (
      SELECT "scope", "ownerId", "bytes" FROM "StorageUsage"
      WHERE EXISTS (SELECT 1 FROM mine)
        AND (("scope" = 'user' AND "ownerId" = ${charge.userId}) OR ("scope" = 'group' AND "ownerId" = ${charge.groupId}))
      ORDER BY "scope" DESC
      FOR UPDATE
    ), refused AS (
      SELECT "scope" FROM locked
      WHERE ("scope" = 'user' AND "bytes" + ${bytes} > ${userLimit}) OR ("scope" = 'group' AND "bytes" + ${bytes} > ${groupLimit})
    ), charged AS (
      UPDATE "StorageCharge" SET "bytes" = "bytes" + ${bytes}, "updatedAt" = now()
      WHERE "file" IN (SELECT "file" FROM mine) AND NOT EXISTS (SELECT 1 FROM refused)
      RETURNING "file"
    ), raised AS (
      UPDATE "StorageUsage" s SET "bytes" = s."bytes" + ${bytes}
      FROM locked l
      WHERE s."scope" = l."scope" AND s."ownerId" = l."ownerId" AND EXISTS (SELECT 1 FROM charged)
      RETURNING s."scope"
    )
    SELECT (SELECT min("scope") FROM refused) AS "refused", (SELECT count(*) FROM raised)::int AS "raised"`;
  if (outcome.refused === 'group') throw quotaError('group', groupLimit);
  if (outcome.refused === 'user') throw quotaError('user', userLimit);
  // The upload was settled meanwhile (it failed): nothing was reserved.
  if (outcome.raised === 0) throw new Error('upload already settled');
  charge.reserved += bytes;
}

/**
 * Reserves `step` bytes of rate and quota ahead, or on a refusal just what is `needed` now; true
 * when the whole step passed.
 */
async function reserve(deps: QuotaDeps, charge: Charge, step: number, needed: number): Promise<boolean> {
  const { bytes: rate } = limiters(deps);
  for (const bytes of step > needed ? [step, needed] : [needed]) {
    const kib = Math.ceil(bytes / KIB);
    try {
      await consumeRate(rate, charge.userId, kib, bytes !== needed);
    } catch (error) {
      if (bytes === needed) throw error;
      continue;
    }
    try {
      await reserveQuota(deps, charge, bytes);
      return bytes === step;
    } catch (error) {
      await rate.reward(String(charge.userId), kib);
      if (bytes === needed) throw error;
    }
  }
  return false;
}

/**
 * Settles the charge of `key` in one statement: deleted (`keep` null: the file failed or was
 * removed) or kept at the file's real size; the account's and the étude's totals get back the rest.
 */
async function refund(db: Db, key: string, keep: number | null): Promise<void> {
  await db.$executeRaw`
    WITH old AS (
      SELECT "userId", "groupId", "bytes" FROM "StorageCharge" WHERE "file" = ${key} FOR UPDATE
    ), gone AS (
      DELETE FROM "StorageCharge" WHERE "file" = ${key} AND EXISTS (SELECT 1 FROM old) AND ${keep}::bigint IS NULL
    ), kept AS (
      UPDATE "StorageCharge" SET "bytes" = ${keep}::bigint, "complete" = true, "updatedAt" = now()
      WHERE "file" = ${key} AND EXISTS (SELECT 1 FROM old) AND ${keep}::bigint IS NOT NULL
    ), locked AS (
      SELECT s."scope", s."ownerId", o."bytes" - COALESCE(${keep}::bigint, 0) AS "released"
      FROM "StorageUsage" s JOIN old o
        ON (s."scope" = 'user' AND s."ownerId" = o."userId") OR (s."scope" = 'group' AND s."ownerId" = o."groupId")
      WHERE o."bytes" - COALESCE(${keep}::bigint, 0) > 0
      ORDER BY s."scope" DESC
      FOR UPDATE OF s
    )
    UPDATE "StorageUsage" s SET "bytes" = GREATEST(s."bytes" - l."released", 0)
    FROM locked l WHERE s."scope" = l."scope" AND s."ownerId" = l."ownerId"`;
}

/** Passes the bytes on once the charge covers them, reserving the next step when it does not. */
function meter(deps: QuotaDeps, charge: Charge): Transform {
  let step = FIRST_STEP;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      const written = charge.written + chunk.length;
      if (written <= charge.reserved) {
        charge.written = written;
        callback(null, chunk);
        return;
      }
      reserve(deps, charge, step, written - charge.reserved).then(
        (whole) => {
          // Near a limit, smaller steps: fewer refused attempts, less held back from others.
          step = whole ? Math.min(step * 2, LARGEST_STEP) : Math.max(SMALLEST_STEP, Math.floor(step / 4));
          charge.written = written;
          callback(null, chunk);
        },
        (error: unknown) => callback(error as Error),
      );
    },
  });
}

/**
 * The file store with quotas: a `put` naming an `owner` is charged as above, every `remove`
 * refunds what the key was charged (nothing for a file no upload charged, such as a bill).
 */
export function withStorageQuota(storage: Storage, deps: QuotaDeps): Storage {
  return {
    ...storage,
    async put(key, body, opts = {}) {
      if (opts.owner === undefined || Buffer.isBuffer(body)) return storage.put(key, body, opts);
      const charge = await openCharge(deps, key, opts.owner);
      try {
        const metered = meter(deps, charge);
        body.on('error', (error: Error) => metered.destroy(error));
        const stored = await storage.put(key, body.pipe(metered), opts);
        await refund(deps.db, key, stored.size);
        return stored;
      } catch (error) {
        await refund(deps.db, key, null).catch((refundError: Error) => {
          console.error(`[quota] remboursement de ${key} : ${refundError.message}`);
        });
        throw error;
      }
    },
    async remove(key) {
      await storage.remove(key);
      await refund(deps.db, key, null);
    },
  };
}

/**
 * Refunds the charges of uploads a crash cut short (never completed), older than `before`: their
 * partial writes are removed by the orphan sweep at the same age.
 */
export async function sweepOpenCharges(db: Db, before: Date): Promise<number> {
  const open = await db.storageCharge.findMany({
    where: { complete: false, updatedAt: { lt: before } },
    select: { file: true },
    take: 500,
  });
  for (const { file } of open) await refund(db, file, null);
  return open.length;
}
