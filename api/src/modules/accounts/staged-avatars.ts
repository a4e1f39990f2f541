// Profile pictures sent ahead of an account form (legacy `users/image`): each is recorded with
// its sender until a save links it; only its sender may link it; a sweep removes those nobody
// linked within a day, so abandoned forms do not fill the storage.
import type { AppContext, Services } from '../../context.js';
import { notAuthenticated, validationError } from '../../errors.js';
import type { Db, Prisma } from '../../infra/db.js';
import { discardFiles, drainUploads, saveUpload, sentBy, type SaveOptions, type UploadInput } from '../../infra/uploads.js';
import { recordAudit } from '../audit/service.js';
import { AVATAR_MAX_BYTES, STAGED_AVATARS_PER_DAY, STAGED_AVATAR_LIFETIME_MS, accountMessages } from './rules.js';

export const avatarOptions: SaveOptions = { folder: 'avatars', category: 'image', maxBytes: AVATAR_MAX_BYTES };

/** Stores a profile picture to be linked by the sender's next account save; gives its key. */
export async function stageAvatar(ctx: AppContext, image: UploadInput): Promise<string> {
  const viewer = ctx.viewer;
  if (!viewer) {
    drainUploads([image]);
    throw notAuthenticated();
  }
  const since = new Date(Date.now() - STAGED_AVATAR_LIFETIME_MS);
  if ((await ctx.db.stagedAvatar.count({ where: { userId: viewer.id, createdAt: { gt: since } } })) >= STAGED_AVATARS_PER_DAY) {
    drainUploads([image]);
    throw validationError({ image: accountMessages.tooManyStagedAvatars }, accountMessages.tooManyStagedAvatars);
  }
  const stored = await saveUpload(ctx.storage, image, { ...avatarOptions, ...sentBy(ctx) });
  try {
    await ctx.db.$transaction(async (tx) => {
      await tx.stagedAvatar.create({ data: { storageKey: stored.storageKey, userId: viewer.id } });
      await recordAudit(tx, ctx, { action: 'accounts.avatar.stage', entity: 'File', entityId: stored.storageKey });
    });
  } catch (error) {
    await discardFiles(ctx.storage, [stored]);
    throw error;
  }
  return stored.storageKey;
}

/** True when the viewer staged `key` and it is still stored. */
export async function isStagedBy(ctx: AppContext, key: string): Promise<boolean> {
  if (!ctx.viewer) return false;
  const staged = await ctx.db.stagedAvatar.count({ where: { storageKey: key, userId: ctx.viewer.id } });
  return staged > 0 && (await ctx.storage.exists(key));
}

/** A save linked the picture: it is an account's now, out of the sweep's reach. */
export async function markLinked(tx: Db | Prisma.TransactionClient, key: string): Promise<void> {
  await tx.stagedAvatar.deleteMany({ where: { storageKey: key } });
}

/**
 * Removes the pictures staged before `now` − lifetime that no save linked, then their records.
 * A record whose picture an account uses anyway (linked by an older release) only loses its record.
 * Safe to run from several instances at once: removals are idempotent.
 */
export async function sweepStagedAvatars(services: Pick<Services, 'db' | 'storage'>, now = new Date()): Promise<number> {
  const expired = await services.db.stagedAvatar.findMany({
    where: { createdAt: { lt: new Date(now.getTime() - STAGED_AVATAR_LIFETIME_MS) } },
    select: { storageKey: true },
    // A bounded batch per run: an exceptional backlog drains over the next hourly runs.
    take: 500,
  });
  if (expired.length === 0) return 0;
  const keys = expired.map((entry) => entry.storageKey);
  const used = new Set(
    (await services.db.user.findMany({ where: { avatarKey: { in: keys } }, select: { avatarKey: true } })).map((user) => user.avatarKey),
  );
  const abandoned = keys.filter((key) => !used.has(key));
  for (const key of abandoned) await services.storage.remove(key);
  await services.db.stagedAvatar.deleteMany({ where: { storageKey: { in: keys } } });
  return abandoned.length;
}
