import type { AppContext } from '../../context.js';
import { AppError, validationError } from '../../errors.js';
import type { Prisma } from '../../infra/db.js';
import { recordAudit } from '../audit/service.js';
import { idempotentCreation } from '../idempotency/service.js';
import { parseUnitPrice, toSearchText } from '../accounts/rules.js';
import {
  groupMessages,
  normalizeBuyer,
  validateGroupBuyerFields,
  validateGroupFields,
  zipDigits,
  type GroupBuyerFields,
  type GroupFields,
} from './rules.js';
import { requireAdmin } from '../../guards.js';
import { requestBatch } from '../../infra/request-batch.js';

type GroupInput = GroupFields & GroupBuyerFields;

/** The columns a validated form sets; only sent fields on update. */
/** Prisma's update input, with the name and city as the plain strings `columns` sets. */
type GroupColumns = Prisma.GroupUpdateInput & { name?: string; city?: string };

function columns(input: GroupInput): GroupColumns {
  const data: GroupColumns = {};
  const buyer = normalizeBuyer(input);
  for (const field of Object.keys(buyer) as (keyof GroupBuyerFields)[]) {
    if (buyer[field] !== undefined) data[field] = buyer[field];
  }
  for (const field of ['name', 'siret', 'telephone', 'address', 'city'] as const) {
    if (input[field] != null) data[field] = input[field].trim();
  }
  if (input.email != null) data.email = input.email.trim().toLowerCase();
  if (input.zip != null) data.zip = zipDigits(input.zip);
  if (input.pricePage != null) data.pricePage = parseUnitPrice(input.pricePage);
  if (input.pricePhoto != null) data.pricePhoto = parseUnitPrice(input.pricePhoto);
  return data;
}

/** The form's errors, the buyer fields checked as they will be stored (sent over stored). */
function groupErrors(
  input: GroupInput,
  mode: 'create' | 'update',
  stored: (GroupBuyerFields & { siret: string }) | null,
): Record<string, string> {
  const sent = Object.fromEntries(Object.entries(normalizeBuyer(input)).filter(([, value]) => value !== undefined));
  const buyer = validateGroupBuyerFields({ ...stored, ...sent, siret: (input.siret ?? stored?.siret ?? '').trim() });
  return { ...buyer, ...validateGroupFields(input, mode) };
}

export async function createGroup(ctx: AppContext, input: GroupInput): Promise<number> {
  requireAdmin(ctx);
  const errors = groupErrors(input, 'create', null);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const data = columns(input) as Prisma.GroupCreateInput;
  return idempotentCreation(ctx, 'createGroup', (complete) =>
    ctx.db.$transaction(async (tx) => {
      const group = await tx.group.create({ data: { ...data, searchText: toSearchText(data.name, data.city) }, select: { id: true } });
      await recordAudit(tx, ctx, { action: 'groups.create', entity: 'Group', entityId: group.id });
      await complete(tx, group.id);
      return group.id;
    }),
  );
}

export async function updateGroup(ctx: AppContext, groupId: number, input: GroupInput): Promise<void> {
  requireAdmin(ctx);
  const stored = await ctx.db.group.findUnique({
    where: { id: groupId },
    select: {
      name: true,
      city: true,
      siret: true,
      vatNumber: true,
      billingAddress: true,
      billingZip: true,
      billingCity: true,
      electronicAddress: true,
    },
  });
  if (!stored) throw new AppError('NOT_FOUND', groupMessages.notFound);
  const errors = groupErrors(input, 'update', stored);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const data = columns(input);
  data.searchText = toSearchText(data.name ?? stored.name, data.city ?? stored.city);
  await ctx.db.$transaction(async (tx) => {
    await tx.group.update({ where: { id: groupId }, data });
    const changed = Object.keys(data).filter((key) => key !== 'searchText');
    await recordAudit(tx, ctx, { action: 'groups.update', entity: 'Group', entityId: groupId, data: { fields: changed } });
  });
}

const groupOfUsers = requestBatch(
  async (ctx: AppContext, ids: number[]) => {
    const users = await ctx.db.user.findMany({ where: { id: { in: ids } }, select: { id: true, groupId: true } });
    return ids.map((id) => users.find((user) => user.id === id)?.groupId ?? null);
  },
  { memo: true },
);

/** The étude of the signed-in user (a bailiff's), read once per request. */
export function viewerGroupId(ctx: AppContext): Promise<number | null> {
  return ctx.viewer ? groupOfUsers(ctx, ctx.viewer.id) : Promise.resolve(null);
}
