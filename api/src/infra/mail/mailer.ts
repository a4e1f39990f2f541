import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import nodemailer, { type SendMailOptions } from 'nodemailer';

export type MailAttachment = { filename: string; content: Buffer | NodeJS.ReadableStream; contentType?: string };

export type MailMessage = {
  to: string | string[];
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
};

export type Mailer = {
  send(msg: MailMessage): Promise<void>;
  close(): Promise<void>;
};

export type MailerOptions = {
  /** SMTP_URL, e.g. "smtps://user:pass@smtp.example.fr:465". Without it, mails go to `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  /** Sender of every mail, e.g. '"Extranet Constats" <no-reply@etude.fr>'. */
  from: string;
  /** Each SMTP step's limit (connection, greeting, silence): a relay that hangs fails in bounded time. */
  smtpTimeoutSeconds?: number;
  log?: (msg: string) => void;
};

/** A mail could not be handed over; `cause` holds the transport's own error. */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
}

/** SMTP when `smtpUrl` is set (production), otherwise `.eml` files in `outboxDir` (embedded default). */
export function createMailer(opts: MailerOptions): Mailer {
  return opts.smtpUrl ? createSmtpMailer(opts.smtpUrl, opts.from, (opts.smtpTimeoutSeconds ?? 10) * 1000) : createOutboxMailer(opts);
}

function createSmtpMailer(smtpUrl: string, from: string, timeoutMs: number): Mailer {
  // nodemailer's own limits (2 min to connect, 30 s for the greeting, 10 min of silence) would hold
  // a try, and the bill's « Envoyer » waiting on it, for minutes.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 3,
  });
  return {
    async send(msg) {
      try {
        await transport.sendMail(toMailOptions(msg, from));
      } catch (error) {
        // Never echo smtpUrl: it usually carries the SMTP password.
        throw deliveryError(msg, 'SMTP', error);
      }
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}

function createOutboxMailer({ outboxDir, from, log = console.log }: MailerOptions): Mailer {
  // CRLF line ends: the file is then a valid RFC 5322 message that any mail client opens as is.
  // Composed into a buffer by nodemailer itself, which listens to the message stream from its
  // first byte: handed the stream instead, an attachment failing before we listened was taken by
  // nodemailer's own logging listener and the stream then neither ended nor failed (the write
  // waited for ever). A mail is small: its attachments are a bill's PDF at most.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(msg) {
      const file = path.join(outboxDir, outboxFileName());
      try {
        await mkdir(outboxDir, { recursive: true });
        const { message } = await transport.sendMail(toMailOptions(msg, from));
        await writeFileAtomically(file, message as Buffer);
      } catch (error) {
        throw deliveryError(msg, `outbox ${outboxDir}`, error);
      }
      log(`[mail] to ${recipients(msg)} "${msg.subject}" written to ${file}`);
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}

function toMailOptions({ to, subject, html, text, attachments = [] }: MailMessage, from: string): SendMailOptions {
  return {
    from,
    to,
    subject,
    html,
    text,
    // nodemailer streams any object with pipe(); its typings only name Readable.
    attachments: attachments.map(({ filename, content, contentType }) => ({
      filename,
      content: content as Buffer | Readable,
      contentType,
    })),
  };
}

// ISO timestamp first so `ls` lists mails in sending order; ":" replaced because Windows (and
// shares mounted from it) refuse it in file names; the random part keeps same-millisecond mails apart.
function outboxFileName(): string {
  return `${new Date().toISOString().replace(/:/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
}

// Written under a temporary name then renamed, so whoever watches the outbox never reads half a
// mail; the file and then its folder are flushed to disk before the mail counts as sent, so a power
// cut never loses a mail the queue has marked sent.
async function writeFileAtomically(file: string, content: Buffer): Promise<void> {
  const partial = `${file}.part`;
  try {
    const handle = await open(partial, 'wx');
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const folder = await open(path.dirname(file), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

function recipients(msg: MailMessage): string {
  return [msg.to].flat().join(', ');
}

function deliveryError(msg: MailMessage, route: string, cause: unknown): MailDeliveryError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const message = `Could not send mail "${msg.subject}" to ${recipients(msg)} via ${route}: ${reason}`;
  return new MailDeliveryError(message, { cause });
}
