import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { countDocument } from '../../api/src/modules/counting/document.js';
import { countFormat, type CountFormat } from '../../api/src/modules/counting/rules.js';
import { findSoffice } from '../../api/src/modules/counting/render.js';
import {
  countsDiffer,
  countTimeLimitSeconds,
  createTxtPager,
  detectionAgreement,
  diedOfMemory,
  fairPriority,
  isOutOfMemory,
  isPhoto,
  PHOTO_MIN_SIDE_PX,
} from '../../api/src/modules/counting/rules.js';
import { countInWorker } from '../../api/src/modules/counting/worker.js';
import { detectedTotals } from '../../api/src/modules/reports/rules.js';
import { sampleDocx, sampleOdt, samplePdf } from '../../scripts/sample-documents.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'constats-counting-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let serial = 0;
async function count(content: Buffer | string, format: CountFormat, soffice: string | null = null) {
  const file = path.join(dir, `f${serial++}.${format}`);
  await writeFile(file, content);
  return countDocument(file, format, { soffice, timeoutMs: 120_000 });
}

describe('counting rules', () => {
  it('a photo has a shorter side of at least 150 px: logos, rules and bullets are not photos', () => {
    expect(PHOTO_MIN_SIDE_PX).toBe(150);
    expect(isPhoto(400, 300)).toBe(true);
    expect(isPhoto(150, 150)).toBe(true);
    expect(isPhoto(600, 120)).toBe(false); // logo
    expect(isPhoto(1200, 3)).toBe(false); // rule
    expect(isPhoto(16, 16)).toBe(false); // bullet
  });

  it('plain text is laid out on A4 at 80 characters a line and 60 lines a page', () => {
    const pages = (text: string, chunk = 7) => {
      const pager = createTxtPager();
      for (let i = 0; i < text.length; i += chunk) pager.feed(text.slice(i, i + chunk));
      return pager.end();
    };
    expect(pages('')).toBe(0);
    expect(pages('\n\n  \n')).toBe(0);
    expect(pages('Constat')).toBe(1);
    expect(pages('ligne\n'.repeat(60))).toBe(1);
    expect(pages('ligne\n'.repeat(61))).toBe(2);
    expect(pages('ligne\r\n'.repeat(120))).toBe(2);
    // A 160-character line wraps onto two lines: 30 of them fill one page, 31 spill onto a second.
    expect(pages(`${'x'.repeat(160)}\n`.repeat(30))).toBe(1);
    expect(pages(`${'x'.repeat(160)}\n`.repeat(31))).toBe(2);
    expect(pages(`${'x'.repeat(80)}\n`.repeat(60))).toBe(1);
    // A form feed starts a new page; a trailing one adds none.
    expect(pages('un\fdeux\fTrois\f')).toBe(3);
    expect(pages('x'.repeat(80 * 60 * 3))).toBe(3);
  });

  it('totals a group only over counted files, and compares entered counts once every file is counted', () => {
    const done = { countStatus: 'DONE' as const, pageCount: 12, photoCount: 30 };
    const estimated = { countStatus: 'ESTIMATED' as const, pageCount: 3, photoCount: 4 };
    const pending = { countStatus: 'PENDING' as const, pageCount: null, photoCount: null };
    expect(detectedTotals([done, estimated])).toEqual({ pages: 15, photos: 34, complete: true, estimated: true });
    expect(detectedTotals([done, pending])).toEqual({ pages: 12, photos: 30, complete: false, estimated: false });
    expect(detectedTotals([]).complete).toBe(false);
    expect(countsDiffer({ pages: 12, photos: 30 }, detectedTotals([done]))).toBe(false);
    expect(countsDiffer({ pages: 12, photos: 31 }, detectedTotals([done]))).toBe(true);
    expect(countsDiffer({ pages: 12, photos: 30 }, detectedTotals([done, pending]))).toBeNull();
  });

  it('measures how often the billed counts equal the detection, over billed constats whose returned items are all counted', () => {
    const row = { pages: 12, photos: 30, returnedFiles: 2, countedFiles: 2, detectedPages: 12, detectedPhotos: 30 };
    expect(detectionAgreement([])).toEqual({ compared: 0, agreeing: 0, rate: null });
    expect(
      detectionAgreement([
        row,
        { ...row, photos: 31 },
        { ...row, countedFiles: 1 }, // a file not counted: not compared
        { ...row, pages: 0 }, // not billed yet
        { ...row, returnedFiles: 0, countedFiles: 0 },
      ]),
    ).toEqual({ compared: 2, agreeing: 1, rate: 0.5 });
  });

  it('knows the counted kinds from the file name', () => {
    expect(countFormat('Constat final.PDF')).toBe('pdf');
    expect(countFormat('a.docx')).toBe('docx');
    expect(countFormat('image.png')).toBeNull();
  });
});

