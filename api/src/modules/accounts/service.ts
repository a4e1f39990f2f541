import type { AppContext } from '../../context.js';
import { AppError, notAuthenticated, validationError, type FieldErrors } from '../../errors.js';
import type { Prisma } from '../../infra/db.js';
import { normalizePhone } from '@constats/domain/phone';
import type { Role, UserStatus } from '../../generated/prisma/enums.js';
import { sanitizeRichText } from '../../infra/html.js';
import { renderMail } from '../../infra/mail/index.js';
import { discardFiles, drainUploads } from '../../infra/uploads.js';
import { recordAudit } from '../audit/service.js';
import { idempotentCreation, type CompleteCreation } from '../idempotency/service.js';
import { markLinked } from './staged-avatars.js';
import { checkFiles, matrixRow, storeFiles, uploadsOf, type AccountFiles } from './files.js';
import { hashPassword, verifyPassword } from '../credentials/password.js';
import { announceRevoked, type Revoked } from '../credentials/live-sessions.js';
import { endRights } from '../credentials/rights.js';
import {
  accountFieldsFor,
  accountMessages,
  MATRICES_PER_BAILIFF,
  normalizeEmail,
  parseCivility,
  parseUnitPrice,
  passwordChangeRule,
  searchTextClauses,
  toSearchText,
  validateAccountFields,
  type AccountFields,
  type AccountForm,
} from './rules.js';
import { requireAdmin } from '../../guards.js';

export interface AccountInput extends AccountFields, AccountFiles {
  /** The étude of a bailiff; null or 0 means "none selected". */
  groupId?: number | null;
  /** Proves who sets a new password on their own account. */
  currentPassword?: string | null;
}

const STORED_SELECT = {
  id: true,
  role: true,
  status: true,
  civility: true,
  firstName: true,
  lastName: true,
  telephone: true,
  email: true,
  identity: true,
  groupId: true,
  siret: true,
  address: true,
  zip: true,
  city: true,
  rib: true,
  secretaryPricePage: true,
  secretaryPricePhoto: true,
  description: true,
  instructions: true,
  avatarKey: true,
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

/** The phone number as stored (packages/domain/src/phone.ts), checked by the form's pattern in that form. */
function withNormalizedPhone<T extends { telephone?: string | null }>(input: T): T {
  return typeof input.telephone === 'string' ? { ...input, telephone: normalizePhone(input.telephone) } : input;
}

/** The columns a validated form changes; only the fields this form carries, only those sent. */
/** Prisma's update input, with the name columns as the plain strings `columns` sets. */
type UserColumns = Prisma.UserUncheckedUpdateInput & { firstName?: string; lastName?: string; identity?: string };

function columns(form: AccountForm, input: AccountInput): UserColumns {
  const carried = accountFieldsFor(form);
  const sent = (field: keyof AccountFields) => carried.includes(field) && input[field] !== undefined;
  const data: UserColumns = {};
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
  // product.md §8: a missing étude is reported on its own as 'Sélectionnez un groupe' (status 400); so is
  // a missing current password, the one error of a form otherwise right.
  const [only, ...others] = Object.keys(errors);
  throw validationError(errors, others.length === 0 && (only === 'groupId' || only === 'currentPassword') ? errors[only] : undefined);
}

/** product.md §5/§8: a bailiff must be linked to an existing étude. */
async function checkGroup(ctx: AppContext, role: Role, groupId: number | null | undefined, errors: FieldErrors): Promise<void> {
  if (role !== 'BAILIFF') return;
  const exists = groupId ? await ctx.db.group.count({ where: { id: groupId } }) : 0;
  if (!exists) errors.groupId = accountMessages.group;
}

/** product.md §8: 'Cet email existe déjà.' on email, 'Cet identifiant existe déjà.' on the identifier. */
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
  if (identity && taken.some((user) => user.identity.toLowerCase() === identity.toLowerCase()))
    fields.identity = accountMessages.duplicateIdentity;
  if (Object.keys(fields).length > 0) throw duplicateError(fields);
}

const duplicateError = (fields: FieldErrors) =>
  new AppError('CONFLICT', fields.email ?? fields.identity ?? accountMessages.duplicateEmail, { fields });

