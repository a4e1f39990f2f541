import { jest } from '@jest/globals';
import { mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createMailer, MailDeliveryError, renderMail, type MailMessage } from '../../api/src/infra/mail/index.js';
import { formatEuros, formatParisDateTime } from '@constats/domain/format';
import { formatMonthYear } from '../../api/src/infra/mail/format.js';

const FROM = '"Extranet Constats" <no-reply@etude-exemple.fr>';
const SCRIPT = '<script>alert("xss")</script>';
// A real PDF header is enough for the transport: it only has to survive base64 round-trips intact.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const SIMPLE: MailMessage = { to: 'a@exemple.fr', subject: 'Essai', html: '<p>Bonjour</p>', text: 'Bonjour' };

let tempDirs: string[] = [];
afterEach(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  tempDirs = [];
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mail-test-'));
  tempDirs.push(dir);
  return dir;
}

/** Sends through the outbox transport and reads the only .eml it wrote back with mailparser. */
async function sendToOutbox(message: MailMessage) {
  const outboxDir = path.join(await tempDir(), 'outbox'); // does not exist yet: the mailer creates it
  const logs: string[] = [];
  const mailer = createMailer({ outboxDir, from: FROM, log: (line) => logs.push(line) });
  await mailer.send(message);
  await mailer.close();
  const files = await readdir(outboxDir);
  expect(files).toHaveLength(1);
  const file = path.join(outboxDir, files[0]);
  return { file, logs, mail: await simpleParser(await readFile(file)) };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return [field ?? []].flat().flatMap((group) => group.value.map((address) => address.address ?? ''));
}

/** The href values of the HTML part, entity-decoded as a mail client would follow them. */
function links(mail: ParsedMail): string[] {
  return [...String(mail.html).matchAll(/href="([^"]*)"/g)].map(([, href]) => href.replaceAll('&amp;', '&'));
}

function expectEscaped(mail: ParsedMail) {
  const html = String(mail.html);
  expect(html).not.toContain('<script');
  expect(html).toContain('&lt;script&gt;');
}

function expectFrame(mail: ParsedMail) {
  expect(mail.from?.value).toEqual([{ name: 'Extranet Constats', address: 'no-reply@etude-exemple.fr' }]);
  expect(mail.html).toContain('Extranet Constats');
  for (const part of [String(mail.html), mail.text]) {
    expect(part).toContain('Ce message vous a été envoyé automatiquement');
  }
}

describe('formats des e-mails', () => {
  it('dates are DD/MM/YYYY HH:mm in Paris time, summer and winter', () => {
    expect(formatParisDateTime(new Date('2026-07-14T12:05:00Z'))).toBe('14/07/2026 14:05');
    expect(formatParisDateTime(new Date('2026-12-31T23:30:00Z'))).toBe('01/01/2027 00:30');
  });

  it('months are French month and year', () => {
    expect(formatMonthYear(2026, 11)).toBe('novembre 2026');
    expect(formatMonthYear(2027, 2)).toBe('février 2027');
    expect(() => formatMonthYear(2026, 13)).toThrow(RangeError);
  });

  it('amounts are French euros with no-break spaces, exact from decimal strings', () => {
    expect(formatEuros('1234.56')).toBe('1\u00a0234,56\u00a0€');
    expect(formatEuros('0.10')).toBe('0,10\u00a0€');
    expect(formatEuros('12345678901234.99')).toBe('12\u00a0345\u00a0678\u00a0901\u00a0234,99\u00a0€');
    expect(() => formatEuros('12,5')).toThrow(RangeError);
  });
});

