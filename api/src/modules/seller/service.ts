import type { AppContext } from '../../context.js';
import { AppError, forbidden, notAuthenticated, validationError } from '../../graphql/errors.js';
import type { Db } from '../../infra/db.js';
import { recordAudit } from '../audit/service.js';
import { isSellerComplete, normalizeSeller, SELLER_FIELDS, sellerMessages, validateSellerFields, type SellerFields, type SellerSettingsValues } from './rules.js';

/** The single settings row. */
const SETTINGS_ID = 1;
/** Why generating a bill was refused; the web app leads the admin to the settings on it. */
export const SELLER_SETTINGS_REQUIRED = 'SELLER_SETTINGS_REQUIRED';

function requireAdmin(ctx: AppContext): void {
  if (!ctx.viewer) throw notAuthenticated();
  if (ctx.viewer.role !== 'ADMIN') throw forbidden();
}

const pick = (row: SellerSettingsValues) => Object.fromEntries(SELLER_FIELDS.map((field) => [field, row[field]])) as SellerSettingsValues;

/** The settings as stored, or null before the first save. */
export async function sellerSettings(ctx: AppContext): Promise<SellerSettingsValues | null> {
  requireAdmin(ctx);
  const row = await ctx.db.sellerSettings.findUnique({ where: { id: SETTINGS_ID } });
  return row ? pick(row) : null;
}

/** Saves every field (the form sends them all), validated by their check digits. */
export async function saveSellerSettings(ctx: AppContext, input: SellerFields): Promise<SellerSettingsValues> {
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
export async function requireSellerSettings(db: Pick<Db, 'sellerSettings'>): Promise<SellerSettingsValues> {
  const row = await db.sellerSettings.findUnique({ where: { id: SETTINGS_ID } });
  const values = row ? pick(row) : null;
  if (!isSellerComplete(values)) throw new AppError('BAD_USER_INPUT', sellerMessages.missing, { reason: SELLER_SETTINGS_REQUIRED });
  return values;
}