/** Two simultaneous saves with the same address or identifier: the unique indexes decide. */
function mapUniqueViolation(error: unknown): never {
  const prismaError = error as {
    code?: string;
    meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } };
  };
  if (prismaError.code === 'P2002') {
    const target = JSON.stringify(prismaError.meta ?? {});
    throw duplicateError(
      target.includes('identity') ? { identity: accountMessages.duplicateIdentity } : { email: accountMessages.duplicateEmail },
    );
  }
  throw error;
}

const searchTextOf = (user: { firstName: string; lastName: string; email: string; identity: string }) =>
  toSearchText(user.firstName, user.lastName, user.email, user.identity);

/** An admin creates an active account of any type (product.md §2 account form), with its files. */
export async function createAccount(ctx: AppContext, role: Role, typed: AccountInput): Promise<number> {
  try {
    requireAdmin(ctx);
  } catch (error) {
    drainUploads(uploadsOf(typed));
    throw error;
  }
  // Checked under the Idempotency-Key: a repeat answers the first account instead of « Cet email
  // existe déjà. » about the account its first try created.
  return idempotentCreation(ctx, 'createAccount', (complete) => createCheckedAccount(ctx, role, typed, complete), uploadsOf(typed));
}

async function createCheckedAccount(ctx: AppContext, role: Role, typed: AccountInput, complete: CompleteCreation): Promise<number> {
  const input = withNormalizedPhone(typed);
  const form: AccountForm = { kind: 'create', role };
  let stagedAvatar: string | null;
  const email = normalizeEmail(input.email ?? '');
  const identity = (input.identity ?? '').trim();
  try {
    const errors = validateAccountFields(form, input);
    await checkGroup(ctx, role, input.groupId, errors);
    stagedAvatar = await checkFiles(ctx, form, input, null, errors);
    throwIfInvalid(errors);
    await assertUnique(ctx, email, identity, null);
  } catch (error) {
    drainUploads(uploadsOf(input));
    throw error;
  }
  const admin = ctx.viewer!;
  const data = columns(form, input);
  const firstName = String(data.firstName);
  const lastName = String(data.lastName);
  const passwordHash = await hashPassword(input.password ?? '');
  const files = await storeFiles(ctx, input);
  try {
    const created = await ctx.db.$transaction(async (tx) => {
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
          avatarKey: files.avatar?.storageKey ?? stagedAvatar,
          createdById: admin.id,
          searchText: searchTextOf({ firstName, lastName, email, identity }),
        },
        select: { id: true },
      });
      if (files.matrices.length > 0) await tx.userMatrix.createMany({ data: files.matrices.map((file) => matrixRow(user.id, file)) });
      if (!files.avatar && stagedAvatar) await markLinked(tx, stagedAvatar);
      await recordAudit(tx, ctx, {
        action: 'accounts.create',
        entity: 'User',
        entityId: user.id,
        data: { role, matrices: files.matrices.length },
      });
      await complete(tx, user.id);
      return user;
    });
    return created.id;
  } catch (error) {
    await discardFiles(ctx.storage, [...(files.avatar ? [files.avatar] : []), ...files.matrices]);
    return mapUniqueViolation(error);
  }
}

async function findStored(ctx: AppContext, userId: number): Promise<StoredUser> {
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: STORED_SELECT });
  if (!user) throw new AppError('NOT_FOUND', accountMessages.notFound);
  return user;
}

/**
 * Saves a form over a stored account: only sent fields change; the password only when one is
 * typed (and then the account's other sessions end); the e-mail never. New files are stored
 * first and removed again if the change fails; replaced ones are removed once it succeeded.
 */
