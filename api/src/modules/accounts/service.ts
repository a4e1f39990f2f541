import type { AppContext } from '../../context.js';
import { AppError, forbidden, notAuthenticated, validationError, type FieldErrors } from '../../graphql/errors.js';
import type { Prisma } from '../../infra/db.js';
import type { Role, UserStatus } from '../../generated/prisma/enums.js';
import { sanitizeRichText } from '../../infra/html.js';
import { renderMail } from '../../infra/mail/index.js';
import { recordAudit } from '../audit/service.js';
import { hashPassword } from '../auth/password.js';
import {
  accountFieldsFor,
  accountMessages,
  normalizeEmail,
  parseCivility,
  parseUnitPrice,
  toSearchText,
  validateAccountFields,
  type AccountFields,
  type AccountForm,
} from './rules.js';

export interface AccountInput extends AccountFields {
  /** The étude of a bailiff; null or 0 means "none selected". */
  groupId?: number | null;
}

function requireAdmin(ctx: AppContext) {
  if (!ctx.viewer) throw notAuthenticated();
  if (ctx.viewer.role !== 'ADMIN') throw forbidden();
  return ctx.viewer;
}

const STORED_SELECT = {
  id: true, role: true, status: true, civility: true, firstName: true, lastName: true, telephone: true, email: true, identity: true,
  groupId: true, siret: true, address: true, zip: true, city: true, rib: true, secretaryPricePage: true, secretaryPricePhoto: true,
  description: true, instructions: true,
} satisfies Prisma.UserSelect;

type StoredUser = Prisma.UserGetPayload<{ select: typeof STORED_SELECT }>;

/** The stored record in the shape of a form, so unchanged values can be recognised. */
function asFields(user: StoredUser): AccountFields {
  return {
    ...user,
    civility: user.civility,
    secretaryPricePage: user.secretaryPricePage.toString(),
    secretaryPricePhoto: user.secretaryPricePhoto.toString(),
  };
}

const optional = (value: string | null | undefined) => {
  if (value === undefined) return undefined;
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** The columns a validated form changes; only the fields this form carries, only those sent. */
function columns(form: AccountForm, input: AccountInput): Prisma.UserUncheckedUpdateInput {
  const carried = accountFieldsFor(form);
  const sent = (field: keyof AccountFields) => carried.includes(field) && input[field] !== undefined;
  const data: Prisma.UserUncheckedUpdateInput = {};
  if (sent('civility')) data.civility = parseCivility(input.civility) ?? 'MONSIEUR';
  for (const field of ['firstName', 'lastName', 'identity'] as const) if (sent(field)) data[field] = (input[field] ?? '').trim();
  for (const field of ['telephone', 'siret', 'address', 'zip', 'city', 'rib', 'description'] as const) {
    if (sent(field)) data[field] = optional(input[field]);
  }
  if (sent('secretaryPricePage')) data.secretaryPricePage = parseUnitPrice(input.secretaryPricePage);
  if (sent('secretaryPricePhoto')) data.secretaryPricePhoto = parseUnitPrice(input.secretaryPricePhoto);
  // Instructions to secretaries are rich text: stored sanitized, never as sent.
  if (sent('instructions')) data.instructions = sanitizeRichText(input.instructions) || null;
  if (form.kind === 'create' && input.email) data.email = normalizeEmail(input.email);
  return data;
}

function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length === 0) return;
  // Spec §8: a missing étude is reported on its own as 'Sélectionnez un groupe' (status 400).
  const onlyGroup = Object.keys(errors).length === 1 && errors.groupId;
  throw validationError(errors, onlyGroup ? accountMessages.group : undefined);
}

/** Spec §5/§8: a bailiff must be linked to an existing étude. */
async function checkGroup(ctx: AppContext, role: Role, groupId: number | null | undefined, errors: FieldErrors): Promise<void> {
  if (role !== 'BAILIFF') return;
  const exists = groupId ? await ctx.db.group.count({ where: { id: groupId } }) : 0;
  if (!exists) errors.groupId = accountMessages.group;
}