describe('PDF', () => {
  it('counts the pages and the photos drawn on them, not the logo and rule repeated on every page', async () => {
    expect(await count(await samplePdf({ pages: 7, photos: 23, decorations: true }), 'pdf')).toEqual({
      status: 'DONE',
      pageCount: 7,
      photoCount: 23,
      error: null,
    });
    expect(await count(await samplePdf({ pages: 1, photos: 0 }), 'pdf')).toEqual({
      status: 'DONE',
      pageCount: 1,
      photoCount: 0,
      error: null,
    });
  });

  it('follows photos drawn inside form XObjects and counts a photo drawn twice once', async () => {
    const inner = await PDFDocument.load(await samplePdf({ pages: 2, photos: 3 }));
    const outer = await PDFDocument.create();
    const [first, second] = await outer.embedPdf(inner, [0, 1]);
    const page = outer.addPage();
    page.drawPage(first, { x: 0, y: 0, xScale: 0.5, yScale: 0.5 });
    page.drawPage(first, { x: 300, y: 0, xScale: 0.5, yScale: 0.5 });
    outer.addPage().drawPage(second);
    // Page 1 of the inner document holds photos 1 and 3, page 2 photo 2.
    expect(await count(Buffer.from(await outer.save()), 'pdf')).toEqual({ status: 'DONE', pageCount: 2, photoCount: 3, error: null });
  });

  it('ends FAILED with a reason for an encrypted, a corrupt, a truncated and a zero-page PDF', async () => {
    const encrypted = await PDFDocument.load(await samplePdf({ pages: 2, photos: 1 }));
    encrypted.context.trailerInfo.Encrypt = encrypted.context.obj({ Filter: PDFName.of('Standard'), V: 1, R: 2, P: -4 });
    expect(await count(Buffer.from(await encrypted.save()), 'pdf')).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/chiffré/),
    });

    expect(await count(Buffer.from('%PDF-1.7\n\x00\x01garbage'), 'pdf')).toMatchObject({
      status: 'FAILED',
      pageCount: null,
      error: expect.any(String),
    });
    const whole = await samplePdf({ pages: 4, photos: 4 });
    expect(await count(whole.subarray(0, 200), 'pdf')).toMatchObject({ status: 'FAILED', error: expect.any(String) });
    const empty = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
    expect(await count(empty, 'pdf')).toEqual({
      status: 'FAILED',
      pageCount: null,
      photoCount: null,
      error: 'Le PDF ne contient aucune page.',
    });
  });
});

describe('Word and OpenDocument', () => {
  const soffice = findSoffice();
  const withLibreOffice = soffice ? it : it.skip;

  it('without LibreOffice: photos from the media, pages from the saved statistics, flagged ESTIMATED', async () => {
    const layout = { pages: 4, photos: 9, decorations: true };
    expect(await count(await sampleDocx(layout), 'docx')).toEqual({ status: 'ESTIMATED', pageCount: 4, photoCount: 9, error: null });
    expect(await count(await sampleOdt(layout), 'odt')).toEqual({ status: 'ESTIMATED', pageCount: 4, photoCount: 9, error: null });
    expect(await count(Buffer.from('not a document'), 'doc')).toMatchObject({
      status: 'UNSUPPORTED',
      error: expect.stringMatching(/LibreOffice/),
    });
  });

  withLibreOffice(
    'with LibreOffice: exact pages from the rendering, photos from the media',
    async () => {
      const layout = { pages: 3, photos: 8, decorations: true };
      expect(await count(await sampleDocx(layout), 'docx', soffice)).toEqual({ status: 'DONE', pageCount: 3, photoCount: 8, error: null });
      expect(await count(await sampleOdt(layout), 'odt', soffice)).toEqual({ status: 'DONE', pageCount: 3, photoCount: 8, error: null });
    },
    180_000,
  );

  it('ends FAILED with a reason for a corrupt zip, a zip that is not a document and a password-protected ODT', async () => {
    expect(await count(Buffer.from('PK\x03\x04 truncated'), 'docx')).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/endommagé/),
    });
    const notWord = await sampleOdt({ pages: 1, photos: 0 });
    expect(await count(notWord, 'docx')).toMatchObject({ status: 'FAILED', error: expect.stringMatching(/pas un document Word/) });
    expect(await count(await sampleOdt({ pages: 2, photos: 1, passwordProtected: true }), 'odt')).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/mot de passe/),
    });
  });

  it('measures a photo from its first bytes, whatever the size of its entry', async () => {
    const docx = await sampleDocx({ pages: 2, photos: 3, photoBytes: 3 * 1024 * 1024 });
    expect(docx.length).toBeGreaterThan(9 * 1024 * 1024);
    expect(await count(docx, 'docx')).toEqual({ status: 'ESTIMATED', pageCount: 2, photoCount: 3, error: null });
  });
});