describe('outbox transport', () => {
  it('writes one <ISO timestamp>-<random>.eml and logs recipients, subject and file', async () => {
    const { file, logs, mail } = await sendToOutbox({ ...SIMPLE, to: ['a@exemple.fr', 'b@exemple.fr'] });

    expect(path.basename(file)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{12}\.eml$/);
    expect(logs).toEqual([expect.stringContaining(file)]);
    expect(logs[0]).toContain('a@exemple.fr, b@exemple.fr');
    expect(logs[0]).toContain('"Essai"');
    expect(addresses(mail.to)).toEqual(['a@exemple.fr', 'b@exemple.fr']);
    expect(mail.text?.trim()).toBe('Bonjour');
    expect(mail.messageId).toBeTruthy();
    expect(mail.date).toBeInstanceOf(Date);
  });

  it('streams attachments given as readable streams', async () => {
    const { mail } = await sendToOutbox({
      ...SIMPLE,
      attachments: [{ filename: 'constat.pdf', content: Readable.from([PDF]), contentType: 'application/pdf' }],
    });
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([['constat.pdf', 'application/pdf']]);
    expect(mail.attachments[0].content.equals(PDF)).toBe(true);
  });

  it('leaves neither a .eml nor a partial file when an attachment stream fails', async () => {
    const outboxDir = await tempDir();
    const mailer = createMailer({ outboxDir, from: FROM, log: () => {} });
    const broken = new Readable({
      read() {
        this.destroy(new Error('disque illisible'));
      },
    });

    const sending = mailer.send({ ...SIMPLE, attachments: [{ filename: 'x.pdf', content: broken }] });

    await expect(sending).rejects.toThrow(/disque illisible/);
    expect(await readdir(outboxDir)).toEqual([]);
  });

  it('flushes the mail to disk under its temporary name, then the folder after the rename, before the send resolves', async () => {
    const outboxDir = await tempDir();
    const probe = await open(path.join(outboxDir, 'probe'), 'w');
    const handles = Object.getPrototypeOf(probe) as { sync(): Promise<void> };
    await probe.close();
    await rm(path.join(outboxDir, 'probe'));
    const sync = handles.sync;
    const seen: string[][] = [];
    const spy = jest.spyOn(handles, 'sync').mockImplementation(async function (this: unknown) {
      seen.push(await readdir(outboxDir));
      return sync.call(this);
    });
    try {
      const mailer = createMailer({ outboxDir, from: FROM, log: () => {} });
      await mailer.send(SIMPLE);
    } finally {
      spy.mockRestore();
    }
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual([expect.stringMatching(/\.eml\.part$/)]);
    expect(seen[1]).toEqual([expect.stringMatching(/\.eml$/)]);
  });

  it('fails with a MailDeliveryError naming the mail and keeping the cause', async () => {
    const blocker = path.join(await tempDir(), 'not-a-directory');
    await writeFile(blocker, '');
    const mailer = createMailer({ outboxDir: blocker, from: FROM, log: () => {} });

    const sending = mailer.send(SIMPLE);

    await expect(sending).rejects.toThrow(MailDeliveryError);
    await expect(sending).rejects.toThrow(/"Essai" to a@exemple\.fr via outbox .*not-a-directory/);
    await expect(sending).rejects.toHaveProperty('cause.code', 'EEXIST');
  });
});

describe('accountRequest', () => {
  const approveUrl = 'https://constats.exemple.fr/dashboard/seetheaccount/42?action=approve';
  const denyUrl = 'https://constats.exemple.fr/dashboard/seetheaccount/42?action=deny';

  it('asks the admins to approve or deny, with every field of the request', async () => {
    const rendered = await renderMail.accountRequest({
      civilityLabel: 'Maître',
      lastName: `Dupont ${SCRIPT}`,
      firstName: 'Jean-Loïc',
      email: 'jl.dupont@etude-dupont.fr',
      identity: 'jl.dupont',
      telephone: '0612345678',
      address: '12 rue de la Paix',
      zip: '75002',
      city: 'Paris',
      approveUrl,
      denyUrl,
    });
    const { mail } = await sendToOutbox({ to: ['admin1@exemple.fr', 'admin2@exemple.fr'], ...rendered });

    expect(addresses(mail.to)).toEqual(['admin1@exemple.fr', 'admin2@exemple.fr']);
    expect(mail.subject).toBe('Nouvelle demande de création de compte');
    expectFrame(mail);
    const fields = [
      'Civilité',
      'Maître',
      'Jean-Loïc',
      'jl.dupont@etude-dupont.fr',
      'jl.dupont',
      '0612345678',
      '12 rue de la Paix, 75002 Paris',
    ];
    for (const text of fields) {
      expect(mail.html).toContain(text);
      expect(mail.text).toContain(text);
    }
    expect(mail.html).toContain('Approuver la demande');
    expect(mail.html).toContain('Refuser la demande');
    expect(mail.text).toContain('connectez-vous avec un compte administrateur, puis confirmez votre choix.');
    expect(links(mail)).toEqual([approveUrl, denyUrl]);
    expect(mail.text).toContain(`Approuver la demande ${approveUrl}\n`);
    expect(mail.text).toContain(`Refuser la demande ${denyUrl}\n`);
    expectEscaped(mail);
  });
});

