// Issue 21: a count running when its server is killed (kill -9) is finished after the restart —
// the job lives in PostgreSQL (pg-boss), not in the process. Issue 35: the queue recovers at once —
// a file sent after the restart is counted within a minute of the kill, and the killed count runs
// again within a minute too (its dead instance's lease lapses), not after the count's time limit.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { exited, startChild, until } from '../support/child-server.js';
import { demo, loginToken } from '../support/http.js';
import { createTestDatabase } from '../support/test-database.js';
import { gqlUpload } from '../support/upload.js';
import { findSoffice } from '../../api/src/modules/counting/render.js';
import { sampleDocx, samplePdf } from '../../scripts/sample-documents.js';

it('after kill -9 mid-count, a new file and the interrupted one are counted again within a minute, with exact figures', async () => {
  const database = await createTestDatabase();
  const dataDir = path.join(os.tmpdir(), `constats-count-kill-${randomUUID()}`);
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    WEB_DIR: path.resolve('dist/web'),
    COUNTING_CONCURRENCY: '1',
    COUNTING_TIMEOUT_SECONDS: '45',
  };
  const client = new pg.Client({ connectionString: database.url });
  let server = await startChild(env);
  await client.connect();
  try {
    // A count that takes seconds: a LibreOffice rendering, else a PDF of thousands of pages.
    const slow = findSoffice()
      ? { name: 'Constat long.docx', content: await sampleDocx({ pages: 12, photos: 10 }), pages: 12, photos: 10 }
      : { name: 'Constat long.pdf', content: await samplePdf({ pages: 4000, photos: 30 }), pages: 4000, photos: 30 };
    const deposit = async (name: string, content: Buffer) => {
      const token = await loginToken(server.url, demo.bailiff.email, demo.bailiff.password);
      const created = await gqlUpload(
        server.url,
        'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
        { input: { name: `Constat ${name}`, files: [null] } },
        [{ path: 'input.files.0', name, content }],
        token,
      );
      const reportId = created.data!.createReport.report.databaseId as number;
      const { rows } = await client.query<{ id: number }>('SELECT id FROM "ReportFile" WHERE "reportId" = $1', [reportId]);
      return rows[0].id;
    };
    const fileId = await deposit(slow.name, slow.content);
    const job = async () =>
      (
        await client.query<{ state: string; retry_count: number }>(
          `SELECT state, retry_count FROM pgboss.job WHERE name = 'count-report-file' AND data->>'fileId' = $1 ORDER BY created_on DESC LIMIT 1`,
          [String(fileId)],
        )
      ).rows[0];
    await until(async () => (await job())?.state === 'active', 60_000);

    server.child.kill('SIGKILL');
    await exited(server.child);
    const killedAt = Date.now();
    const withinAMinute = () => 60_000 - (Date.now() - killedAt);
    const counted = async (id: number) =>
      (
        await client.query<{ countStatus: string; pageCount: number | null; photoCount: number | null; countError: string | null }>(
          'SELECT "countStatus", "pageCount", "photoCount", "countError" FROM "ReportFile" WHERE id = $1',
          [id],
        )
      ).rows[0];
    expect((await counted(fileId)).countStatus).toBe('PENDING');
    expect((await job()).state).toBe('active');

    server = await startChild(env);
    // The queue is not held up by the dead instance's job: a file sent now is counted at once.
    const freshId = await deposit('Constat suivant.pdf', await samplePdf({ pages: 3, photos: 1 }));
    await until(async () => (await counted(freshId)).countStatus !== 'PENDING', withinAMinute());
    expect(await counted(freshId)).toEqual({ countStatus: 'DONE', pageCount: 3, photoCount: 1, countError: null });
    // The interrupted count has started again (fetched a second time) within the minute too.
    await until(async () => (await job()).retry_count >= 1, withinAMinute());
    await until(async () => (await counted(fileId)).countStatus !== 'PENDING', 240_000);
    expect(await counted(fileId)).toEqual({ countStatus: 'DONE', pageCount: slow.pages, photoCount: slow.photos, countError: null });
  } finally {
    server.child.kill('SIGTERM');
    await exited(server.child);
    await client.end();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}, 420_000);
