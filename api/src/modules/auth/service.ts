import type { AppContext, Services, Viewer } from '../../context.js';
import type { Db, Prisma } from '../../infra/db.js';
import { AppError, validationError } from '../../errors.js';
import { renderMail } from '../../infra/mail/index.js';
import { recordAudit } from '../audit/service.js';
import { isEmail, normalizeEmail } from '../accounts/rules.js';
import { hashPassword, verifyPassword } from '../credentials/password.js';
import { CREDENTIAL_SELECT, hashToken, isLiveCredential, newToken } from './tokens.js';
import { announceRevoked, revokeSessions } from '../credentials/live-sessions.js';
import { actsAsAdmin, endRights, lockActingAdmin } from '../credentials/rights.js';
import { guardLogin, guardResetRequest, loginKey, loginSucceeded, mayMailReset } from './throttle.js';
import { isStrongPassword, messages, sessionExpiry } from './rules.js';

export interface LoginInput {
  /** E-mail address or identifier ("Votre identifiant"). */
  login: string;
  password: string;
  remember: boolean;
}

export interface SignedIn {
  token: string;
  userId: number;
}

// Verifying against a real hash when the account does not exist keeps both paths equally slow.
let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hashPassword('decoy-password-for-timing'));

export async function login(ctx: AppContext, input: LoginInput): Promise<SignedIn> {
  const user = await ctx.db.user.findFirst({
    where: { OR: [{ email: normalizeEmail(input.login) }, { identity: { equals: input.login.trim(), mode: 'insensitive' } }] },
    select: { id: true, passwordHash: true, status: true },
  });
  const accountKey = loginKey(user?.id ?? null, input.login);
  const pass = await guardLogin(ctx, accountKey, user?.id ?? null);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  if (!user || !passwordOk) throw new AppError('UNAUTHENTICATED', messages.badCredentials);
  await loginSucceeded(ctx, pass);
  // Only someone who knows the password learns that the account is pending or disabled.
  if (user.status === 'PENDING') throw new AppError('FORBIDDEN', messages.accountPending, { reason: 'ACCOUNT_PENDING' });
  if (user.status === 'DISABLED') throw new AppError('FORBIDDEN', messages.accountDisabled, { reason: 'ACCOUNT_DISABLED' });

  const token = await openSession(ctx.db, ctx, user.id, { remember: input.remember, impersonatorId: null });
  await ctx.db.user.update({ where: { id: user.id }, data: { lastActivityAt: new Date() } });
  await recordAudit(ctx.db, ctx, { action: 'auth.login', entity: 'User', entityId: user.id }, user.id);
  return { token, userId: user.id };
}

async function openSession(
  db: Db | Prisma.TransactionClient,
  ctx: AppContext,
  userId: number,
  options: { remember: boolean; impersonatorId: number | null },
): Promise<string> {
  const token = newToken();
  await db.session.create({
    data: {
      userId,
      tokenHash: hashToken(token),
      remember: options.remember,
      impersonatorId: options.impersonatorId,
      expiresAt: sessionExpiry(new Date(), options.remember, ctx.config),
      ip: ctx.client.ip,
      userAgent: ctx.client.userAgent?.slice(0, 300),
    },
  });
  return token;
}

/** Refreshing lastUsedAt on every request would turn each read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/** The viewer behind a bearer token, or null when the token is unknown, revoked or expired. */
export async function resolveSession(services: Pick<Services, 'db'>, token: string | null): Promise<Viewer | null> {
  return (await findLiveSession(services, token))?.viewer ?? null;
}

/** A valid session's viewer and expiry (a live socket closes at that time). */
const SESSION_SELECT = { ...CREDENTIAL_SELECT, impersonatorId: true, impersonator: { select: { status: true, role: true } } } as const;
type SessionRow = Prisma.SessionGetPayload<{ select: typeof SESSION_SELECT }>;

function isLiveSession(session: SessionRow | null, now: Date): session is SessionRow {
  // A login-as session lives by its admin's rights (disabling him also revokes it, see rights.ts).
  return isLiveCredential(session, now) && (!session.impersonator || actsAsAdmin(session.impersonator));
}

/** Which of these sessions are still live (neither revoked nor expired, their account active), in one statement. */
export async function liveSessionIds(services: Pick<Services, 'db'>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const sessions = await services.db.session.findMany({ where: { id: { in: ids } }, select: SESSION_SELECT });
  const now = new Date();
  return new Set(sessions.filter((session) => isLiveSession(session, now)).map((session) => session.id));
}

export async function findLiveSession(
  services: Pick<Services, 'db'>,
  token: string | null,
): Promise<{ viewer: Viewer & { sessionId: number }; expiresAt: Date } | null> {
  if (!token) return null;
  const session = await services.db.session.findUnique({ where: { tokenHash: hashToken(token) }, select: SESSION_SELECT });
  const now = Date.now();
  if (!isLiveSession(session, new Date(now))) return null;
  if (now - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await services.db.session.update({ where: { id: session.id }, data: { lastUsedAt: new Date(now) } });
  }
  const viewer = { id: session.user.id, role: session.user.role, sessionId: session.id, impersonatorId: session.impersonatorId };
  return { viewer, expiresAt: session.expiresAt };
}