describe('accountApproved', () => {
  it('tells the user the account is active, with the login link', async () => {
    const loginUrl = 'https://constats.exemple.fr/login';
    const rendered = await renderMail.accountApproved({ email: `jean${SCRIPT}@exemple.fr`, loginUrl });
    const { mail } = await sendToOutbox({ to: 'jean@exemple.fr', ...rendered });

    expect(addresses(mail.to)).toEqual(['jean@exemple.fr']);
    expect(mail.subject).toBe('Votre compte Extranet Constats est activé');
    expectFrame(mail);
    expect(mail.text).toContain('votre compte est maintenant actif');
    expect(links(mail)).toEqual([loginUrl]);
    expect(mail.text).toContain(`Se connecter ${loginUrl}`);
    expectEscaped(mail);
  });
});

describe('passwordRecovery', () => {
  const resetUrl = 'https://constats.exemple.fr/reset-password?token=Zm9vYmFy-_x&email=jean%40exemple.fr';

  it('sends the reset link, its validity and what to do when the user did not ask', async () => {
    const rendered = await renderMail.passwordRecovery({ resetUrl, validityMinutes: 30 });
    const { mail } = await sendToOutbox({ to: 'jean@exemple.fr', ...rendered });

    expect(addresses(mail.to)).toEqual(['jean@exemple.fr']);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    expectFrame(mail);
    expect(links(mail)).toEqual([resetUrl]);
    expect(mail.text).toContain(resetUrl);
    expect(mail.text).toContain('Ce lien est valable 30 minutes.');
    expect(mail.text).toContain('Si vous n’êtes pas à l’origine de cette demande, ignorez ce message');
  });

  it('writes "1 minute" in the singular', async () => {
    const { text } = await renderMail.passwordRecovery({ resetUrl, validityMinutes: 1 });
    expect(text).toContain('Ce lien est valable 1 minute.');
  });
});

describe('registrationAttempt', () => {
  it('tells the owner of an existing account that someone registered with his address, with the ways in', async () => {
    const loginUrl = 'https://constats.exemple.fr/login';
    const forgotPasswordUrl = 'https://constats.exemple.fr/recover/request';
    const rendered = await renderMail.registrationAttempt({ loginUrl, forgotPasswordUrl });
    const { mail } = await sendToOutbox({ to: 'jean@exemple.fr', ...rendered });

    expect(mail.subject).toBe('Demande de création de compte avec votre adresse e-mail');
    expectFrame(mail);
    expect(mail.text).toContain('Un compte existe déjà avec cette adresse : aucun nouveau compte n’a été créé.');
    expect(links(mail)).toEqual([loginUrl, forgotPasswordUrl]);
    expect(mail.text).toContain('Si vous n’êtes pas à l’origine de cette demande, ignorez ce message');
  });
});

describe('identityTaken', () => {
  it('tells the address typed that the identifier is taken, escaped, with the form’s link', async () => {
    const registerUrl = 'https://constats.exemple.fr/createaccount';
    const rendered = await renderMail.identityTaken({ identity: `jean${SCRIPT}`, registerUrl });
    const { mail } = await sendToOutbox({ to: 'jean@exemple.fr', ...rendered });

    expect(mail.subject).toBe('Votre demande de création de compte n’a pas été enregistrée');
    expectFrame(mail);
    expect(mail.text).toContain('l’identifiant « jean');
    expect(links(mail)).toEqual([registerUrl]);
    expectEscaped(mail);
  });
});

describe('newReport', () => {
  it('is titled "Nouveau Constat" and gives bailiff, report, file count and Paris date', async () => {
    const dashboardUrl = 'https://constats.exemple.fr/dashboard/constats-en-cours-admin';
    const rendered = await renderMail.newReport({
      bailiffName: 'Maître Jeanne Martin',
      reportName: `PV de livraison ${SCRIPT}`,
      fileCount: 3,
      createdAt: new Date('2026-11-05T13:30:00Z'),
      dashboardUrl,
    });
    const { mail } = await sendToOutbox({ to: ['admin@exemple.fr'], ...rendered });

    expect(addresses(mail.to)).toEqual(['admin@exemple.fr']);
    expect(mail.subject).toBe('Nouveau Constat');
    expect(mail.html).toContain('>Nouveau Constat</h1>');
    expectFrame(mail);
    expect(mail.text).toMatch(/Huissier\s+Maître Jeanne Martin/);
    expect(mail.text).toMatch(/Nom du constat\s+PV de livraison <script>/);
    expect(mail.text).toMatch(/Nombre de fichiers\s+3\n/);
    expect(mail.text).toMatch(/Date\s+05\/11\/2026 14:30/);
    expect(links(mail)).toEqual([dashboardUrl]);
    expectEscaped(mail);
  });
});

