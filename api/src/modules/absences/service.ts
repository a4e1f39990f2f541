import { idempotentCreation } from '../idempotency/service.js';
import type { AppContext } from '../../context.js';
import { notAuthenticated, validationError } from '../../errors.js';
import type { Prisma } from '../../infra/db.js';
import { recordAudit } from '../audit/service.js';
import { activeAdminIds } from '../notifications/service.js';
import { parseDay, validateAbsence, type AbsenceFields } from './rules.js';

/** Anyone signed in declares their own absence or leave (product.md §2 'Signaler une absence ou un congé'). */
export async function createAbsence(ctx: AppContext, input: AbsenceFields): Promise<number> {
  if (!ctx.viewer) throw notAuthenticated();
  const errors = validateAbsence(input, new Date());
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const absenceId = await idempotentCreation(ctx, 'createAbsence', (complete) =>
    ctx.db.$transaction(async (tx) => {
      const absence = await tx.absence.create({
        data: {
          userId: ctx.viewer!.id,
          startDate: parseDay(input.startDate)!,
          endDate: parseDay(input.endDate)!,
          // product.md §3: the legacy client sends a single space for "no comment".
          comment: (input.comment ?? '').trim(),
        },
        select: { id: true },
      });
      await recordAudit(tx, ctx, { action: 'absences.create', entity: 'Absence', entityId: absence.id });
      await complete(tx, absence.id);
      return absence.id;
    }),
  );
  // After the commit, so that an admin's calendar re-reading it finds the row.
  for (const userId of await activeAdminIds(ctx.db)) ctx.pubsub.publish('absenceAdded', userId, { absenceId });
  return absenceId;
}

/** Absences overlapping [from, to] (either bound optional), for one user or everyone. */
export function absencesWhere(range: { from?: Date | null; to?: Date | null }, userId?: number): Prisma.AbsenceWhereInput {
  return {
    ...(userId !== undefined && { userId }),
    ...(range.to && { startDate: { lte: range.to } }),
    ...(range.from && { endDate: { gte: range.from } }),
  };
}
