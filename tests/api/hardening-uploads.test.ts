import path from 'node:path';
import { startTestApp, type TestApp } from '../support/app.js';
import { countFiles } from '../support/files.js';
import { demo, loginToken } from '../support/http.js';
import { sampleDocx } from '../support/office.js';
import { gqlUpload, restForm, samplePdf } from '../support/upload.js';

// Issue 16 class 13: uploads typed by their content; executables, markup and empty files refused, nothing stored.

const CREATE =
  'mutation($input: CreateReportInput!) { createReport(input: $input) { message report { databaseId deposited { files { name } } } } }';
const REFUSED =
  'Type de fichier non autorisé : « acte.pdf ». Formats acceptés : documents (.doc, .docx, .odt, .pdf, .txt), ' +
  'photos (.jpg, .jpeg, .png, .webp, .heic, .heif), dictées (.mp3, .m4a, .aac, .wav, .ogg, .opus).';

let app: TestApp;
let bailiff: string;

beforeAll(async () => {
  app = await startTestApp();
  bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
});

afterAll(async () => {
  await app?.stop();
});

const storedFileCount = () => countFiles(path.join(app.dataDir, 'files'));

async function createReport(files: { name: string; content: Buffer | string }[]) {
  return gqlUpload(
    app.url,
    CREATE,
    { input: { name: 'Constat piégé', files: files.map(() => null) } },
    files.map((file, index) => ({ path: `input.files.${index}`, ...file })),
    bailiff,
  );
}

describe('uploads typed by content', () => {
  it.each([
    ['an MZ executable named .pdf', Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2048)])],
    [
      'an HTML page named .pdf with %PDF- inside its first KB',
      Buffer.from('<!doctype html><html><!-- %PDF-1.4 --><script>alert(document.domain)</script></html>'),
    ],
    ['a PDF signature at offset 500', Buffer.concat([Buffer.alloc(500, 0x20), samplePdf()])],
  ])('%s is refused with a French message and nothing is stored', async (_label, content) => {
    const [reportsBefore, filesBefore] = [await app.services.db.report.count(), await storedFileCount()];
    const result = await createReport([
      { name: 'bon.pdf', content: samplePdf() },
      { name: 'acte.pdf', content },
    ]);
    expect(result.errors![0].message).toBe(REFUSED);
    expect(await app.services.db.report.count()).toBe(reportsBefore);
    expect(await storedFileCount()).toBe(filesBefore);
  });

  it('an empty file is refused as empty', async () => {
    const filesBefore = await storedFileCount();
    const result = await createReport([{ name: 'acte.pdf', content: Buffer.alloc(0) }]);
    expect(result.errors![0].message).toBe('Le fichier « acte.pdf » est vide.');
    expect(await storedFileCount()).toBe(filesBefore);
  });

  it('the REST shim refuses an HTML page named .txt and an empty .txt with 400', async () => {
    for (const content of ['<html><body onload="alert(1)">', '']) {
      const response = await restForm(
        app.url,
        '/api/v1/report/create',
        { name: 'Constat' },
        [{ field: 'deposited_items[]', name: 'notes.txt', content }],
        bailiff,
      );
      expect(response.status).toBe(400);
    }
  });

  it('a real Word .docx is accepted, a truncated zip named .docx is not', async () => {
    const accepted = await createReport([{ name: 'constat.docx', content: await sampleDocx() }]);
    expect(accepted.errors).toBeUndefined();
    const truncated = await createReport([{ name: 'constat.docx', content: (await sampleDocx()).subarray(0, 60) }]);
    expect(truncated.errors![0].message).toMatch(/^Type de fichier non autorisé : « constat\.docx »/);
  });
});