describe('billSent', () => {
  it('sends the bill to the accounting address with amount, period, payment terms and the PDF', async () => {
    const rendered = await renderMail.billSent({
      groupName: `Étude Durand & Associés ${SCRIPT}`,
      billNumber: '2026-0042',
      year: 2026,
      month: 11,
      amountTtc: '1234.56',
    });
    const { mail } = await sendToOutbox({
      to: 'compta@etude-durand.fr',
      ...rendered,
      attachments: [{ filename: 'facture-2026-0042.pdf', content: PDF, contentType: 'application/pdf' }],
    });

    expect(addresses(mail.to)).toEqual(['compta@etude-durand.fr']);
    expect(mail.subject).toBe('Facture n° 2026-0042 – novembre 2026');
    expectFrame(mail);
    for (const part of [String(mail.html), mail.text]) {
      expect(part).toContain('novembre 2026');
      expect(part).toContain('2026-0042');
      expect(part).toContain('1\u00a0234,56\u00a0€');
      expect(part).toContain('Règlement comptant');
      expect(part).toContain('Intérêts de retard : 1,5 % par mois');
    }
    expect(mail.html).toContain('Étude Durand &amp; Associés');
    expectEscaped(mail);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe('facture-2026-0042.pdf');
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(mail.attachments[0].content.equals(PDF)).toBe(true);
  });
});

/** An in-process SMTP server on a free loopback port, keeping what it receives. */
async function startSmtpServer() {
  const received: { rcptTo: string[]; raw: Buffer }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Its default self-signed certificate would make nodemailer's opportunistic STARTTLS fail.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

describe('SMTP transport', () => {
  it('uses smtpUrl instead of the outbox, and the message arrives intact', async () => {
    const smtp = await startSmtpServer();
    try {
      const outboxDir = path.join(await tempDir(), 'outbox');
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, outboxDir, from: FROM, log: () => {} });
      const rendered = await renderMail.billSent({
        groupName: 'Étude Durand',
        billNumber: '2026-0043',
        year: 2026,
        month: 12,
        amountTtc: '98765.40',
      });

      await mailer.send({
        to: ['compta@etude-durand.fr', 'direction@etude-durand.fr'],
        ...rendered,
        attachments: [{ filename: 'facture-2026-0043.pdf', content: PDF, contentType: 'application/pdf' }],
      });
      await mailer.close();

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].rcptTo).toEqual(['compta@etude-durand.fr', 'direction@etude-durand.fr']);
      const mail = await simpleParser(smtp.received[0].raw);
      expect(mail.from?.value).toEqual([{ name: 'Extranet Constats', address: 'no-reply@etude-exemple.fr' }]);
      expect(mail.subject).toBe('Facture n° 2026-0043 – décembre 2026');
      expect(mail.html).toBe(rendered.html);
      expect(mail.text).toBe(rendered.text);
      expect(mail.text).toContain('98\u00a0765,40\u00a0€');
      expect(mail.attachments[0].filename).toBe('facture-2026-0043.pdf');
      expect(mail.attachments[0].content.equals(PDF)).toBe(true);
      await expect(readdir(outboxDir)).rejects.toHaveProperty('code', 'ENOENT');
    } finally {
      await smtp.close();
    }
  });

  it('fails with a MailDeliveryError that does not reveal the SMTP password', async () => {
    const smtp = await startSmtpServer();
    await smtp.close(); // a port that refuses connections
    const smtpUrl = `smtp://user:s3cr3t@127.0.0.1:${smtp.port}`;
    const mailer = createMailer({ smtpUrl, outboxDir: await tempDir(), from: FROM });

    const sending = mailer.send(SIMPLE);

    await expect(sending).rejects.toThrow(MailDeliveryError);
    await expect(sending).rejects.toThrow(/"Essai" to a@exemple\.fr via SMTP: .*ECONNREFUSED/);
    await expect(sending).rejects.not.toThrow(/s3cr3t/);
    await mailer.close();
  });
});
