import { randomInt } from 'node:crypto';
import type { AppContext, Viewer } from '../../context.js';
import { Prisma } from '../../generated/prisma/client.js';
import { AppError, forbidden, notAuthenticated, validationError } from '../../errors.js';
import { formatMonthYear } from '../../infra/mail/format.js';
import { discardFiles, drainUploads, saveUpload, sentBy, type UploadInput } from '../../infra/uploads.js';
import { isValidPeriod, parisPeriod, parisYearMonth } from '../../lib/periods.js';
import { recordAudit } from '../audit/service.js';
import { idempotentCreation, type CompleteCreation } from '../idempotency/service.js';
import { retrocessionSql, type ReportsWhere } from '../reports/read-model/filters.js';
import { retrocessionPricePage, retrocessionPricePhoto, TARIFF_JOINS } from '../reports/read-model/tariffs.js';
import { escapeHtml } from '../../infra/html.js';
import { activeAdminIds, notifyUsers } from '../notifications/service.js';
import { isInvoiceablePeriod, retrocessionPeriodTotals, secretaryBillMessages, secretaryBillNumber, type PeriodTotals } from './rules.js';
import { requireViewer } from '../../guards.js';
import { requestBatch } from '../../infra/request-batch.js';

/**
 * Whose rétrocession a caller may read: an admin anyone's (or everyone's: null), a secretary only
 * her own, a bailiff nobody's.
 */
export function secretaryScope(ctx: AppContext, secretaryId?: number | null): number | null {
  const viewer = requireViewer(ctx);
  if (viewer.role === 'ADMIN') return secretaryId ?? null;
  if (viewer.role !== 'SECRETARY') throw forbidden();
  if (secretaryId && secretaryId !== viewer.id) throw new AppError('FORBIDDEN', secretaryBillMessages.notYours);
  return viewer.id;
}

// ---------------------------------------------------------------------------------------------
// Rétrocession > Constats: the reports of a period and its totals
// ---------------------------------------------------------------------------------------------

export interface RetrocessionFilter {
  year: number;
  /** 1–12; absent for the whole year. */
  month?: number | null;
  secretaryId?: number | null;
}

const periodMessage = 'Choisissez une année et un mois valides.';

/** The period (Paris) and the secretary a rétrocession filter stands for, checked for the viewer. */
function retrocessionScope(
  ctx: AppContext,
  filter: RetrocessionFilter,
): { period: { start: Date; end: Date }; secretaryId: number | null } {
  const secretaryId = secretaryScope(ctx, filter.secretaryId);
  if (!isValidPeriod(filter.year, filter.month)) {
    throw validationError({ period: periodMessage }, periodMessage);
  }
  return { period: parisPeriod(filter.year, filter.month), secretaryId };
}

/** Rétrocession > Constats' filter (read-model/filters.ts retrocessionSql), checked for the viewer: its page, count, totals and CSV export. */
export function retrocessionReportsSql(ctx: AppContext, filter: RetrocessionFilter): ReportsWhere {
  return retrocessionSql(retrocessionScope(ctx, filter));
}

/** A constat's rétrocession counts at its effective tariffs (read-model/tariffs.ts). */
interface RetroRow {
  secretaryId: number | null;
  createdAt: Date;
  pages: number;
  photos: number;
  pricePage: string | null;
  pricePhoto: string | null;
}

const retroRows = (ctx: AppContext, where: ReportsWhere) => ctx.db.$queryRaw<RetroRow[]>`
  SELECT r."secretaryId", r."createdAt", r."countPagesRetrocession" AS pages, r."countPhotosRetrocession" AS photos,
         ${retrocessionPricePage}::text AS "pricePage", ${retrocessionPricePhoto}::text AS "pricePhoto"
    FROM "Report" r ${TARIFF_JOINS}
   WHERE ${where}`;

