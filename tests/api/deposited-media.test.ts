// Photos and dictations deposited on a constat (issue 33, item 1), through the real server: accepted
// by their content beside documents, a photo measured from its header before anything decodes it,
// served with its own type, counted without error; returned items stay documents.
import { encodeGlobalID } from '@pothos/plugin-relay';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/app.js';
import { countFiles } from '../support/files.js';
import { demo, gql, loginToken } from '../support/http.js';
import { pngHeaderOnly } from '../support/images.js';
import {
  heicHeader,
  jpegHeader,
  m4aHeader,
  sampleAac,
  sampleJpeg,
  sampleMp3,
  sampleOpus,
  samplePng,
  sampleWav,
  webpHeader,
} from '../support/media.js';
import { samplePdf as realPdf } from '../../scripts/sample-documents.js';
import { gqlUpload, restForm, samplePdf } from '../support/upload.js';
import { waitFor } from '../support/wait.js';

let app: TestApp;
const tokens: Record<'admin' | 'bailiff', string> = {} as never;
let bailiffId: number;

const reportGid = (id: number) => encodeGlobalID('Report', id);
const filesOnDisk = () => countFiles(path.join(app.dataDir, 'files'));
const CREATE = 'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }';
const ADD = 'mutation($input: AddReportFilesInput!) { addReportFiles(input: $input) { message } }';
const FILES = `query($id: ID!) { node(id: $id) { ... on Report {
  deposited { files { name url countStatus pageCount photoCount countError } detected { pages photos complete } }
} } }`;

type Sample = { name: string; content: Buffer };
const DEPOSIT: Sample[] = [
  { name: 'acte.pdf', content: samplePdf() },
  { name: 'IMG_0001.JPG', content: sampleJpeg(40, 30) },
  { name: 'plan.png', content: samplePng(40, 30) },
  { name: 'façade.webp', content: webpHeader(640, 480) },
  { name: 'IMG_0002.HEIC', content: heicHeader(4032, 3024) },
  { name: 'photo.heif', content: heicHeader(4032, 3024, { brand: 'mif1' }) },
  { name: 'dictée.mp3', content: sampleMp3({ id3: true }) },
  { name: 'mémo.m4a', content: m4aHeader('mp42') },
  { name: 'mémo.aac', content: sampleAac() },
  { name: 'dictée.wav', content: sampleWav() },
  { name: 'note-vocale.ogg', content: sampleOpus() },
];
const TYPES: Record<string, string> = {
  'acte.pdf': 'application/pdf',
  'IMG_0001.JPG': 'image/jpeg',
  'plan.png': 'image/png',
  'façade.webp': 'image/webp',
  'IMG_0002.HEIC': 'image/heic',
  'photo.heif': 'image/heif',
  'dictée.mp3': 'audio/mpeg',
  'mémo.m4a': 'audio/mp4',
  'mémo.aac': 'audio/aac',
  'dictée.wav': 'audio/wav',
  'note-vocale.ogg': 'audio/ogg',
};

const uploads = (files: Sample[], at = 'input.files') => files.map((file, index) => ({ path: `${at}.${index}`, ...file }));

async function create(files: Sample[], token = tokens.bailiff) {
  return gqlUpload(
    app.url,
    CREATE,
    { input: { name: 'Constat de photos', bailiffId: encodeGlobalID('User', bailiffId), files: files.map(() => null) } },
    uploads(files),
    token,
  );
}

async function add(reportId: number, kind: 'DEPOSITED' | 'RETURNED', files: Sample[], token: string) {
  return gqlUpload(app.url, ADD, { input: { reportId: reportGid(reportId), kind, files: files.map(() => null) } }, uploads(files), token);
}

beforeAll(async () => {
  app = await startTestApp();
  tokens.admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  tokens.bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  bailiffId = (await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } })).id;
}, 120_000);

afterAll(() => app?.stop());

