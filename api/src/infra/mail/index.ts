// Mail infrastructure: transport (SMTP or .eml outbox) and the French templates.
// Usage: `await mailer.send({ to, ...(await renderMail.newReport(props)) })`.
import { renderAccountApproved } from './templates/accountApproved.js';
import { renderAccountRequest } from './templates/accountRequest.js';
import { renderBillSent } from './templates/billSent.js';
import { renderNewReport } from './templates/newReport.js';
import { renderPasswordRecovery } from './templates/passwordRecovery.js';

export { createMailer, MailDeliveryError } from './mailer.js';
export type { MailAttachment, Mailer, MailerOptions, MailMessage } from './mailer.js';
export type { RenderedMail } from './render.js';

/** One render function per e-mail, each resolving to `{ subject, html, text }`. */
export const renderMail = {
  accountRequest: renderAccountRequest,
  accountApproved: renderAccountApproved,
  passwordRecovery: renderPasswordRecovery,
  newReport: renderNewReport,
  billSent: renderBillSent,
};

// Components and props, for previews (spec: admin e-mail template preview) and callers' typing.
export { AccountApprovedEmail, type AccountApprovedProps } from './templates/accountApproved.js';
export { AccountRequestEmail, type AccountRequestProps } from './templates/accountRequest.js';
export { BillSentEmail, type BillSentProps } from './templates/billSent.js';
export { NewReportEmail, type NewReportProps } from './templates/newReport.js';
export { PasswordRecoveryEmail, type PasswordRecoveryProps } from './templates/passwordRecovery.js';