/** « CUMUL PÉRIODE »: Nb de constats, pages (texte), photos, Total HT of the filtered reports. */
export async function retrocessionTotals(ctx: AppContext, where: ReportsWhere): Promise<PeriodTotals> {
  return retrocessionPeriodTotals(await retroRows(ctx, where));
}

// ---------------------------------------------------------------------------------------------
// Secretary bills
// ---------------------------------------------------------------------------------------------

export interface SecretaryBillFilter {
  year?: number | null;
  month?: number | null;
  secretaryId?: number | null;
}

export function secretaryBillsWhere(ctx: AppContext, filter: SecretaryBillFilter = {}): Prisma.SecretaryBillWhereInput {
  const secretaryId = secretaryScope(ctx, filter.secretaryId);
  return {
    ...(secretaryId && { secretaryId }),
    ...(filter.year && { year: filter.year }),
    ...(filter.month && { month: filter.month }),
  };
}

export function canSeeSecretaryBill(viewer: Viewer | null, bill: { secretaryId: number }): boolean {
  return !!viewer && (viewer.role === 'ADMIN' || (viewer.role === 'SECRETARY' && viewer.id === bill.secretaryId));
}

type FigureKey = { secretaryId: number; year: number; month: number };
const keyOf = (key: FigureKey) => `${key.secretaryId}:${key.year}:${key.month}`;

/**
 * What a bill covers — the secretary's reports of that month: pages, photos, Montant HT (product.md §2
 * "Factures" columns). Batched: every bill of a list is computed from one SQL query.
 */
export const secretaryBillFigures = requestBatch(
  async (ctx: AppContext, wanted: FigureKey[]): Promise<PeriodTotals[]> => {
    const reports = await retroRows(
      ctx,
      Prisma.join(
        wanted.map((key) => Prisma.sql`(${retrocessionSql({ period: parisPeriod(key.year, key.month), secretaryId: key.secretaryId })})`),
        ' OR ',
      ),
    );
    const rows = new Map<string, RetroRow[]>();
    for (const report of reports) {
      const key = keyOf({ secretaryId: report.secretaryId!, ...parisYearMonth(report.createdAt) });
      rows.set(key, [...(rows.get(key) ?? []), report]);
    }
    return wanted.map((key) => retrocessionPeriodTotals(rows.get(keyOf(key)) ?? []));
  },
  { keyOf },
);

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'P2002';

export interface UploadSecretaryBillInput {
  files: UploadInput[];
  year: number;
  month: number;
}

/**
 * product.md §2/§5: a secretary uploads one Word or PDF invoice (checked by content) per month, numbered
 * with a time stamp and four random digits (product.md §9). One per month: a second one is refused.
 */
export async function uploadSecretaryBill(ctx: AppContext, input: UploadSecretaryBillInput, now = new Date()): Promise<number> {
  try {
    if (!ctx.viewer) throw notAuthenticated();
    if (ctx.viewer.role !== 'SECRETARY') throw forbidden();
  } catch (error) {
    drainUploads(input.files);
    throw error;
  }
  // Under the Idempotency-Key: a repeat answers the bill its first try stored, not « already uploaded ».
  return idempotentCreation(ctx, 'uploadSecretaryBill', (complete) => storeSecretaryBill(ctx, input, now, complete), input.files);
}