/** Spec §8: 'Cet email existe déjà.' on email, 'Cet identifiant existe déjà.' on the identifier. */
async function assertUnique(ctx: AppContext, email: string | null, identity: string | null, exceptId: number | null): Promise<void> {
  const clauses: Prisma.UserWhereInput[] = [];
  if (email) clauses.push({ email });
  if (identity) clauses.push({ identity: { equals: identity, mode: 'insensitive' } });
  if (clauses.length === 0) return;
  const taken = await ctx.db.user.findMany({
    where: { OR: clauses, ...(exceptId && { id: { not: exceptId } }) },
    select: { email: true, identity: true },
  });
  const fields: FieldErrors = {};
  if (email && taken.some((user) => user.email === email)) fields.email = accountMessages.duplicateEmail;
  if (identity && taken.some((user) => user.identity.toLowerCase() === identity.toLowerCase())) fields.identity = accountMessages.duplicateIdentity;
  if (Object.keys(fields).length > 0) throw duplicateError(fields);
}

const duplicateError = (fields: FieldErrors) => new AppError('CONFLICT', fields.email ?? fields.identity ?? accountMessages.duplicateEmail, { fields });

/** Two simultaneous saves with the same address or identifier: the unique indexes decide. */
function mapUniqueViolation(error: unknown): never {
  const prismaError = error as { code?: string; meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } } };
  if (prismaError.code === 'P2002') {
    const target = JSON.stringify(prismaError.meta ?? {});
    throw duplicateError(target.includes('identity') ? { identity: accountMessages.duplicateIdentity } : { email: accountMessages.duplicateEmail });
  }
  throw error;
}

const searchTextOf = (user: { firstName: string; lastName: string; email: string; identity: string }) =>
  toSearchText(user.firstName, user.lastName, user.email, user.identity);

/** An admin creates an active account of any type (spec §2 account form). */
export async function createAccount(ctx: AppContext, role: Role, input: AccountInput): Promise<number> {
  const admin = requireAdmin(ctx);
  const form: AccountForm = { kind: 'create', role };
  const errors = validateAccountFields(form, input);
  await checkGroup(ctx, role, input.groupId, errors);
  throwIfInvalid(errors);

  const email = normalizeEmail(input.email ?? '');
  const identity = (input.identity ?? '').trim();
  await assertUnique(ctx, email, identity, null);
  const data = columns(form, input);
  const firstName = String(data.firstName);
  const lastName = String(data.lastName);
  const passwordHash = await hashPassword(input.password ?? '');
  const created = await ctx.db
    .$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          ...(data as Prisma.UserUncheckedCreateInput),
          role,
          status: 'ACTIVE',
          email,
          identity,
          firstName,
          lastName,
          passwordHash,
          groupId: role === 'BAILIFF' ? input.groupId : null,
          createdById: admin.id,
          searchText: searchTextOf({ firstName, lastName, email, identity }),
        },
        select: { id: true },
      });
      await recordAudit(tx, ctx, { action: 'accounts.create', entity: 'User', entityId: user.id, data: { role } });
      return user;
    })
    .catch(mapUniqueViolation);
  return created.id;
}

async function findStored(ctx: AppContext, userId: number): Promise<StoredUser> {
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: STORED_SELECT });
  if (!user) throw new AppError('NOT_FOUND', accountMessages.notFound);
  return user;
}

/**
 * Saves a form over a stored account: only sent fields change; the password only when one is
 * typed (and then the account's other sessions end); the e-mail never.
 */
async function saveForm(ctx: AppContext, stored: StoredUser, form: AccountForm, input: AccountInput, action: string): Promise<void> {
  const errors = validateAccountFields(form, input, asFields(stored));
  if (form.kind === 'update') await checkGroup(ctx, stored.role, input.groupId === undefined ? stored.groupId : input.groupId, errors);
  throwIfInvalid(errors);

  const identity = input.identity === undefined ? null : (input.identity ?? '').trim();
  await assertUnique(ctx, null, identity && identity.toLowerCase() !== stored.identity.toLowerCase() ? identity : null, stored.id);
  const data = columns(form, { ...input, email: undefined });
  if (form.kind === 'update' && stored.role === 'BAILIFF' && input.groupId !== undefined) data.groupId = input.groupId;
  const password = input.password ?? '';
  if (password) data.passwordHash = await hashPassword(password);
  const merged = {
    firstName: String(data.firstName ?? stored.firstName),
    lastName: String(data.lastName ?? stored.lastName),
    identity: String(data.identity ?? stored.identity),
    email: stored.email,
  };
  data.searchText = searchTextOf(merged);

  await ctx.db
    .$transaction(async (tx) => {
      await tx.user.update({ where: { id: stored.id }, data });
      if (password) {
        // A new password signs the account out everywhere else (the current session stays).
        await tx.session.updateMany({
          where: { userId: stored.id, revokedAt: null, ...(ctx.viewer && { id: { not: ctx.viewer.sessionId } }) },
          data: { revokedAt: new Date() },
        });
      }
      const changed = Object.keys(data).filter((key) => key !== 'searchText' && key !== 'passwordHash');
      await recordAudit(tx, ctx, { action, entity: 'User', entityId: stored.id, data: { fields: changed, passwordChanged: !!password } });
    })
    .catch(mapUniqueViolation);
}

