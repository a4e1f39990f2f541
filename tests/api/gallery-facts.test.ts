// What the gallery shows of deposited photos and dictations (product.md §16), through the real
// server: the counting job reads when and where each photo was taken and how long each dictation
// lasts; a photo's preview is made at the first
// display, turned upright, without the photo's metadata, made once even when asked twice at once,
// kept while its photo exists and swept after; a photo no decoder reads has none, safely.
import { encodeGlobalID } from '@pothos/plugin-relay';
import sharp from 'sharp';
import { sweepOrphanFiles } from '../../api/src/infra/orphan-sweep.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { cameraJpeg, heicHeader, sampleMp3, sampleOpus, sampleWav } from '../support/media.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { waitFor } from '../support/wait.js';

let app: TestApp;
let token: string;
let bailiffId: number;

const CREATE = 'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }';
const FILES = `query($id: ID!) { node(id: $id) { ... on Report {
  deposited { files { name previewUrl takenAt position { latitude longitude } } }
} } }`;

interface GalleryFile {
  name: string;
  previewUrl: string | null;
  takenAt: string | null;
  position: { latitude: number; longitude: number } | null;
}

/** A constat of `files`, once the counting job went through them all. */
async function countedReport(files: { name: string; content: Buffer }[]): Promise<number> {
  const created = await gqlUpload(
    app.url,
    CREATE,
    { input: { name: 'Constat en photos', bailiffId: encodeGlobalID('User', bailiffId), files: files.map(() => null) } },
    files.map((file, index) => ({ path: `input.files.${index}`, ...file })),
    token,
  );
  expect(created.errors).toBeUndefined();
  const reportId = created.data!.createReport.report.databaseId as number;
  await waitFor(async () => (await app.services.db.reportFile.count({ where: { reportId, countStatus: 'PENDING' } })) === 0, {
    timeout: 60_000,
    interval: 200,
    what: 'the counting of the deposit',
  });
  return reportId;
}

async function deposit(files: { name: string; content: Buffer }[]): Promise<{ reportId: number; files: Record<string, GalleryFile> }> {
  const reportId = await countedReport(files);
  const node = (await gql(app.url, FILES, { id: encodeGlobalID('Report', reportId) }, token)).data!.node;
  const listed = node.deposited.files as GalleryFile[];
  return { reportId, files: Object.fromEntries(listed.map((file) => [file.name, file])) };
}

const fetchPreview = (url: string) => fetch(new URL(url, app.url));

beforeAll(async () => {
  app = await startTestApp();
  token = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  bailiffId = (await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } })).id;
}, 120_000);

afterAll(() => app?.stop());

it('gives each photo its date, its position and an upright preview without its metadata', async () => {
  const turned = await cameraJpeg(800, 600, {
    dateTimeOriginal: '2026:06:02 09:15:00',
    gps: { latitude: 48.8566, longitude: 2.3522 },
    orientation: 6,
  });
  const { files } = await deposit([
    { name: 'IMG_0001.jpg', content: turned },
    { name: 'IMG_0002.jpg', content: await cameraJpeg(120, 90) },
    { name: 'acte.pdf', content: samplePdf() },
    { name: 'IMG_0003.HEIC', content: heicHeader(4032, 3024) },
  ]);

  // Taken at 09:15 in Paris (summer time), in Paris.
  expect(files['IMG_0001.jpg'].takenAt).toBe('2026-06-02T07:15:00.000Z');
  expect(files['IMG_0001.jpg'].position!.latitude).toBeCloseTo(48.8566, 4);
  expect(files['IMG_0001.jpg'].position!.longitude).toBeCloseTo(2.3522, 4);
  expect(files['IMG_0002.jpg']).toMatchObject({ takenAt: null, position: null });
  // A document has no preview; nor a HEIC photo, which the server's decoder does not read.
  expect(files['acte.pdf']).toMatchObject({ previewUrl: null, takenAt: null, position: null });
  expect(files['IMG_0003.HEIC'].previewUrl).toBeNull();

  const response = await fetchPreview(files['IMG_0001.jpg'].previewUrl!);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/webp');
  const preview = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  // 800 × 600 turned a quarter: upright it is 600 × 800, so 240 × 320 at most 320 pixels.
  expect([preview.format, preview.width, preview.height]).toEqual(['webp', 240, 320]);
  expect(preview.exif).toBeUndefined();
  expect(preview.orientation).toBeUndefined();

  // A small photo is not enlarged.
  const small = await sharp(Buffer.from(await (await fetchPreview(files['IMG_0002.jpg'].previewUrl!)).arrayBuffer())).metadata();
  expect([small.width, small.height]).toEqual([120, 90]);
}, 120_000);