it('deposits photos and dictations beside a document, serves each with its type, and counts them without error', async () => {
  DEPOSIT[0].content = await realPdf({ pages: 2, photos: 1 });
  const created = await create(DEPOSIT);
  expect(created.errors).toBeUndefined();
  const reportId = created.data!.createReport.report.databaseId as number;
  const rows = await app.services.db.reportFile.findMany({ where: { reportId }, orderBy: { id: 'asc' } });
  expect(rows.map((row) => [row.originalName, row.mimeType])).toEqual(DEPOSIT.map((file) => [file.name, TYPES[file.name]]));

  // The queue leaves photos and dictations counted (a photo is one photo, no page), never failed.
  await waitFor(async () => (await app.services.db.reportFile.count({ where: { reportId, countStatus: 'PENDING' } })) === 0, {
    timeout: 90_000,
    interval: 250,
    what: 'counting of the deposit',
  });
  const node = (await gql(app.url, FILES, { id: reportGid(reportId) }, tokens.bailiff)).data!.node;
  const counted = Object.fromEntries(
    (node.deposited.files as { name: string; countStatus: string; pageCount: number; photoCount: number; countError: string | null }[]).map(
      (file) => [file.name, [file.countStatus, file.pageCount, file.photoCount, file.countError]],
    ),
  );
  for (const name of ['IMG_0001.JPG', 'plan.png', 'façade.webp', 'IMG_0002.HEIC', 'photo.heif'])
    expect(counted[name]).toEqual(['DONE', 0, 1, null]);
  for (const name of ['dictée.mp3', 'mémo.m4a', 'mémo.aac', 'dictée.wav', 'note-vocale.ogg'])
    expect(counted[name]).toEqual(['DONE', 0, 0, null]);
  expect(node.deposited.detected).toMatchObject({ pages: 2, photos: 6, complete: true });

  // Served with the type of the stored file, never sniffed into a page.
  for (const file of node.deposited.files as { name: string; url: string }[]) {
    const response = await fetch(new URL(file.url, app.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(TYPES[file.name]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(DEPOSIT.find((sample) => sample.name === file.name)!.content);
  }
}, 120_000);

describe('refusals, before anything is stored', () => {
  let reportId: number;
  beforeAll(async () => {
    reportId = (await create([{ name: 'acte.pdf', content: samplePdf() }])).data!.createReport.report.databaseId;
  });

  it.each<[string, Sample]>([
    [
      'an executable named .jpg',
      { name: 'photo.jpg', content: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(120)]) },
    ],
    [
      'an HTML page named .mp3',
      { name: 'dictée.mp3', content: Buffer.from('<!DOCTYPE html><html><script>fetch("/graphql")</script></html>') },
    ],
    ['an HTML page named .heic', { name: 'photo.heic', content: Buffer.from('<html><body>x</body></html>') }],
  ])('refuses %s with the list of accepted deposits', async (_label, sample) => {
    const [files, rows] = [await filesOnDisk(), await app.services.db.reportFile.count()];
    const result = await add(reportId, 'DEPOSITED', [{ name: 'acte.pdf', content: samplePdf() }, sample], tokens.bailiff);
    expect(result.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'FILE_TYPE' });
    expect(result.errors![0].message).toBe(
      `Type de fichier non autorisé : « ${sample.name} ». Formats acceptés : documents (.doc, .docx, .odt, .pdf, .txt), photos (.jpg, .jpeg, .png, .webp, .heic, .heif), dictées (.mp3, .m4a, .aac, .wav, .ogg, .opus).`,
    );
    expect(await filesOnDisk()).toBe(files);
    expect(await app.services.db.reportFile.count()).toBe(rows);
  });

  it.each<[string, Sample]>([
    ['PNG', { name: 'immense.png', content: pngHeaderOnly(20_000, 20_000) }],
    ['JPEG', { name: 'immense.jpg', content: jpegHeader(20_000, 20_000) }],
  ])('refuses a %s header announcing 20,000 × 20,000 pixels, through GraphQL and the REST shim', async (_type, sample) => {
    const [files, rows, reports] = [await filesOnDisk(), await app.services.db.reportFile.count(), await app.services.db.report.count()];
    const added = await add(reportId, 'DEPOSITED', [sample], tokens.admin);
    expect(added.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'IMAGE_DIMENSIONS' });
    const message = new RegExp(
      `^La photo « ${sample.name.replace('.', '\\.')} » est trop grande \\(20\\s000 × 20\\s000 pixels\\) : 100 mégapixels au maximum\\.$`,
    );
    expect(added.errors![0].message).toMatch(message);
    const createdFor = await create([sample]);
    expect(createdFor.errors![0].message).toMatch(message);
    const legacy = await restForm(
      app.url,
      '/api/v1/report/add_files',
      { report_id: String(reportId) },
      [{ field: 'deposited_items[]', ...sample }],
      tokens.bailiff,
    );
    expect(legacy.status).toBe(400);
    expect(legacy.body.message).toMatch(message);
    expect(await filesOnDisk()).toBe(files);
    expect(await app.services.db.reportFile.count()).toBe(rows);
    expect(await app.services.db.report.count()).toBe(reports);
  });

  it('returned items stay documents: a photo or a dictation is refused with the documents’ list', async () => {
    for (const sample of [
      { name: 'PV.jpg', content: sampleJpeg(40, 30) },
      { name: 'PV.mp3', content: sampleMp3() },
    ]) {
      const result = await add(reportId, 'RETURNED', [sample], tokens.admin);
      expect(result.errors![0].message).toBe(
        `Type de fichier non autorisé : « ${sample.name} ». Formats acceptés : .doc, .docx, .odt, .pdf, .txt.`,
      );
    }
  });
});

it('the REST shim takes photos and dictations as deposited items', async () => {
  const response = await restForm(
    app.url,
    '/api/v1/report/create',
    { bailiff_id: String(bailiffId), name: 'Constat REST en photos' },
    [
      { field: 'deposited_items[]', name: 'IMG_0003.heic', content: heicHeader(4032, 3024) },
      { field: 'deposited_items[]', name: 'dictée.wav', content: sampleWav() },
    ],
    tokens.bailiff,
  );
  expect(response.status).toBe(201);
  expect(response.body.report.deposited_items.map((item: { originalname: string }) => item.originalname)).toEqual([
    'IMG_0003.heic',
    'dictée.wav',
  ]);
});