/** An admin edits any account with the form of its type (the type itself never changes). */
export async function updateAccount(ctx: AppContext, userId: number, input: AccountInput): Promise<void> {
  requireAdmin(ctx);
  const stored = await findStored(ctx, userId);
  await saveForm(ctx, stored, { kind: 'update', role: stored.role }, input, 'accounts.update');
}

/** Anyone edits their own profile, with their role's read-only fields (spec §2, §5). */
export async function updateProfile(ctx: AppContext, input: AccountFields): Promise<void> {
  if (!ctx.viewer) throw notAuthenticated();
  const stored = await findStored(ctx, ctx.viewer.id);
  await saveForm(ctx, stored, { kind: 'profile', role: stored.role }, input, 'accounts.profile.update');
}

/** Disabling an account signs it out everywhere at once; enabling lets it sign in again. */
export async function setAccountStatus(ctx: AppContext, userId: number, active: boolean): Promise<void> {
  const admin = requireAdmin(ctx);
  if (userId === admin.id || userId === admin.impersonatorId) throw new AppError('BAD_USER_INPUT', accountMessages.selfStatus);
  const stored = await findStored(ctx, userId);
  const status: UserStatus = active ? 'ACTIVE' : 'DISABLED';
  if (stored.status === status) return;
  if (stored.status === 'PENDING') throw new AppError('BAD_USER_INPUT', "Ce compte est en attente de validation : approuvez-le ou refusez-le.");
  await ctx.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { status } });
    if (!active) await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
    await recordAudit(tx, ctx, { action: active ? 'accounts.enable' : 'accounts.disable', entity: 'User', entityId: userId });
  });
}

/**
 * The in-app counterpart of the approve / deny links e-mailed to admins: approving activates the
 * self-registered account and e-mails its owner; refusing deletes it (spec §2).
 */
export async function reviewPendingAccount(ctx: AppContext, userId: number, approve: boolean): Promise<void> {
  requireAdmin(ctx);
  const stored = await findStored(ctx, userId);
  if (stored.status !== 'PENDING') throw new AppError('BAD_USER_INPUT', accountMessages.notPending);
  const now = new Date();
  if (!approve) {
    await ctx.db.$transaction(async (tx) => {
      await tx.user.delete({ where: { id: userId } });
      await recordAudit(tx, ctx, { action: 'accounts.deny', entity: 'User', entityId: userId, data: { email: stored.email } });
    });
    return;
  }
  await ctx.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { status: 'ACTIVE' } });
    // The e-mailed links are spent once the request is decided here.
    await tx.userToken.updateMany({ where: { userId, purpose: 'ACCOUNT_APPROVAL', usedAt: null }, data: { usedAt: now } });
    await recordAudit(tx, ctx, { action: 'accounts.approve', entity: 'User', entityId: userId });
  });
  const mail = await renderMail.accountApproved({ email: stored.email, loginUrl: `${ctx.config.publicUrl}/login` });
  await ctx.mailer.send({ to: stored.email, ...mail });
}

/** The accounts list filter (spec §2 'Voir les comptes'): role, status, accent-free keyword. */
export function accountsWhere(filter: { role?: Role | null; status?: UserStatus | null; words: string[] }): Prisma.UserWhereInput {
  return {
    ...(filter.role && { role: filter.role }),
    ...(filter.status && { status: filter.status }),
    AND: filter.words.map((word) => ({ searchText: { contains: word } })),
  };
}
