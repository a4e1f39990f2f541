// Who reads what of a constat, in SQL: the read model's one statement of product.md §6 visibility. Every
// list, count, card, aggregate and export starts from visibleReportsSql; the Report rows read
// comments through visibleCommentsSql and a secretary's pay through secretaryPay. The action
// rules (rules.ts `can`) decide what a viewer may DO; tests/api/visibility-table.test.ts holds both
// to the same table of cases.
import type { Viewer } from '../../../context.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { amountsShownTo } from '../rules.js';

/**
 * product.md §6 on the "Report" row `alias`: admins see every constat, a bailiff his own, a secretary
 * those assigned to her; an admin's API token limited to some études only those of their
 * bailiffs, the étude of a constat being its bailiff's.
 */
export function visibleReportsSql(viewer: Viewer | null, alias = 'r'): Prisma.Sql {
  // Anonymous loads (node(id:)) see nothing.
  if (!viewer) return Prisma.sql`FALSE`;
  const column = (name: string) => Prisma.raw(`${alias}."${name}"`);
  const groupIds = viewer.grant?.groupIds;
  if (groupIds) {
    if (groupIds.length === 0) return Prisma.sql`FALSE`;
    const ofGroups = Prisma.sql`${column('bailiffId')} IN (SELECT id FROM "User" WHERE "groupId" IN (${Prisma.join(groupIds)}))`;
    if (viewer.role === 'ADMIN') return ofGroups;
  }
  if (viewer.role === 'ADMIN') return Prisma.sql`TRUE`;
  return Prisma.sql`${column(viewer.role === 'BAILIFF' ? 'bailiffId' : 'secretaryId')} = ${viewer.id}`;
}

/**
 * Comments (the "Comment" row `alias`) a viewer reads on a constat they see: admins all of them;
 * others what they wrote or received. A comment without receiver is addressed to the office
 * (admins and whoever types the constat).
 */
export function visibleCommentsSql(viewer: Viewer | null, alias = 'c'): Prisma.Sql {
  if (!viewer) return Prisma.sql`FALSE`;
  if (viewer.role === 'ADMIN') return Prisma.sql`TRUE`;
  const column = (name: string) => Prisma.raw(`${alias}."${name}"`);
  const receivedByOffice = viewer.role === 'SECRETARY' ? Prisma.sql` OR ${column('receiverId')} IS NULL` : Prisma.empty;
  return Prisma.sql`(${column('authorId')} = ${viewer.id} OR ${column('receiverId')} = ${viewer.id}${receivedByOffice})`;
}

/** What the viewer may read of the amounts (rules.ts amountsShownTo); nothing when anonymous. */
export const amountsShown = (viewer: Viewer | null) => (viewer ? amountsShownTo(viewer.role) : { retrocession: false, billing: false });

/** `value` (SQL text) when the viewer may read a secretary's pay, else NULL: a bailiff never receives it. */
export const secretaryPay = (viewer: Viewer | null, value: Prisma.Sql) =>
  amountsShown(viewer).retrocession ? value : Prisma.sql`NULL::text`;

/** `value` (SQL text) when the viewer may read the étude's billing, else NULL. */
export const billingShown = (viewer: Viewer | null, value: Prisma.Sql) => (amountsShown(viewer).billing ? value : Prisma.sql`NULL::text`);