it('makes a preview once, even asked for many times at once, and keeps it while its photo exists', async () => {
  const { reportId, files } = await deposit([{ name: 'façade.jpg', content: await cameraJpeg(1600, 1200) }]);
  const answers = await Promise.all(Array.from({ length: 6 }, () => fetchPreview(files['façade.jpg'].previewUrl!)));
  const bodies = await Promise.all(answers.map(async (answer) => [answer.status, Buffer.from(await answer.arrayBuffer()).length]));
  expect(bodies.every(([status, length]) => status === 200 && length > 0)).toBe(true);

  const row = await app.services.db.reportFile.findFirstOrThrow({ where: { reportId }, select: { id: true, previewKey: true } });
  expect(row.previewKey).toMatch(/^previews\//);
  const stored: string[] = [];
  for await (const object of app.services.storage.list()) if (object.key.startsWith('previews/')) stored.push(object.key);
  // The losers of the race removed their copy: one preview per photo previewed in this file.
  expect(stored).toContain(row.previewKey);
  expect(new Set(stored).size).toBe(await app.services.db.reportFile.count({ where: { previewKey: { not: null } } }));

  // The sweep keeps it while the photo exists, then removes it with the photo's row gone.
  const later = new Date(Date.now() + 2 * 24 * 3600_000);
  await sweepOrphanFiles(app.services, 0, later);
  expect(await app.services.storage.exists(row.previewKey!)).toBe(true);
  await app.services.db.reportFile.delete({ where: { id: row.id } });
  await sweepOrphanFiles(app.services, 0, later);
  expect(await app.services.storage.exists(row.previewKey!)).toBe(false);
}, 120_000);

it('answers 404 for a photo its decoder cannot read, and keeps serving', async () => {
  const photo = await cameraJpeg(400, 300);
  // The header and the start of the scan, then nothing: stored (its header is a JPEG's), undecodable.
  const { files } = await deposit([{ name: 'coupée.jpg', content: photo.subarray(0, Math.floor(photo.length / 3)) }]);
  const response = await fetchPreview(files['coupée.jpg'].previewUrl!);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ code: 404, message: 'Fichier introuvable.' });
  expect((await fetch(new URL('/meta.json', app.url))).status).toBe(200);
}, 120_000);

it('refuses a preview link whose signature was altered', async () => {
  const { files } = await deposit([{ name: 'IMG_0100.jpg', content: await cameraJpeg(64, 64) }]);
  const url = new URL(files['IMG_0100.jpg'].previewUrl!, app.url);
  url.pathname = url.pathname.replace(/\/(\d+)$/, (_match, id: string) => `/${Number(id) + 1}`);
  expect((await fetch(url)).status).toBe(403);
}, 120_000);

it('gives each dictation its length, and the constat their total', async () => {
  const reportId = await countedReport([
    // 100 MPEG frames of 1,152 samples at 44.1 kHz: 2.6 s; the WAV holds 0.1 s.
    { name: 'dictée.mp3', content: sampleMp3({ frames: 100 }) },
    { name: 'mémo.wav', content: sampleWav() },
    // An Opus stream whose pages hold no audio: no length, and no error.
    { name: 'note.ogg', content: sampleOpus() },
    { name: 'acte.pdf', content: samplePdf() },
  ]);
  const node = (
    await gql(
      app.url,
      `query($id: ID!) { node(id: $id) { ... on Report { deposited { dictationSeconds files { name duration } } } } }`,
      { id: encodeGlobalID('Report', reportId) },
      token,
    )
  ).data!.node;
  expect(node.deposited.files).toEqual([
    { name: 'dictée.mp3', duration: 2.6 },
    { name: 'mémo.wav', duration: 0.1 },
    { name: 'note.ogg', duration: null },
    { name: 'acte.pdf', duration: null },
  ]);
  expect(node.deposited.dictationSeconds).toBeCloseTo(2.7, 5);
}, 120_000);
