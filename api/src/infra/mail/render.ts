import type { ReactElement } from 'react';
import { render } from '@react-email/render';

/** A rendered e-mail: spread it into a `MailMessage` next to `to` (and `attachments`). */
export type RenderedMail = { subject: string; html: string; text: string };

// Every template renders both parts from the same element, so the plain-text part (read by some
// clients and by spam filters) can never drift from the HTML.
export async function renderMailParts(subject: string, element: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
