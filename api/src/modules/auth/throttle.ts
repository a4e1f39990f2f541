// Throttling of the public authentication calls (login, password reset, registration) on the
// shared counters of infra/rate-limits.ts. Every point is consumed BEFORE the work it guards, so
// thirty concurrent attempts cannot all pass a limit of ten.
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { THROTTLE, messages } from './rules.js';

type LimitName = keyof typeof THROTTLE;

/** An address counts as an account's own once that account signed in from it within this time. */
const KNOWN_ADDRESS_DAYS = 30;

const limiter = (ctx: AppContext, name: LimitName) => ctx.rateLimits.limiter(name, THROTTLE[name]);

/** Consumes one point; false when the limit is reached (store failures are thrown, not swallowed). */
async function consume(ctx: AppContext, name: LimitName, key: string): Promise<boolean> {
  try {
    await limiter(ctx, name).consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

const throttled = (message: string = messages.throttled) => new AppError('TOO_MANY_REQUESTS', message);

/** One counter per account whatever login name was typed; a name matching nobody counts on its own. */
export const loginKey = (userId: number | null, login: string) => (userId ? `user:${userId}` : `login:${login.trim().toLowerCase()}`);

/** The counters a login attempt was counted on, to clear when its password turns out right. */
export interface LoginPass {
  accountKey: string;
  /** Set when the account's own counter was spent and a known address's counter let it through. */
  knownAddressKey: string | null;
}

/**
 * Counts a login attempt before its password is checked. The address's daily budget spares the
 * accounts that already signed in from that address (their own counter still applies), so an
 * attacker behind an office's shared address cannot lock everyone there out. Likewise the
 * account's counter, which anyone anywhere can spend: past it, an address the account signed in
 * from lately goes on with a counter of its own for that account, while other addresses wait.
 */
export async function guardLogin(ctx: AppContext, accountKey: string, userId: number | null): Promise<LoginPass> {
  let known: Promise<boolean> | undefined;
  const isKnown = () => (known ??= userId ? signedInFrom(ctx, userId, ctx.client.ip) : Promise.resolve(false));
  const addressOk = await consume(ctx, 'loginAddress', ctx.client.ip);
  if (!addressOk && !(await isKnown())) throw throttled();
  if (await consume(ctx, 'loginAccount', accountKey)) return { accountKey, knownAddressKey: null };
  if (!(await isKnown())) throw throttled();
  const knownAddressKey = `${accountKey}@${ctx.client.ip}`;
  if (!(await consume(ctx, 'loginKnownAddress', knownAddressKey))) throw throttled();
  return { accountKey, knownAddressKey };
}

/**
 * A right password clears the failures of the counter it passed on and gives the address its point
 * back. The owner signing in from a known address leaves the account's spent counter as it is: it
 * would otherwise hand whoever spent it ten more guesses.
 */
export async function loginSucceeded(ctx: AppContext, pass: LoginPass): Promise<void> {
  const cleared = pass.knownAddressKey
    ? limiter(ctx, 'loginKnownAddress').delete(pass.knownAddressKey)
    : limiter(ctx, 'loginAccount').delete(pass.accountKey);
  await Promise.all([cleared, limiter(ctx, 'loginAddress').reward(ctx.client.ip, 1)]);
}

async function signedInFrom(ctx: AppContext, userId: number, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 24 * 3600_000);
  // Sessions an admin opened as this user ("Se connecter") were not opened from the user's address.
  const session = await ctx.db.session.findFirst({
    where: { userId, ip, impersonatorId: null, createdAt: { gte: since } },
    select: { id: true },
  });
  return session !== null;
}

/** Password reset requests from the caller's address: refused with 429, whoever the address names. */
export async function guardResetRequest(ctx: AppContext): Promise<void> {
  if (!(await consume(ctx, 'resetAddress', ctx.client.ip))) throw throttled(messages.tooManyRequests);
}

/** Whether one more reset e-mail may go to this address (checked after the answer, never told). */
export const mayMailReset = (ctx: AppContext, email: string) => consume(ctx, 'resetEmail', email);

/** A registration that passed validation: per address (each one e-mails the admins) and per e-mail. */
export async function guardRegistration(ctx: AppContext, email: string): Promise<void> {
  const [addressOk, emailOk] = await Promise.all([consume(ctx, 'registerAddress', ctx.client.ip), consume(ctx, 'registerEmail', email)]);
  if (!addressOk || !emailOk) throw throttled(messages.tooManyRequests);
}
