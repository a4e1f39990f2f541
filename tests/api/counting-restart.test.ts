// Issue 21: a count running when its server is killed (kill -9) is finished after the restart —
// the job lives in PostgreSQL (pg-boss), not in the process.
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

it('a count interrupted by kill -9 is finished after the restart, with exact figures', async () => {
  const database = await createTestDatabase();
  const dataDir = path.join(os.tmpdir(), `constats-count-kill-${randomUUID()}`);
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    WEB_DIR: path.resolve('dist/web'),
    COUNTING_CONCURRENCY: '1',
    COUNTING_TIMEOUT_SECONDS: '45',
  };
  // The killed job runs again once it expires (time limit + 5 s), seen by pg-boss's maintenance,
  // which runs every time limit at most: about 50 to 95 s after it started, plus the count itself.
  const client = new pg.Client({ connectionString: database.url });
  let server = await startChild(env);
  await client.connect();
  try {
    // A count that takes seconds: a LibreOffice rendering, else a PDF of thousands of pages.
    const slow = findSoffice()
      ? { name: 'Constat long.docx', content: await sampleDocx({ pages: 12, photos: 10 }), pages: 12, photos: 10 }
      : { name: 'Constat long.pdf', content: await samplePdf({ pages: 4000, photos: 30 }), pages: 4000, photos: 30 };
    const token = await loginToken(server.url, demo.bailiff.email, demo.bailiff.password);
    const created = await gqlUpload(
      server.url,
      'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
      { input: { name: 'Constat interrompu', files: [null] } },
      [{ path: 'input.files.0', name: slow.name, content: slow.content }],
      token,
    );
    const reportId = created.data!.createReport.report.databaseId as number;
    const { rows } = await client.query<{ id: number }>('SELECT id FROM "ReportFile" WHERE "reportId" = $1', [reportId]);
    const fileId = rows[0].id;
    const jobState = async () =>
      (
        await client.query<{ state: string }>(
          `SELECT state FROM pgboss.job WHERE name = 'count-report-file' AND data->>'fileId' = $1 ORDER BY created_on DESC LIMIT 1`,
          [String(fileId)],
        )
      ).rows[0]?.state;
    await until(async () => (await jobState()) === 'active', 60_000);

    server.child.kill('SIGKILL');
    await exited(server.child);
    const status = async () =>
      (await client.query<{ countStatus: string }>('SELECT "countStatus" FROM "ReportFile" WHERE id = $1', [fileId])).rows[0].countStatus;
    expect(await status()).toBe('PENDING');
    expect(await jobState()).toBe('active');

    server = await startChild(env);
    await until(async () => (await status()) !== 'PENDING', 240_000);
    const { rows: counted } = await client.query(
      'SELECT "countStatus", "pageCount", "photoCount", "countError" FROM "ReportFile" WHERE id = $1',
      [fileId],
    );
    expect(counted[0]).toEqual({ countStatus: 'DONE', pageCount: slow.pages, photoCount: slow.photos, countError: null });
  } finally {
    server.child.kill('SIGTERM');
    await exited(server.child);
    await client.end();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}, 420_000);