async function storeSecretaryBill(
  ctx: AppContext,
  input: UploadSecretaryBillInput,
  now: Date,
  complete: CompleteCreation,
): Promise<number> {
  const viewer = ctx.viewer!;
  try {
    if (input.files.length === 0) throw validationError({ bill: secretaryBillMessages.fileRequired }, secretaryBillMessages.fileRequired);
    if (input.files.length > 1) throw validationError({ bill: secretaryBillMessages.oneFileOnly }, secretaryBillMessages.oneFileOnly);
    if (!isInvoiceablePeriod(input.year, input.month, parisYearMonth(now))) {
      throw validationError({ period: secretaryBillMessages.periodInvalid }, secretaryBillMessages.periodInvalid);
    }
    const existing = await ctx.db.secretaryBill.findUnique({
      where: { secretaryId_year_month: { secretaryId: viewer.id, year: input.year, month: input.month } },
      select: { id: true },
    });
    if (existing) throw new AppError('CONFLICT', secretaryBillMessages.alreadyUploaded);
  } catch (error) {
    drainUploads(input.files);
    throw error;
  }

  const stored = await saveUpload(ctx.storage, input.files[0], {
    folder: 'secretary-bills',
    category: 'bill',
    maxBytes: ctx.config.maxUploadBytes,
    ...sentBy(ctx),
  });
  const secretary = await ctx.db.user.findUniqueOrThrow({
    where: { id: viewer.id },
    select: { firstName: true, lastName: true, secretaryPricePage: true, secretaryPricePhoto: true },
  });
  let billId: number | null = null;
  try {
    // A clash of time stamp and random digits is all but impossible; try again rather than fail.
    for (let attempt = 0; billId === null; attempt++) {
      try {
        billId = await ctx.db.$transaction(async (tx) => {
          const bill = await tx.secretaryBill.create({
            data: {
              secretaryId: viewer.id,
              year: input.year,
              month: input.month,
              number: secretaryBillNumber(now, randomInt(0, 10_000)),
              pricePage: secretary.secretaryPricePage,
              pricePhoto: secretary.secretaryPricePhoto,
              storageKey: stored.storageKey,
              originalName: stored.originalName,
              size: stored.size,
              mimeType: stored.mimeType,
              createdAt: now,
            },
            select: { id: true, number: true },
          });
          await recordAudit(tx, ctx, {
            action: 'retrocession.bill.upload',
            entity: 'SecretaryBill',
            entityId: bill.id,
            data: { year: input.year, month: input.month, number: bill.number },
          });
          await complete(tx, bill.id);
          return bill.id;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const taken = await ctx.db.secretaryBill.count({ where: { secretaryId: viewer.id, year: input.year, month: input.month } });
        if (taken > 0 || attempt >= 3) throw new AppError('CONFLICT', secretaryBillMessages.alreadyUploaded);
      }
    }
  } catch (error) {
    await discardFiles(ctx.storage, [stored]);
    throw error;
  }

  const admins = await activeAdminIds(ctx.db);
  await notifyUsers(ctx, admins, {
    kind: 'SECRETARY_BILL',
    body: `<p>${escapeHtml(`${secretary.firstName} ${secretary.lastName}`)} a déposé sa facture de rétrocession de ${formatMonthYear(input.year, input.month)}.</p>`,
  });
  // After the commit: the admins' open 'Factures' lists fetch again.
  for (const userId of admins) ctx.pubsub.publish('secretaryBillAdded', userId, { billId });
  return billId;
}

/** Admins remove a secretary's bill (e.g. a wrong file), so she can upload the right one. */
export async function removeSecretaryBill(ctx: AppContext, billId: number): Promise<void> {
  const viewer = requireViewer(ctx);
  if (viewer.role !== 'ADMIN') throw forbidden();
  const bill = await ctx.db.secretaryBill.findUnique({ where: { id: billId } });
  if (!bill) throw new AppError('NOT_FOUND', secretaryBillMessages.notFound);
  await ctx.db.$transaction(async (tx) => {
    // Two admins removing it at once: the second finds it gone (not a 500).
    const { count } = await tx.secretaryBill.deleteMany({ where: { id: bill.id } });
    if (count === 0) throw new AppError('NOT_FOUND', secretaryBillMessages.notFound);
    await recordAudit(tx, ctx, {
      action: 'retrocession.bill.remove',
      entity: 'SecretaryBill',
      entityId: bill.id,
      data: { secretaryId: bill.secretaryId, year: bill.year, month: bill.month, number: bill.number },
    });
  });
  // The file goes once the row is gone: a failed transaction leaves both in place.
  await discardFiles(ctx.storage, [bill]);
}
