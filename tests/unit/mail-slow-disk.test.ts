// The outbox on a slow disk: each file takes a moment to open, so an attachment can fail before
// the mail's bytes are written. That once left the write waiting for ever: nodemailer's own
// listener took the error and the message stream then neither ended nor failed.
import { jest } from '@jest/globals';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

const fs = await import('node:fs/promises');
jest.unstable_mockModule('node:fs/promises', () => ({
  ...fs,
  open: async (...args: Parameters<typeof fs.open>) => {
    await sleep(50);
    return fs.open(...args);
  },
}));
const { createMailer } = await import('../../api/src/infra/mail/index.js');

let outboxDir: string;

beforeEach(async () => {
  outboxDir = await mkdtemp(path.join(tmpdir(), 'constats-slow-outbox-'));
});

afterEach(async () => {
  await rm(outboxDir, { recursive: true, force: true });
});

const broken = () =>
  new Readable({
    read() {
      this.destroy(new Error('disque illisible'));
    },
  });

it('rejects a send whose attachment fails while its file opens, and leaves no file', async () => {
  const mailer = createMailer({ outboxDir, from: 'no-reply@etude-exemple.fr', log: () => {} });
  const sending = mailer.send({
    to: 'a@exemple.fr',
    subject: 'Essai',
    html: '<p>Bonjour</p>',
    text: 'Bonjour',
    attachments: [{ filename: 'x.pdf', content: broken() }],
  });
  await expect(sending).rejects.toThrow(/disque illisible/);
  expect(await readdir(outboxDir)).toEqual([]);
});

it('still writes a mail whose attachment reads well', async () => {
  const mailer = createMailer({ outboxDir, from: 'no-reply@etude-exemple.fr', log: () => {} });
  await mailer.send({
    to: 'a@exemple.fr',
    subject: 'Essai',
    html: '<p>Bonjour</p>',
    text: 'Bonjour',
    attachments: [{ filename: 'x.pdf', content: Readable.from([Buffer.from('%PDF-1.4')]) }],
  });
  expect((await readdir(outboxDir)).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
});
