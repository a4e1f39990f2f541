import type { AppContext } from '../../context.js';
import { AppError, forbidden, notAuthenticated, validationError } from '../../graphql/errors.js';
import type { Prisma } from '../../infra/db.js';
import { recordAudit } from '../audit/service.js';
import { parseUnitPrice, toSearchText } from '../accounts/rules.js';
import { groupMessages, validateGroupFields, zipDigits, type GroupFields } from './rules.js';

function requireAdmin(ctx: AppContext): void {
  if (!ctx.viewer) throw notAuthenticated();
  if (ctx.viewer.role !== 'ADMIN') throw forbidden();
}

/** The columns a validated form sets; only sent fields on update. */
function columns(input: GroupFields): Prisma.GroupUpdateInput {
  const data: Prisma.GroupUpdateInput = {};
  for (const field of ['name', 'siret', 'telephone', 'address', 'city'] as const) {
    if (input[field] != null) data[field] = input[field]!.trim();
  }
  if (input.email != null) data.email = input.email.trim().toLowerCase();
  if (input.zip != null) data.zip = zipDigits(input.zip);
  if (input.pricePage != null) data.pricePage = parseUnitPrice(input.pricePage);
  if (input.pricePhoto != null) data.pricePhoto = parseUnitPrice(input.pricePhoto);
  return data;
}

export async function createGroup(ctx: AppContext, input: GroupFields): Promise<number> {
  requireAdmin(ctx);
  const errors = validateGroupFields(input, 'create');
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const data = columns(input) as Prisma.GroupCreateInput;
  return ctx.db.$transaction(async (tx) => {
    const group = await tx.group.create({ data: { ...data, searchText: toSearchText(data.name, data.city) }, select: { id: true } });
    await recordAudit(tx, ctx, { action: 'groups.create', entity: 'Group', entityId: group.id });
    return group.id;
  });
}

export async function updateGroup(ctx: AppContext, groupId: number, input: GroupFields): Promise<void> {
  requireAdmin(ctx);
  const stored = await ctx.db.group.findUnique({ where: { id: groupId }, select: { name: true, city: true } });
  if (!stored) throw new AppError('NOT_FOUND', groupMessages.notFound);
  const errors = validateGroupFields(input, 'update');
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const data = columns(input);
  data.searchText = toSearchText(String(data.name ?? stored.name), String(data.city ?? stored.city));
  await ctx.db.$transaction(async (tx) => {
    await tx.group.update({ where: { id: groupId }, data });
    const changed = Object.keys(data).filter((key) => key !== 'searchText');
    await recordAudit(tx, ctx, { action: 'groups.update', entity: 'Group', entityId: groupId, data: { fields: changed } });
  });
}

const viewerGroups = new WeakMap<AppContext, Promise<number | null>>();

/** The étude of the signed-in user (a bailiff's), read once per request. */
export function viewerGroupId(ctx: AppContext): Promise<number | null> {
  if (!ctx.viewer) return Promise.resolve(null);
  let groupId = viewerGroups.get(ctx);
  if (!groupId) {
    const { id } = ctx.viewer;
    groupId = ctx.db.user.findUnique({ where: { id }, select: { groupId: true } }).then((user) => user?.groupId ?? null);
    viewerGroups.set(ctx, groupId);
  }
  return groupId;
}
