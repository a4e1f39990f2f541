// Issue 35 item 8: bills' PDFs are rendered by the queue right after generation, in the PDF
// renderer's worker thread. Rendered on the server's own event loop, a bill of some 230 lines held
// it for seconds: nothing was answered meanwhile, and an idle keep-alive connection was closed by
// its timer under a client about to reuse it (ECONNRESET). Here the server answers on one kept-alive
// connection while such a bill renders, and a render failing in its thread is tried again.
import http from 'node:http';
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { GroupBillPdfProps } from '../../api/src/infra/pdf/index.js';
import { readStored } from '../../api/src/infra/storage.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';
import { pdfText } from '../support/pdf.js';
import { waitFor } from '../support/wait.js';
import { anyServerDate } from '../support/worker-import.js';

let app: TestApp;
let admin: string;
let études = 0;

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

afterAll(async () => {
  await app?.stop();
});

/** An étude with `count` counted constats of this month, none billed. */
async function étudeToBill(count: number): Promise<{ groupId: number; reportIds: number[] }> {
  const db = app.services.db;
  études += 1;
  const group = await db.group.create({
    data: {
      name: `Étude du rendu ${études}`,
      siret: '41234567800012',
      telephone: '0478000000',
      email: `compta-${études}@rendu.test`,
      address: '3 rue du Rendu',
      zip: '69003',
      city: 'Lyon',
      pricePage: '2.00',
      pricePhoto: '0.50',
    },
  });
  const bailiff = await db.user.create({
    data: {
      role: 'BAILIFF',
      firstName: 'Maître',
      lastName: `Rendu ${études}`,
      email: `rendu-${études}@etude.test`,
      identity: `rendu.${études}`,
      passwordHash: 'x',
      groupId: group.id,
    },
  });
  const now = Date.now();
  const reports = await db.report.createManyAndReturn({
    data: Array.from({ length: count }, (_, n) => ({
      name: `Constat rendu ${String(n + 1).padStart(3, '0')}`,
      bailiffId: bailiff.id,
      status: 'TE' as const,
      countPagesBilling: 3 + (n % 4),
      countPhotosBilling: n % 3,
      createdAt: new Date(now - (count - n) * 1_000),
    })),
    select: { id: true },
  });
  return { groupId: group.id, reportIds: reports.map((report) => report.id) };
}

async function generate({ groupId, reportIds }: { groupId: number; reportIds: number[] }): Promise<{ databaseId: number; number: number }> {
  const result = await gql<any>(
    app.url,
    'mutation($input: GenerateGroupBillInput!) { generateGroupBill(input: $input) { bill { databaseId number } } }',
    {
      input: {
        groupId: encodeGlobalID('Group', groupId),
        reports: reportIds.map((id) => ({ reportId: encodeGlobalID('Report', id), discount: 0 })),
      },
    },
    admin,
  );
  expect(result.errors).toBeUndefined();
  return result.data!.generateGroupBill.bill;
}

/** The bill once the queue has stored its PDF, nobody downloading it. */
async function renderedBill(id: number) {
  const bill = () => app.services.db.groupBill.findUniqueOrThrow({ where: { id } });
  await waitFor(async () => (await bill()).pdfKey !== null, { timeout: 50_000, interval: 50, what: `the PDF of bill ${id}` });
  return bill();
}

/** The renderer's renders as they happen, through the server's own renderer (the queue calls it). */
function watchRenders(alter: (props: GroupBillPdfProps, call: number) => GroupBillPdfProps = (props) => props) {
  const renderer = app.services.pdfs;
  const render = renderer.renderGroupBill;
  const watched = { started: 0, ended: 0, failed: 0, restore: () => void (renderer.renderGroupBill = render) };
  renderer.renderGroupBill = async (props) => {
    watched.started += 1;
    try {
      return await render.call(renderer, alter(props, watched.started));
    } catch (error) {
      watched.failed += 1;
      throw error;
    } finally {
      watched.ended += 1;
    }
  };
  return watched;
}

/** GET /healthz on the agent's connection: the answer's status and the local port it came through. */
function health(agent: http.Agent): Promise<{ status: number; port: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${app.url}/healthz`, { agent }, (response) => {
      // Read now: at the end, the socket goes back to the agent.
      const port = response.socket.localPort!;
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, port }));
    });
    request.on('error', reject);
  });
}

describe('a bill of 230 lines is rendered off the event loop', () => {
  it('while the queue renders its PDF, the server answers on a kept-alive connection, again and again, before the render ends', async () => {
    // The renderer's thread is started and its modules loaded by a first, small bill.
    await renderedBill((await generate(await étudeToBill(1))).databaseId);
    const big = await étudeToBill(230);
    const renders = watchRenders();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { port } = await health(agent);
      const bill = await generate(big);
      await waitFor(() => renders.started === 1, { what: 'the render of the 230-line bill' });
      // One request at a time on the same connection, for as long as the render lasts.
      const answers: { status: number; port: number }[] = [];
      while (renders.ended === 0) answers.push(await health(agent));
      // Answered while the render was under way, each before its end. With the render on the event
      // loop (the client and the server share it here), this connection was reset (ECONNRESET).
      expect(answers.length).toBeGreaterThanOrEqual(10);
      expect(answers).toEqual(answers.map(() => ({ status: 200, port })));
      expect(renders).toMatchObject({ started: 1, ended: 1, failed: 0 });
      const row = await renderedBill(bill.databaseId);
      const text = await pdfText(await readStored(app.services.storage, row.pdfKey!));
      expect(text).toContain(`FACTURE N° ${bill.number}`);
      expect(text).toContain('Constat rendu 230');
      // The same connection still serves after the render.
      expect(await health(agent)).toEqual({ status: 200, port });
    } finally {
      renders.restore();
      agent.destroy();
    }
  });
});

describe('a render that fails in the renderer’s thread', () => {
  it('is tried again by the queue, which stores the PDF; the server and the renderer go on', async () => {
    // The first render is given what makes the template throw in the thread.
    const renders = watchRenders((props, call) => (call === 1 ? { ...props, lines: null as never } : props));
    try {
      const bill = await generate(await étudeToBill(3));
      await waitFor(() => renders.failed === 1, { what: 'the failed render' });
      const failed = await app.services.db.groupBill.findUniqueOrThrow({ where: { id: bill.databaseId } });
      // Due again after the backoff's first step, not given up.
      expect(failed).toMatchObject({ pdfKey: null, pdfAttempts: 1, pdfDueAt: anyServerDate() });
      expect(failed.pdfDueAt!.getTime()).toBeGreaterThan(Date.now());
      const row = await renderedBill(bill.databaseId);
      expect(row.pdfAttempts).toBe(2);
      expect(renders).toMatchObject({ started: 2, failed: 1 });
      expect(await pdfText(await readStored(app.services.storage, row.pdfKey!))).toContain(`FACTURE N° ${bill.number}`);
    } finally {
      renders.restore();
    }
  });
});