export async function logout(ctx: AppContext): Promise<void> {
  if (!ctx.viewer?.sessionId) return;
  announceRevoked(ctx, { sessionIds: await revokeSessions(ctx.db, { id: ctx.viewer.sessionId }) });
  await recordAudit(ctx.db, ctx, { action: 'auth.logout', entity: 'User', entityId: ctx.viewer.id });
}

/**
 * Answers at once, the same way and in the same time whether or not an account has this address:
 * looking the account up, creating the token and sending the e-mail happen after the answer.
 */
export async function requestPasswordReset(ctx: AppContext, rawEmail: string): Promise<void> {
  if (!isEmail(rawEmail ?? '')) throw validationError({ email: messages.invalidEmail }, messages.invalidEmail);
  await guardResetRequest(ctx);
  const email = normalizeEmail(rawEmail);
  sendResetLink(ctx, email).catch((error: unknown) => console.error('[mot de passe oublié]', error));
}

async function sendResetLink(ctx: AppContext, email: string): Promise<void> {
  // A few e-mails an hour per address, so the form cannot be used to flood a mailbox.
  if (!(await mayMailReset(ctx, email))) return;
  const user = await ctx.db.user.findUnique({ where: { email }, select: { id: true, status: true } });
  if (!user || user.status !== 'ACTIVE') return;

  const token = newToken();
  const mail = await renderMail.passwordRecovery({
    resetUrl: `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
    validityMinutes: ctx.config.resetTokenMinutes,
  });
  await ctx.db.$transaction(async (tx) => {
    await tx.userToken.create({
      data: {
        userId: user.id,
        purpose: 'PASSWORD_RESET',
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + ctx.config.resetTokenMinutes * 60_000),
      },
    });
    await recordAudit(tx, ctx, { action: 'auth.password_reset.request', entity: 'User', entityId: user.id }, user.id);
    await ctx.mailQueue.add(tx, { to: email, ...mail });
  });
  ctx.mailQueue.wake();
}

async function findUsableResetToken(services: Pick<Services, 'db'>, token: string) {
  const record = await services.db.userToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, userId: true, purpose: true, usedAt: true, expiresAt: true },
  });
  if (!record || record.purpose !== 'PASSWORD_RESET' || record.usedAt || record.expiresAt <= new Date()) return null;
  return record;
}

export async function isResetTokenUsable(services: Pick<Services, 'db'>, token: string): Promise<boolean> {
  return (await findUsableResetToken(services, token)) !== null;
}

/**
 * Sets the new password, burns every reset token of the account and ends its rights: all its
 * sessions, those it opened as others and its API tokens.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const record = await findUsableResetToken(ctx, token ?? '');
  if (!record) throw new AppError('BAD_USER_INPUT', messages.invalidResetToken);
  if (!isStrongPassword(password ?? '')) throw validationError({ password: messages.passwordRule }, messages.passwordRule);
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const revoked = await ctx.db.$transaction(async (tx) => {
    // Conditional update: of two concurrent uses of one token, only the first succeeds.
    const used = await tx.userToken.updateMany({ where: { id: record.id, usedAt: null }, data: { usedAt: now } });
    if (used.count === 0) throw new AppError('BAD_USER_INPUT', messages.invalidResetToken);
    await tx.userToken.updateMany({ where: { userId: record.userId, purpose: 'PASSWORD_RESET', usedAt: null }, data: { usedAt: now } });
    await tx.user.update({ where: { id: record.userId }, data: { passwordHash } });
    await recordAudit(tx, ctx, { action: 'auth.password_reset', entity: 'User', entityId: record.userId }, record.userId);
    return endRights(tx, ctx, record.userId, 'password_reset');
  });
  announceRevoked(ctx, revoked);
}

/** "Se connecter" from the accounts list: an admin opens a session as another active user. */
export async function loginAs(ctx: AppContext, rawEmail: string): Promise<SignedIn> {
  const admin = ctx.viewer;
  if (!admin || admin.role !== 'ADMIN') throw new AppError('FORBIDDEN', "Vous n'avez pas les droits pour effectuer cette action.");
  const target = await ctx.db.user.findUnique({ where: { email: normalizeEmail(rawEmail ?? '') }, select: { id: true, status: true } });
  if (!target) throw new AppError('NOT_FOUND', 'Aucun compte ne correspond à cette adresse e-mail.');
  if (target.status !== 'ACTIVE' || target.id === admin.id) throw new AppError('BAD_USER_INPUT', messages.impersonationTarget);
  // The real admin stays accountable: an impersonating admin's own impersonator, if any, is kept.
  const impersonatorId = admin.impersonatorId ?? admin.id;
  // The admin's row is locked meanwhile: a session opened while he is being disabled is refused or then revoked.
  const token = await ctx.db.$transaction(async (tx) => {
    await lockActingAdmin(tx, ctx);
    const opened = await openSession(tx, ctx, target.id, { remember: false, impersonatorId });
    await recordAudit(tx, ctx, { action: 'auth.login_as', entity: 'User', entityId: target.id }, admin.id);
    return opened;
  });
  return { token, userId: target.id };
}
