// Self-registration. The answer is the same whether or not the e-mail address or the identifier is
// taken, so the form tells nobody which accounts exist: what the person needs to know (an account
// already has this address, or the identifier is taken) goes to the address typed, whose owner
// alone reads it.
import type { AppContext } from '../../context.js';
import { validationError } from '../../errors.js';
import { escapeHtml } from '../../infra/html.js';
import { renderMail } from '../../infra/mail/index.js';
import { normalizePhone } from '@constats/domain/phone';
import { accountRequestPath, civilityLabels, normalizeEmail, parseCivility, toSearchText } from '../accounts/rules.js';
import { recordAudit } from '../audit/service.js';
import { activeAdminIds, notifyUsers } from '../notifications/service.js';
import { hashPassword } from '../credentials/password.js';
import { validateRegistration, type RegistrationInput } from './rules.js';
import { guardRegistration } from './throttle.js';

/** Who already holds the address or the identifier of a registration, if anyone. */
async function findTaken(ctx: AppContext, email: string, identity: string): Promise<{ id: number; email: string } | null> {
  const taken = await ctx.db.user.findMany({
    where: { OR: [{ email }, { identity: { equals: identity, mode: 'insensitive' } }] },
    select: { id: true, email: true },
  });
  // The address's owner first: he is the one to tell, whoever holds the identifier.
  return taken.find((user) => user.email === email) ?? taken[0] ?? null;
}

/**
 * Self-registration always creates a pending bailiff; an admin approves or refuses it in the app.
 * A taken address or identifier gets the same answer, after the same work (the password is hashed
 * either way, an audit entry and an e-mail are written either way), so neither the answer nor its
 * time tells them apart.
 */
export async function register(ctx: AppContext, typed: RegistrationInput): Promise<void> {
  const input = { ...typed, telephone: normalizePhone(String(typed.telephone ?? '')) };
  const errors = validateRegistration(input);
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const email = normalizeEmail(input.email);
  const identity = input.identity.trim();
  await guardRegistration(ctx, email);
  const taken = await findTaken(ctx, email, identity);
  const passwordHash = await hashPassword(input.password);
  if (taken) return answerTaken(ctx, taken, email, identity);

  const civility = parseCivility(input.civility) ?? 'MONSIEUR';
  const fields = {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    telephone: input.telephone.trim(),
    address: input.address.trim(),
    zip: input.zip.trim(),
    city: input.city.trim(),
  };
  const adminIds = await activeAdminIds(ctx.db);
  const admins = await ctx.db.user.findMany({ where: { id: { in: adminIds } }, select: { email: true } });
  const created = await ctx.db
    .$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          ...fields,
          civility,
          email,
          identity,
          passwordHash,
          role: 'BAILIFF',
          status: 'PENDING',
          searchText: toSearchText(fields.firstName, fields.lastName, email, identity),
        },
        select: { id: true },
      });
      await recordAudit(tx, ctx, { action: 'auth.register', entity: 'User', entityId: user.id }, user.id);
      if (admins.length > 0) {
        // The links only open the request in the app: an admin session and a click there decide it.
        const link = (action: 'approve' | 'deny') => `${ctx.config.publicUrl}${accountRequestPath(user.id, action)}`;
        const mail = await renderMail.accountRequest({
          civilityLabel: civilityLabels[civility],
          ...fields,
          email,
          identity,
          approveUrl: link('approve'),
          denyUrl: link('deny'),
        });
        await ctx.mailQueue.add(tx, { to: admins.map((admin) => admin.email), ...mail });
      }
      return user;
    })
    .catch((error: unknown) => {
      // Two simultaneous registrations with the same address: the unique index decides.
      if ((error as { code?: string }).code === 'P2002') return null;
      throw error;
    });
  if (!created) {
    const winner = await findTaken(ctx, email, identity);
    return winner ? answerTaken(ctx, winner, email, identity) : undefined;
  }
  ctx.mailQueue.wake();

  const name = `${civilityLabels[civility]} ${fields.firstName} ${fields.lastName}`;
  await notifyUsers(ctx, adminIds, {
    kind: 'ACCOUNT_REQUEST',
    accountId: created.id,
    body: `<p>Nouvelle demande de création de compte huissier : <strong>${escapeHtml(name)}</strong> (${escapeHtml(email)}).</p>`,
  });
}

/**
 * A registration naming a taken address or identifier: nothing is created. The address's owner
 * learns that someone used it, with the way in to his account; otherwise (only the identifier is
 * taken) the person who typed the address learns that the identifier is taken.
 */
async function answerTaken(ctx: AppContext, taken: { id: number; email: string }, email: string, identity: string): Promise<void> {
  const addressTaken = taken.email === email;
  const base = ctx.config.publicUrl;
  const mail = addressTaken
    ? await renderMail.registrationAttempt({ loginUrl: `${base}/login`, forgotPasswordUrl: `${base}/recover/request` })
    : await renderMail.identityTaken({ identity, registerUrl: `${base}/createaccount` });
  await ctx.db.$transaction(async (tx) => {
    await recordAudit(
      tx,
      ctx,
      { action: addressTaken ? 'auth.register.existing_email' : 'auth.register.taken_identity', entity: 'User', entityId: taken.id },
      null,
    );
    await ctx.mailQueue.add(tx, { to: email, ...mail });
  });
  ctx.mailQueue.wake();
}
