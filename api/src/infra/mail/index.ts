// Mail infrastructure: transport (SMTP or .eml outbox) and the French templates.
// Usage: `await ctx.mailQueue.add(tx, { to, ...(await renderMail.newReport(props)) })` in the change's
// transaction, then `ctx.mailQueue.wake()` after its commit.
import type { AccountApprovedProps } from './templates/accountApproved.js';
import type { AccountRequestProps } from './templates/accountRequest.js';
import type { BillSentProps } from './templates/billSent.js';
import type { IdentityTakenProps } from './templates/identityTaken.js';
import type { NewReportProps } from './templates/newReport.js';
import type { PasswordRecoveryProps } from './templates/passwordRecovery.js';
import type { RegistrationAttemptProps } from './templates/registrationAttempt.js';

export { createMailer, MailDeliveryError } from './mailer.js';
export type { MailAttachment, Mailer, MailerOptions, MailMessage } from './mailer.js';
export { startMailQueue, type MailQueue } from './queue.js';
export type { RenderedMail } from './render.js';

/**
 * One render function per e-mail, each resolving to `{ subject, html, text }`. The templates (React
 * Email, which loads a syntax highlighter and its grammars) are imported on the first e-mail, not
 * at start-up: they were about a third of the server's start time.
 */
export const renderMail = {
  accountRequest: async (props: AccountRequestProps) => (await import('./templates/accountRequest.js')).renderAccountRequest(props),
  accountApproved: async (props: AccountApprovedProps) => (await import('./templates/accountApproved.js')).renderAccountApproved(props),
  passwordRecovery: async (props: PasswordRecoveryProps) => (await import('./templates/passwordRecovery.js')).renderPasswordRecovery(props),
  newReport: async (props: NewReportProps) => (await import('./templates/newReport.js')).renderNewReport(props),
  billSent: async (props: BillSentProps) => (await import('./templates/billSent.js')).renderBillSent(props),
  registrationAttempt: async (props: RegistrationAttemptProps) =>
    (await import('./templates/registrationAttempt.js')).renderRegistrationAttempt(props),
  identityTaken: async (props: IdentityTakenProps) => (await import('./templates/identityTaken.js')).renderIdentityTaken(props),
};

// Props for callers' typing; the components themselves (for previews) live in ./templates/.
export type {
  AccountApprovedProps,
  AccountRequestProps,
  BillSentProps,
  IdentityTakenProps,
  NewReportProps,
  PasswordRecoveryProps,
  RegistrationAttemptProps,
};
