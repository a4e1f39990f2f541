import type { AppContext } from '../../context.js';
import { AppError, validationError } from '../../errors.js';
import type { Db } from '../../infra/db.js';
import { newStorageKey, readStored } from '../../infra/storage.js';
import { discardFiles, drainUploads, saveUpload, type SaveOptions, type UploadInput } from '../../infra/uploads.js';
import { recordAudit } from '../audit/service.js';
import { LOGO_MAX_BYTES, logoMessages, prepareLogo } from './logo.js';
import {
  isSellerComplete,
  normalizeSeller,
  SELLER_FIELDS,
  sellerMessages,
  validateSellerFields,
  type SellerField,
  type SellerFields,
  type SellerSettingsValues,
} from './rules.js';
import { requireAdmin } from '../../guards.js';

/** The settings with the storage key of their logo (null: none). */
export type SellerSettingsRecord = SellerSettingsValues & { logoKey: string | null };

/** The single settings row. */
const SETTINGS_ID = 1;
/** Why generating a bill was refused; the web app leads the admin to the settings on it. */
export const SELLER_SETTINGS_REQUIRED = 'SELLER_SETTINGS_REQUIRED';

const pick = (row: SellerSettingsRecord): SellerSettingsRecord => ({
  ...(Object.fromEntries(SELLER_FIELDS.map((field) => [field, row[field]])) as { [K in SellerField]: string }),
  electronicAddress: row.electronicAddress,
  vatOnDebits: row.vatOnDebits,
  logoKey: row.logoKey,
});

/** The settings as stored, or null before the first save. */
export async function sellerSettings(ctx: AppContext): Promise<SellerSettingsRecord | null> {
  requireAdmin(ctx);
  const row = await ctx.db.sellerSettings.findUnique({ where: { id: SETTINGS_ID } });
  return row ? pick(row) : null;
}

/** Saves every field (the form sends them all), validated by their check digits. */
export async function saveSellerSettings(ctx: AppContext, input: SellerFields): Promise<SellerSettingsRecord> {
  requireAdmin(ctx);
  const errors = validateSellerFields(input);
  if (Object.keys(errors).length > 0) throw validationError(errors, Object.values(errors)[0]);
  const values = normalizeSeller(input);
  return ctx.db.$transaction(async (tx) => {
    const data = { ...values, updatedById: ctx.viewer!.id };
    const row = await tx.sellerSettings.upsert({ where: { id: SETTINGS_ID }, create: { id: SETTINGS_ID, ...data }, update: data });
    await recordAudit(tx, ctx, { action: 'seller.update', entity: 'SellerSettings', entityId: SETTINGS_ID });
    return pick(row);
  });
}

/**
 * The settings a bill is issued with, inside the generating transaction; a clear French refusal
 * (reason SELLER_SETTINGS_REQUIRED) while they are missing or incomplete.
 */
export async function requireSellerSettings(db: Pick<Db, 'sellerSettings'>): Promise<SellerSettingsRecord> {
  const row = await db.sellerSettings.findUnique({ where: { id: SETTINGS_ID } });
  const values = row ? pick(row) : null;
  if (!isSellerComplete(values)) throw new AppError('BAD_USER_INPUT', sellerMessages.missing, { reason: SELLER_SETTINGS_REQUIRED });
  return values;
}

const LOGO_UPLOAD: SaveOptions = { folder: 'logos', category: 'logo', maxBytes: LOGO_MAX_BYTES };
const settingsFirst = () => validationError({ logo: logoMessages.settingsFirst }, logoMessages.settingsFirst);

/**
 * Replaces the logo: the upload (PNG or JPEG by content, 1 Mo at most) is decoded and written
 * again opaque (logo.ts), the settings row locked while its key changes, so of two replacements at
 * once the last one wins and the other's file is removed with the previous logo.
 */
export async function uploadSellerLogo(ctx: AppContext, upload: UploadInput): Promise<SellerSettingsRecord> {
  try {
    requireAdmin(ctx);
    if (!(await ctx.db.sellerSettings.count({ where: { id: SETTINGS_ID } }))) throw settingsFirst();
  } catch (error) {
    drainUploads([upload]);
    throw error;
  }
  const raw = await saveUpload(ctx.storage, upload, LOGO_UPLOAD);
  const prepared = await readStored(ctx.storage, raw.storageKey)
    .then((bytes) => prepareLogo(bytes, raw.mimeType === 'image/png' ? 'png' : 'jpg'))
    .finally(() => discardFiles(ctx.storage, [raw]));
  if ('error' in prepared) throw validationError({ logo: prepared.error }, prepared.error);
  const logoKey = newStorageKey('logos', `logo.${prepared.format}`);
  await ctx.storage.put(logoKey, prepared.data);
  try {
    const { row, previous } = await ctx.db.$transaction(async (tx) => {
      const [current] = await tx.$queryRaw<
        { logoKey: string | null }[]
      >`SELECT "logoKey" FROM "SellerSettings" WHERE id = ${SETTINGS_ID} FOR UPDATE`;
      if (!current) throw settingsFirst();
      const row = await tx.sellerSettings.update({ where: { id: SETTINGS_ID }, data: { logoKey, updatedById: ctx.viewer!.id } });
      await recordAudit(tx, ctx, {
        action: 'seller.logo.update',
        entity: 'SellerSettings',
        entityId: SETTINGS_ID,
        data: { width: prepared.width, height: prepared.height },
      });
      return { row, previous: current.logoKey };
    });
    if (previous) await discardFiles(ctx.storage, [{ storageKey: previous }]);
    return pick(row);
  } catch (error) {
    await discardFiles(ctx.storage, [{ storageKey: logoKey }]);
    throw error;
  }
}

/** Removes the logo (the bills already issued keep theirs in their PDF). */
export async function removeSellerLogo(ctx: AppContext): Promise<SellerSettingsRecord> {
  requireAdmin(ctx);
  const { row, previous } = await ctx.db.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<
      { logoKey: string | null }[]
    >`SELECT "logoKey" FROM "SellerSettings" WHERE id = ${SETTINGS_ID} FOR UPDATE`;
    if (!current) throw settingsFirst();
    const row = await tx.sellerSettings.update({ where: { id: SETTINGS_ID }, data: { logoKey: null, updatedById: ctx.viewer!.id } });
    if (current.logoKey) await recordAudit(tx, ctx, { action: 'seller.logo.remove', entity: 'SellerSettings', entityId: SETTINGS_ID });
    return { row, previous: current.logoKey };
  });
  if (previous) await discardFiles(ctx.storage, [{ storageKey: previous }]);
  return pick(row);
}
