// Counting cannot be used as a weapon, through the real server: a few kilobytes of hostile PDF
// neither grow the server's memory past the counting cap nor hold a counting slot, and one
// étude's burst of files does not delay another étude's count.
import { samplePdf } from '../../scripts/sample-documents.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, loginToken } from '../support/http.js';
import { blankPagesPdf, flateBombPdf, sharedPageTreePdf } from '../support/hostile-pdf.js';
import { processTreeRssMb, watchPeakRss } from '../support/process-memory.js';
import { gqlUpload } from '../support/upload.js';

let app: TestApp;
/** Étude A's bailiff (the demo login) and étude B's (Maître Gauthier, another étude). */
const tokens = { a: '', b: '' };

/** The counting process's memory cap (COUNTING_MEMORY_MB's default). */
const MEMORY_CAP_MB = 512;

beforeAll(async () => {
  // One count at a time: the order of the counts is the queue's, nothing else.
  app = await startTestApp({ env: { COUNTING_CONCURRENCY: '1' } });
  tokens.a = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
  tokens.b = await loginToken(app.url, 'loic.gauthier@demo.fr', demo.bailiff.password);
  // The demo files are counted first.
  await until(async () => (await app.services.db.reportFile.count({ where: { countStatus: 'PENDING' } })) === 0, 120_000);
}, 180_000);

afterAll(() => app?.stop());

async function until(done: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not done after ${ms} ms`);
}

/** A new constat holding these files, deposited by `token`'s bailiff; the files' ids in order. */
async function deposit(token: string, files: { name: string; content: Buffer }[], on = app): Promise<number[]> {
  const created = await gqlUpload(
    on.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
    { input: { name: 'Constat compté', files: files.map(() => null) } },
    files.map((file, index) => ({ path: `input.files.${index}`, ...file })),
    token,
  );
  expect(created.errors).toBeUndefined();
  const rows = await on.services.db.reportFile.findMany({
    where: { reportId: created.data!.createReport.report.databaseId },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

const fileRows = (ids: number[], on = app) =>
  on.services.db.reportFile.findMany({
    where: { id: { in: ids } },
    orderBy: { id: 'asc' },
    select: { countStatus: true, pageCount: true, countError: true },
  });

const counted = async (ids: number[], on = app) => (await fileRows(ids, on)).every((file) => file.countStatus !== 'PENDING');

/** Until the file is counted (bounded), then how long it took from `since`, ms. */
async function countedWithin(id: number, since: number, ms: number, on = app): Promise<number> {
  await until(() => counted([id], on), ms);
  return Date.now() - since;
}

it('a 3 KB PDF inflating to 1 GB ends FAILED with a French reason; the server and its counting processes stay under the cap', async () => {
  const bomb = await flateBombPdf(1024);
  expect(bomb.length).toBeLessThan(10 * 1024);
  const before = processTreeRssMb();
  const peak = watchPeakRss();
  const [id] = await deposit(tokens.a, [{ name: 'bombe.pdf', content: bomb }]);
  try {
    await until(() => counted([id]), 120_000);
  } finally {
    const growth = peak.stop() - before;
    // A worker thread's heap cap let the inflated stream (outside the heap) grow the server by 2.6 GB.
    expect(growth).toBeLessThan(MEMORY_CAP_MB);
  }
  expect(await fileRows([id])).toEqual([
    {
      countStatus: 'FAILED',
      pageCount: null,
      countError: expect.stringMatching(/^(PDF anormal : son contenu décompressé dépasse les limites du comptage\.|Mémoire insuffisante)/),
    },
  ]);
}, 240_000);

it('four 3 KB PDFs announcing 16 million pages each fail at once, and another étude’s 3-page file is counted in seconds', async () => {
  const hostile = await deposit(
    tokens.a,
    [1, 2, 3, 4].map((n) => ({ name: `arbre-${n}.pdf`, content: sharedPageTreePdf(24) })),
  );
  const since = Date.now();
  const [own] = await deposit(tokens.b, [{ name: 'constat.pdf', content: await samplePdf({ pages: 3, photos: 1 }) }]);
  // Read to the end, these pages took 40 s a file at 2^22 pages, and were billed.
  expect(await countedWithin(own, since, 60_000)).toBeLessThan(60_000);
  expect((await fileRows([own]))[0]).toMatchObject({ countStatus: 'DONE', pageCount: 3 });
  await until(() => counted(hostile), 30_000);
  expect(await fileRows(hostile)).toEqual(
    hostile.map(() => ({
      countStatus: 'FAILED',
      pageCount: null,
      countError: 'PDF anormal : son arbre des pages nomme plusieurs fois les mêmes pages.',
    })),
  );
}, 180_000);

it('études take turns: another étude’s 3-page file is counted before a burst of long files queued earlier', async () => {
  // Legitimate long documents (a few seconds each), queued by étude A before B's file.
  const long = blankPagesPdf(6000);
  const burst = await deposit(
    tokens.a,
    [1, 2, 3, 4].map((n) => ({ name: `long-${n}.pdf`, content: long })),
  );
  // Every file of A's burst is in the queue before B's arrives.
  await until(async () => {
    const rows = await app.services.db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'count-report-file' AND (data->>'fileId')::int = ANY($1)`,
      burst,
    );
    return rows[0].n === burst.length;
  }, 30_000);
  const since = Date.now();
  const [own] = await deposit(tokens.b, [{ name: 'constat.pdf', content: await samplePdf({ pages: 3, photos: 1 }) }]);
  await countedWithin(own, since, 120_000);
  // In arrival order, B's file waited for the whole burst; now for the file under way at most.
  const waiting = (await fileRows(burst)).filter((file) => file.countStatus === 'PENDING').length;
  expect(waiting).toBeGreaterThanOrEqual(2);
  expect((await fileRows([own]))[0]).toMatchObject({ countStatus: 'DONE', pageCount: 3 });
  await until(() => counted(burst), 240_000);
  expect((await fileRows(burst)).map((file) => [file.countStatus, file.pageCount])).toEqual(burst.map(() => ['DONE', 6000]));
}, 420_000);

