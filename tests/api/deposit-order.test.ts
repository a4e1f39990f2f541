// The deposit order (product.md §16) through the real server: a constat's deposited files are listed
// in the order the bailiff picked them, whatever order a resumable deposit's files arrived in, after
// the files deposited before; « Tout télécharger » numbers the photos in that order, and its « pour
// Word » zip resizes the camera's JPEG photos (upright, 1,600 pixels at most), the rest as stored.
import { encodeGlobalID } from '@pothos/plugin-relay';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { cameraJpeg, samplePng } from '../support/media.js';
import { tusClient } from '../support/tus.js';
import { gqlUpload, samplePdf } from '../support/upload.js';
import { readZip } from '../support/zip.js';

let app: TestApp;
let tus: ReturnType<typeof tusClient>;
let token: string;

const reportGid = (id: number) => encodeGlobalID('Report', id);
const DEPOSITED = `query($id: ID!) { node(id: $id) { ... on Report { deposited { archiveUrl wordArchiveUrl files { name } } } } }`;

interface Deposited {
  archiveUrl: string;
  wordArchiveUrl: string | null;
  files: { name: string }[];
}
const deposited = async (reportId: number): Promise<Deposited> =>
  (await gql(app.url, DEPOSITED, { id: reportGid(reportId) }, token)).data!.node.deposited;
const download = async (link: string) => readZip(Buffer.from(await (await fetch(new URL(link, app.url))).arrayBuffer()));

/** A constat whose files come by multipart, as the old extranet's clients send them. */
async function multipartReport(files: { name: string; content: Buffer }[]): Promise<number> {
  const result = await gqlUpload(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
    { input: { name: 'Constat ordonné', files: files.map(() => null) } },
    files.map((file, index) => ({ path: `input.files.${index}`, ...file })),
    token,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createReport.report.databaseId;
}

/** A resumable deposit on the constat whose files are sent in `order` (their indexes), one after the other. */
async function resumableDeposit(reportId: number, files: { name: string; content: Buffer }[], order: number[]): Promise<void> {
  const started = await gql(
    app.url,
    'mutation($input: StartDepositInput!) { startDeposit(input: $input) { deposit { databaseId } } }',
    { input: { reportId: reportGid(reportId), files: files.length } },
    token,
  );
  expect(started.errors).toBeUndefined();
  const depositId = started.data!.startDeposit.deposit.databaseId as number;
  for (const index of order) {
    const { name, content } = files[index];
    const created = await tus.create(token, { deposit: depositId, index, filename: name }, content.length);
    expect(created.status).toBe(201);
    expect((await tus.patch(token, created.headers.get('location')!, 0, content)).status).toBe(204);
  }
}

beforeAll(async () => {
  app = await startTestApp();
  tus = tusClient(app.url);
  token = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
}, 120_000);

afterAll(() => app?.stop());

it('lists a deposit in the order picked, after what came before, whatever the order of arrival', async () => {
  const reportId = await multipartReport([
    { name: 'acte.pdf', content: samplePdf('acte') },
    { name: 'IMG_0001.jpg', content: await cameraJpeg(64, 48) },
  ]);
  const later = await Promise.all(
    ['IMG_0002.jpg', 'IMG_0003.jpg', 'IMG_0004.jpg'].map(async (name) => ({ name, content: await cameraJpeg(64, 48) })),
  );
  // The last picked arrives first, the first picked last.
  await resumableDeposit(reportId, later, [2, 1, 0]);
  const { files, archiveUrl } = await deposited(reportId);
  expect(files.map((file) => file.name)).toEqual(['acte.pdf', 'IMG_0001.jpg', 'IMG_0002.jpg', 'IMG_0003.jpg', 'IMG_0004.jpg']);
  expect((await download(archiveUrl)).map((entry) => entry.name)).toEqual([
    'acte.pdf',
    '001 - IMG_0001.jpg',
    '002 - IMG_0002.jpg',
    '003 - IMG_0003.jpg',
    '004 - IMG_0004.jpg',
  ]);
}, 120_000);

it('two deposits started together keep their own places', async () => {
  const reportId = await multipartReport([{ name: 'acte.pdf', content: samplePdf('acte') }]);
  const photos = async (prefix: string) =>
    Promise.all([1, 2].map(async (number) => ({ name: `${prefix}-${number}.jpg`, content: await cameraJpeg(32, 32) })));
  const [first, second] = [await photos('A'), await photos('B')];
  await Promise.all([resumableDeposit(reportId, first, [1, 0]), resumableDeposit(reportId, second, [0, 1])]);
  const names = (await deposited(reportId)).files.map((file) => file.name);
  // Each deposit's files together and in their order, whichever deposit took its places first.
  expect([
    ['acte.pdf', 'A-1.jpg', 'A-2.jpg', 'B-1.jpg', 'B-2.jpg'],
    ['acte.pdf', 'B-1.jpg', 'B-2.jpg', 'A-1.jpg', 'A-2.jpg'],
  ]).toContainEqual(names);
}, 120_000);

it('« pour Word »: the camera’s JPEG photos resized and upright, the others as stored, numbered alike', async () => {
  const big = await cameraJpeg(2400, 1800, { orientation: 6 });
  const plan = samplePng(40, 30);
  const small = await cameraJpeg(800, 600);
  const photo = await cameraJpeg(400, 300);
  const cut = photo.subarray(0, Math.floor(photo.length / 3));
  const reportId = await multipartReport([
    { name: 'IMG_0001.JPG', content: big },
    { name: 'plan.png', content: plan },
    { name: 'IMG_0002.jpeg', content: small },
    { name: 'coupée.jpg', content: cut },
    { name: 'acte.pdf', content: samplePdf('acte') },
  ]);
  const { wordArchiveUrl } = await deposited(reportId);
  const entries = await download(wordArchiveUrl!);
  expect(entries.map((entry) => entry.name)).toEqual([
    '001 - IMG_0001.JPG',
    '002 - plan.png',
    '003 - IMG_0002.jpeg',
    '004 - coupée.jpg',
    'acte.pdf',
  ]);
  const resized = await sharp(entries[0].content).metadata();
  // 2,400 × 1,800 turned a quarter: upright 1,800 × 2,400, so 1,200 × 1,600 at most 1,600 pixels.
  expect([resized.format, resized.width, resized.height, resized.orientation, resized.exif]).toEqual([
    'jpeg',
    1200,
    1600,
    undefined,
    undefined,
  ]);
  expect(entries[1].content).toEqual(plan);
  // Smaller than 1,600 pixels: not enlarged, re-encoded.
  const kept = await sharp(entries[2].content).metadata();
  expect([kept.width, kept.height]).toEqual([800, 600]);
  // A JPEG its decoder cannot read goes into the zip as stored rather than breaking it.
  expect(entries[3].content).toEqual(cut);
}, 120_000);

it('offers no « pour Word » zip without a JPEG photo', async () => {
  const reportId = await multipartReport([
    { name: 'acte.pdf', content: samplePdf('acte') },
    { name: 'plan.png', content: samplePng(40, 30) },
  ]);
  expect((await deposited(reportId)).wordArchiveUrl).toBeNull();
}, 120_000);
