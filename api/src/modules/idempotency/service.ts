// Idempotency-Key (product.md §14): a client that did not get an answer (timeout, lost connection) sends
// its creation again with the same header, and gets the first request's result instead of a second
// record. The header reaches every transport through the GraphQL context (yoga.ts): /graphql JSON
// and multipart, and the REST shims, which run their operation with the caller's headers.
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../context.js';
import type { Prisma } from '../../infra/db.js';
import { AppError } from '../../errors.js';
import { drainUploads, type UploadInput } from '../../infra/uploads.js';

/** How long a key answers with its first result; after that the same key creates again. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/** A key still unanswered after this long belongs to a request that died (crash): it is taken over. */
const ABANDONED_AFTER_MS = 10 * 60_000;
/** How long a repeated request waits for the first one to finish before answering CONFLICT. */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 50;

// RFC 9110 field value, kept short: visible ASCII only (a UUID is the usual choice).
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const idempotencyMessages = {
  invalid: 'En-tête Idempotency-Key invalide : 1 à 255 caractères visibles.',
  otherOperation: 'Cette clé Idempotency-Key a déjà servi pour une autre opération.',
  inProgress: 'Une requête avec la même clé Idempotency-Key est en cours. Réessayez dans un instant.',
  firstFailed: 'La requête précédente avec la même clé Idempotency-Key a échoué. Réessayez.',
} as const;

/** The request's key is ours to use (`id` to complete or release), or was answered before (`result()`). */
export type IdempotencyClaim = { owned: true; id: number } | { owned: false; result: () => Promise<number> };

/**
 * Claims the request's Idempotency-Key for `operation` (null: no key sent). The unique (user, key)
 * row makes the claim atomic: of concurrent requests with one key, exactly one owns it; the others
 * wait for its result.
 */
async function claimIdempotencyKey(ctx: AppContext, operation: string): Promise<IdempotencyClaim | null> {
  const key = ctx.idempotencyKey;
  // Nobody signed in: the creation's own check refuses the request, with or without a key.
  if (key == null || !ctx.viewer) return null;
  if (!KEY_PATTERN.test(key)) throw new AppError('BAD_USER_INPUT', idempotencyMessages.invalid);
  const userId = ctx.viewer.id;
  const now = Date.now();
  await ctx.db.idempotencyKey.deleteMany({
    where: {
      OR: [
        { createdAt: { lt: new Date(now - IDEMPOTENCY_KEY_TTL_MS) } },
        { userId, key, resultId: null, createdAt: { lt: new Date(now - ABANDONED_AFTER_MS) } },
      ],
    },
  });
  const [claimed] = await ctx.db.$queryRaw<{ id: number }[]>`
    INSERT INTO "IdempotencyKey" ("userId", "key", "operation") VALUES (${userId}, ${key}, ${operation})
    ON CONFLICT ("userId", "key") DO NOTHING RETURNING id`;
  if (claimed) return { owned: true, id: claimed.id };
  return { owned: false, result: () => firstResult(ctx, userId, key, operation) };
}

async function firstResult(ctx: AppContext, userId: number, key: string, operation: string): Promise<number> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const first = await ctx.db.idempotencyKey.findUnique({
      where: { userId_key: { userId, key } },
      select: { operation: true, resultId: true },
    });
    if (!first) throw new AppError('CONFLICT', idempotencyMessages.firstFailed);
    if (first.operation !== operation) throw new AppError('CONFLICT', idempotencyMessages.otherOperation);
    if (first.resultId !== null) return first.resultId;
    if (Date.now() > deadline) throw new AppError('CONFLICT', idempotencyMessages.inProgress);
    await sleep(POLL_MS);
  }
}

/** Records the created record's id, in the creating transaction (so a rollback leaves the key pending). */
async function completeIdempotencyKey(tx: Prisma.TransactionClient, claim: IdempotencyClaim | null, resultId: number): Promise<void> {
  if (claim?.owned) await tx.idempotencyKey.update({ where: { id: claim.id }, data: { resultId } });
}

/** The creation failed: the key is free again, so the client may retry with it. */
async function releaseIdempotencyKey(ctx: AppContext, claim: IdempotencyClaim | null): Promise<void> {
  if (claim?.owned) await ctx.db.idempotencyKey.deleteMany({ where: { id: claim.id, resultId: null } });
}

/** What a creation calls in its transaction with its record's id, so that a repeat answers it. */
export type CompleteCreation = (tx: Prisma.TransactionClient, resultId: number) => Promise<void>;

/**
 * Runs the creation `create` under the request's Idempotency-Key for `operation`: a repeat answers
 * the first record's id; `create` records its record's id with `complete` in its own transaction,
 * and a creation that throws frees the key for a retry. The request's `uploads`, when it is not the
 * one creating (a repeat, or a key refused), are read to the end and thrown away.
 */
export async function idempotentCreation(
  ctx: AppContext,
  operation: string,
  create: (complete: CompleteCreation) => Promise<number>,
  uploads: UploadInput[] = [],
): Promise<number> {
  let claim: IdempotencyClaim | null;
  try {
    claim = await claimIdempotencyKey(ctx, operation);
  } catch (error) {
    drainUploads(uploads);
    throw error;
  }
  if (claim && !claim.owned) {
    drainUploads(uploads);
    return claim.result();
  }
  try {
    return await create((tx, resultId) => completeIdempotencyKey(tx, claim, resultId));
  } catch (error) {
    await releaseIdempotencyKey(ctx, claim);
    throw error;
  }
}