it('a PDF read for longer than COUNTING_READ_TIMEOUT_SECONDS is stopped, its process ended, and the next file counted', async () => {
  // A server of its own with a one-second reading limit: 200,000 blank pages (legitimate in form)
  // take several seconds to read on any machine, a 3-page file a few milliseconds.
  const quick = await startTestApp({ env: { COUNTING_CONCURRENCY: '1', COUNTING_READ_TIMEOUT_SECONDS: '1' } });
  try {
    const [a, b] = await Promise.all([
      loginToken(quick.url, demo.bailiff.email, demo.bailiff.password),
      loginToken(quick.url, 'loic.gauthier@demo.fr', demo.bailiff.password),
    ]);
    await until(async () => (await quick.services.db.reportFile.count({ where: { countStatus: 'PENDING' } })) === 0, 120_000);
    const [slow] = await deposit(a, [{ name: 'interminable.pdf', content: blankPagesPdf(200_000) }], quick);
    const [own] = await deposit(b, [{ name: 'constat.pdf', content: await samplePdf({ pages: 3, photos: 1 }) }], quick);
    const since = Date.now();
    await until(() => counted([slow], quick), 60_000);
    expect(await fileRows([slow], quick)).toEqual([
      { countStatus: 'FAILED', pageCount: null, countError: 'Comptage trop long (plus de 1 s) : document trop lourd ou anormal.' },
    ]);
    expect(await countedWithin(own, since, 60_000, quick)).toBeLessThan(60_000);
    expect((await fileRows([own], quick))[0]).toMatchObject({ countStatus: 'DONE', pageCount: 3 });
  } finally {
    await quick.stop();
  }
}, 240_000);