describe('the counting worker', () => {
  // The API project's global setup names a bundle for the whole run, which this file may share.
  const runBundle = process.env.COUNTING_PROCESS_BUNDLE;
  beforeEach(() => delete process.env.COUNTING_PROCESS_BUNDLE);
  afterAll(() => {
    if (runBundle) process.env.COUNTING_PROCESS_BUNDLE = runBundle;
  });

  it('counts in a process of its own, from its sources, and stops a count at its time limit', async () => {
    const file = path.join(dir, 'worker.pdf');
    await writeFile(file, await samplePdf({ pages: 3, photos: 5 }));
    expect(await countInWorker({ file, format: 'pdf', options: { soffice: null, timeoutMs: 30_000 } }, 30_000)).toEqual({
      status: 'DONE',
      pageCount: 3,
      photoCount: 5,
      error: null,
    });
    // A file whose reading never ends (a pipe nobody writes to): the limit must stop it. A real PDF
    // under a 1 ms limit raced: on a busy machine its answer could arrive with the « ready » message.
    const endless = path.join(dir, 'endless.pdf');
    execFileSync('mkfifo', [endless]);
    expect(await countInWorker({ file: endless, format: 'pdf', options: { soffice: null, timeoutMs: 1 } }, 200)).toMatchObject({
      status: 'FAILED',
      error: expect.stringMatching(/trop long/),
    });
  });

  it('starts the bundle COUNTING_PROCESS_BUNDLE names instead of its sources when it is set', async () => {
    // A stand-in bundle whose answer no real count of this file would give.
    const bundle = path.join(dir, 'bundle.mjs');
    await writeFile(
      bundle,
      `process.send({ ready: true });
       process.send({ result: { status: 'DONE', pageCount: 42, photoCount: 7, error: null } }, () => process.exit(0));`,
    );
    const file = path.join(dir, 'bundled.pdf');
    await writeFile(file, await samplePdf({ pages: 1, photos: 0 }));
    process.env.COUNTING_PROCESS_BUNDLE = bundle;
    expect(await countInWorker({ file, format: 'pdf', options: { soffice: null, timeoutMs: 30_000 } }, 30_000)).toEqual({
      status: 'DONE',
      pageCount: 42,
      photoCount: 7,
      error: null,
    });
  });

  it('counts TXT files as laid out on A4', async () => {
    expect(await count('ligne\n'.repeat(130), 'txt')).toEqual({ status: 'DONE', pageCount: 3, photoCount: 0, error: null });
    expect(await count('', 'txt')).toMatchObject({ status: 'FAILED', error: 'Le document ne contient aucune page.' });
  });
});

describe('counting limits and turns', () => {
  const limits = { timeoutSeconds: 300, readTimeoutSeconds: 60 };

  it('only a LibreOffice rendering gets the long time limit', () => {
    expect(countTimeLimitSeconds('docx', true, limits)).toBe(300);
    expect(countTimeLimitSeconds('doc', true, limits)).toBe(300);
    expect(countTimeLimitSeconds('docx', false, limits)).toBe(60);
    expect(countTimeLimitSeconds('pdf', true, limits)).toBe(60);
    expect(countTimeLimitSeconds('txt', true, limits)).toBe(60);
    // The read limit never exceeds the general one.
    expect(countTimeLimitSeconds('pdf', false, { timeoutSeconds: 30, readTimeoutSeconds: 60 })).toBe(30);
  });

  it('the first file of an étude’s backlog comes before the second of another', () => {
    expect(fairPriority(0)).toBeGreaterThan(fairPriority(1));
    expect(fairPriority(1)).toBeGreaterThan(fairPriority(5));
  });

  it('tells an allocation refused under the memory cap from other errors', () => {
    expect(isOutOfMemory(new RangeError('Array buffer allocation failed'))).toBe(true);
    expect(
      isOutOfMemory(Object.assign(new Error('Cannot create a string longer than 0x1fffffe8 characters'), { code: 'ERR_STRING_TOO_LONG' })),
    ).toBe(true);
    expect(isOutOfMemory(new Error('Failed to parse PDF document'))).toBe(false);
    expect(diedOfMemory('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory')).toBe(true);
    expect(diedOfMemory('TypeError: x is not a function')).toBe(false);
  });
});