async function saveForm(ctx: AppContext, stored: StoredUser, form: AccountForm, typed: AccountInput, action: string): Promise<void> {
  const input = withNormalizedPhone(typed);
  const identity = input.identity === undefined ? null : (input.identity ?? '').trim();
  const passwordRule = passwordChangeRule({
    newPassword: !!input.password,
    own: stored.id === ctx.viewer?.id,
    impersonated: ctx.viewer?.impersonatorId != null,
  });
  let stagedAvatar: string | null;
  try {
    if (passwordRule === 'forbidden') throw new AppError('FORBIDDEN', accountMessages.passwordImpersonation);
    const errors = validateAccountFields(form, input, asFields(stored));
    if (passwordRule === 'currentPassword' && !input.currentPassword) errors.currentPassword = accountMessages.currentPasswordRequired;
    if (form.kind === 'update') await checkGroup(ctx, stored.role, input.groupId === undefined ? stored.groupId : input.groupId, errors);
    stagedAvatar = await checkFiles(ctx, form, input, stored.avatarKey, errors);
    throwIfInvalid(errors);
    if (passwordRule === 'currentPassword') await checkCurrentPassword(ctx, stored.id, input.currentPassword ?? '');
    await assertUnique(ctx, null, identity && identity.toLowerCase() !== stored.identity.toLowerCase() ? identity : null, stored.id);
  } catch (error) {
    drainUploads(uploadsOf(input));
    throw error;
  }

  const data = columns(form, { ...input, email: undefined });
  if (form.kind === 'update' && stored.role === 'BAILIFF' && input.groupId !== undefined) data.groupId = input.groupId;
  const password = input.password ?? '';
  if (password) data.passwordHash = await hashPassword(password);
  data.searchText = searchTextOf({
    firstName: data.firstName ?? stored.firstName,
    lastName: data.lastName ?? stored.lastName,
    identity: data.identity ?? stored.identity,
    email: stored.email,
  });

  const files = await storeFiles(ctx, input);
  const newAvatar = files.avatar?.storageKey ?? (stagedAvatar && stagedAvatar !== stored.avatarKey ? stagedAvatar : null);
  if (newAvatar) data.avatarKey = newAvatar;
  else if (input.removeAvatar) data.avatarKey = null;
  const replacedAvatar = data.avatarKey !== undefined && stored.avatarKey && stored.avatarKey !== data.avatarKey ? stored.avatarKey : null;
  let removedMatrices: { storageKey: string }[] = [];
  let revoked: Revoked = {};
  try {
    await ctx.db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: stored.id }, data });
      if (!files.avatar && newAvatar) await markLinked(tx, newAvatar);
      if (files.matrices.length > 0) await tx.userMatrix.createMany({ data: files.matrices.map((file) => matrixRow(stored.id, file)) });
      if (input.removeMatrixIds?.length) {
        // Only this account's matrices: ids of anyone else's are ignored.
        const where = { id: { in: input.removeMatrixIds }, userId: stored.id };
        removedMatrices = await tx.userMatrix.findMany({ where, select: { storageKey: true } });
        await tx.userMatrix.deleteMany({ where });
      }
      // After the update above, which locks the account's row: concurrent saves are counted one after the other.
      if (files.matrices.length > 0 && (await tx.userMatrix.count({ where: { userId: stored.id } })) > MATRICES_PER_BAILIFF)
        throw validationError({ matrices: accountMessages.tooManyMatrices(MATRICES_PER_BAILIFF) });
      // A new password ends the account's rights everywhere else (the current session stays).
      if (password) revoked = await endRights(tx, ctx, stored.id, 'password_change', ctx.viewer?.sessionId);
      const changed = Object.keys(data).filter((key) => key !== 'searchText' && key !== 'passwordHash');
      await recordAudit(tx, ctx, {
        action,
        entity: 'User',
        entityId: stored.id,
        data: {
          fields: changed,
          passwordChanged: !!password,
          matricesAdded: files.matrices.length,
          matricesRemoved: removedMatrices.length,
        },
      });
    });
  } catch (error) {
    await discardFiles(ctx.storage, [...(files.avatar ? [files.avatar] : []), ...files.matrices]);
    mapUniqueViolation(error);
  }
  announceRevoked(ctx, revoked);
  await discardFiles(ctx.storage, [...(replacedAvatar ? [{ storageKey: replacedAvatar }] : []), ...removedMatrices]);
}

async function checkCurrentPassword(ctx: AppContext, userId: number, currentPassword: string): Promise<void> {
  const { passwordHash } = await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(passwordHash, currentPassword))) {
    throw validationError({ currentPassword: accountMessages.currentPasswordWrong }, accountMessages.currentPasswordWrong);
  }
}

/** An admin edits any account with the form of its type (the type itself never changes). */
export async function updateAccount(ctx: AppContext, userId: number, input: AccountInput): Promise<void> {
  const stored = await Promise.resolve()
    .then(() => requireAdmin(ctx))
    .then(() => findStored(ctx, userId))
    .catch((error: unknown) => {
      drainUploads(uploadsOf(input));
      throw error;
    });
  await saveForm(ctx, stored, { kind: 'update', role: stored.role }, input, 'accounts.update');
}

/** Anyone edits their own profile, with their role's read-only fields (product.md §2, §5). */
export async function updateProfile(ctx: AppContext, input: AccountInput): Promise<void> {
  if (!ctx.viewer) {
    drainUploads(uploadsOf(input));
    throw notAuthenticated();
  }
  const stored = await findStored(ctx, ctx.viewer.id);
  await saveForm(ctx, stored, { kind: 'profile', role: stored.role }, input, 'accounts.profile.update');
}

/** Disabling an account ends its rights at once (credentials/rights.ts); enabling lets it sign in again. */
export async function setAccountStatus(ctx: AppContext, userId: number, active: boolean): Promise<void> {
  const admin = requireAdmin(ctx);
  if (userId === admin.id || userId === admin.impersonatorId) throw new AppError('BAD_USER_INPUT', accountMessages.selfStatus);
  const stored = await findStored(ctx, userId);
  const status: UserStatus = active ? 'ACTIVE' : 'DISABLED';
  if (stored.status === status) return;
  if (stored.status === 'PENDING')
    throw new AppError('BAD_USER_INPUT', 'Ce compte est en attente de validation : approuvez-le ou refusez-le.');
  const revoked = await ctx.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { status } });
    await recordAudit(tx, ctx, { action: active ? 'accounts.enable' : 'accounts.disable', entity: 'User', entityId: userId });
    return active ? {} : endRights(tx, ctx, userId, 'disabled');
  });
  announceRevoked(ctx, revoked);
}

/**
 * An admin decides a self-registration (from its page, its notification or the e-mailed links,
 * which open that page): approving activates the account and e-mails its owner; refusing deletes
 * it (product.md §2).
 */
export async function reviewPendingAccount(ctx: AppContext, userId: number, approve: boolean): Promise<void> {
  requireAdmin(ctx);
  // A request another admin refused a moment ago is gone (deleted): to this admin it is no longer
  // pending either, whichever of the two statements committed first.
  const stored = await ctx.db.user.findUnique({ where: { id: userId }, select: STORED_SELECT });
  if (stored?.status !== 'PENDING') throw new AppError('BAD_USER_INPUT', accountMessages.notPending);
  // Conditional on the account still pending: of two admins deciding at once, only the first acts
  // (an approved account is never deleted by a refusal racing it).
  const stillPending = { id: userId, status: 'PENDING' } as const;
  const mail = approve ? await renderMail.accountApproved({ email: stored.email, loginUrl: `${ctx.config.publicUrl}/login` }) : null;
  await ctx.db.$transaction(async (tx) => {
    const decided = approve
      ? await tx.user.updateMany({ where: stillPending, data: { status: 'ACTIVE' } })
      : await tx.user.deleteMany({ where: stillPending });
    if (decided.count === 0) throw new AppError('BAD_USER_INPUT', accountMessages.notPending);
    await recordAudit(tx, ctx, {
      action: approve ? 'accounts.approve' : 'accounts.deny',
      entity: 'User',
      entityId: userId,
      ...(!approve && { data: { email: stored.email } }),
    });
    if (mail) await ctx.mailQueue.add(tx, { to: stored.email, ...mail });
  });
  ctx.mailQueue.wake();
}

/**
 * The accounts list filter (product.md §2 'Voir les comptes'): role, status, accent-free keyword.
 * `selectable` is the rule of every selector and filter (product.md §6): an account awaiting
 * validation is offered nowhere (a refused one is deleted).
 */
export function accountsWhere(filter: {
  role?: Role | null;
  status?: UserStatus | null;
  selectable?: boolean | null;
  words: string[];
}): Prisma.UserWhereInput {
  return {
    ...(filter.role && { role: filter.role }),
    AND: [
      ...(filter.status ? [{ status: filter.status }] : []),
      ...(filter.selectable ? [{ status: { not: 'PENDING' as const } }] : []),
      ...searchTextClauses(filter.words),
    ],
  };
}
