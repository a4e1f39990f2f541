// Issue 16, concurrency: the races two busy admins (and their secretaries) run into, each repeated
// ROUNDS times with Promise.all, the invariants checked after every round. Service calls for the
// state changes (what every transport runs), HTTP for the Idempotency-Key (a header).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AppContext, Viewer } from '../../api/src/context.js';
import type { ReportStatus, Role } from '../../api/src/generated/prisma/enums.js';
import type { UploadInput } from '../../api/src/infra/uploads.js';
import { generateGroupBill } from '../../api/src/modules/billing/generation.js';
import { addFiles } from '../../api/src/modules/reports/service.js';
import { archiveReport, assignSecretary, setBilling } from '../../api/src/modules/reports/workflow.js';
import { reportsSql, type ReportFilter } from '../../api/src/modules/reports/read-model/filters.js';
import { billPdfsRendered, demoViewers, serviceContext, startTestApp, type TestApp } from '../support/app.js';
import { countFiles } from '../support/files.js';
import { demo, loginToken } from '../support/http.js';
import { samplePdf } from '../support/upload.js';

const ROUNDS = 20;

let app: TestApp;
let viewers: Record<Role, Viewer>;
let admin: AppContext;
let otherAdmin: AppContext;
let secretaries: number[];
let bailiffToken: string;

beforeAll(async () => {
  app = await startTestApp();
  viewers = await demoViewers(app);
  admin = serviceContext(app, viewers.ADMIN);
  const db = app.services.db;
  const second = await db.user.create({
    data: {
      role: 'ADMIN',
      firstName: 'Deuxième',
      lastName: 'Admin',
      email: 'admin2@races.fr',
      identity: 'admin2-races',
      passwordHash: 'x',
    },
  });
  otherAdmin = serviceContext(app, { id: second.id, role: 'ADMIN', sessionId: 0, impersonatorId: null });
  const other = await db.user.create({
    data: {
      role: 'SECRETARY',
      firstName: 'Autre',
      lastName: 'Secrétaire',
      email: 'sec2@races.fr',
      identity: 'sec2-races',
      passwordHash: 'x',
      secretaryPricePage: '2.5',
    },
  });
  secretaries = [viewers.SECRETARY.id, other.id];
  bailiffToken = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
});

afterAll(async () => {
  await app?.stop();
});

const settle = (calls: Promise<unknown>[]) => Promise.allSettled(calls);

function newReport(status: ReportStatus, data: Record<string, unknown> = {}) {
  return app.services.db.report.create({
    data: { name: `Course ${randomUUID().slice(0, 8)}`, bailiffId: viewers.BAILIFF.id, status, ...data },
    select: { id: true },
  });
}

/** An upload as the multipart parser hands it to a resolver. */
const upload = (name: string): UploadInput =>
  Promise.resolve({
    filename: name,
    mimetype: 'application/pdf',
    encoding: '7bit',
    fieldName: 'file',
    createReadStream: () => Readable.from([samplePdf(name)]),
  }) as never;

// The admin's lists (web ReportsTable views « en cours », « terminés », « archivés »), by their filters.
const ADMIN_LISTS: Record<string, ReportFilter> = {
  inProgress: { statuses: ['NA', 'EC', 'RS'], archived: false },
  done: { statuses: ['TE'], archived: false },
  archived: { archived: true },
};

/** Every constat is in exactly one of the admin's lists, and an archived one is AR (the status filters of the archive). */
async function expectInExactlyOneList(reportId: number) {
  const lists: string[] = [];
  for (const [name, filter] of Object.entries(ADMIN_LISTS)) {
    const found = await app.services.db.$queryRaw<
      unknown[]
    >`SELECT r.id FROM "Report" r WHERE ${reportsSql(viewers.ADMIN, filter)} AND r.id = ${reportId}`;
    if (found.length > 0) lists.push(name);
  }
  const report = await app.services.db.report.findUniqueOrThrow({ where: { id: reportId }, select: { status: true, isArchived: true } });
  expect({ reportId, lists, archivedIsAR: report.isArchived === (report.status === 'AR') }).toEqual({
    reportId,
    lists: [expect.any(String)],
    archivedIsAR: true,
  });
}

/** No notification about an archived constat was stored after it was archived. */
async function expectNothingNotifiedAfterArchiving(reportId: number) {
  const report = await app.services.db.report.findUniqueOrThrow({
    where: { id: reportId },
    select: { isArchived: true, lastStatusChange: true },
  });
  if (!report.isArchived) return;
  const late = await app.services.db.notification.findMany({
    where: { reportId, createdAt: { gt: report.lastStatusChange } },
    select: { kind: true },
  });
  expect({ reportId, late }).toEqual({ reportId, late: [] });
}

describe('concurrent changes on a constat', () => {
  it(`assignSecretary vs archiveReport (${ROUNDS} rounds): one list each, no notification after archiving`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await newReport('NA');
      await settle([assignSecretary(admin, id, secretaries[0]), archiveReport(otherAdmin, id)]);
      await expectInExactlyOneList(id);
      await expectNothingNotifiedAfterArchiving(id);
    }
  });

  it(`two admins assigning different secretaries (${ROUNDS} rounds): no lost update, the last assignment stands`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await newReport('NA');
      await settle([assignSecretary(admin, id, secretaries[0]), assignSecretary(otherAdmin, id, secretaries[1])]);
      const report = await app.services.db.report.findUniqueOrThrow({ where: { id }, select: { secretaryId: true, status: true } });
      const audit = await app.services.db.auditLog.findMany({
        where: { action: 'reports.assign_secretary', entityId: String(id) },
        orderBy: { id: 'asc' },
      });
      const steps = audit.map((entry) => entry.data as { from: number | null; to: number });
      // Each assignment starts from what the previous one left: from null, then from the first secretary.
      expect(steps.map((step) => step.from)).toEqual([null, steps[0].to].slice(0, steps.length));
      expect(report).toEqual({ secretaryId: steps.at(-1)!.to, status: 'EC' });
      await expectInExactlyOneList(id);
    }
  });

  it(`returning files vs archiveReport (${ROUNDS} rounds): never archived as TE, no « terminé » notification after archiving`, async () => {
    const secretary = serviceContext(app, viewers.SECRETARY);
    const before = await countFiles(path.join(app.dataDir, 'files'));
    let stored = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await newReport('EC', { secretaryId: viewers.SECRETARY.id });
      const [returned] = await settle([addFiles(secretary, id, 'RETURNED', [upload(`retour-${round}.pdf`)]), archiveReport(admin, id)]);
      if (returned.status === 'fulfilled') stored++;
      await expectInExactlyOneList(id);
      await expectNothingNotifiedAfterArchiving(id);
    }
    // A return refused on the archived constat keeps no file.
    expect(await countFiles(path.join(app.dataDir, 'files'))).toBe(before + stored);
  });
});

describe('counts and bills', () => {
  // The queue renders each bill's PDF after the test's commit: stored before the next test counts
  // the data folder's files.
  afterEach(() => billPdfsRendered(app.services));

  /** An étude of its own (one bill per étude and month) with one counted, unbilled constat of this month. */
  async function billableReport(round: number, label: string) {
    const db = app.services.db;
    const group = await db.group.create({
      data: {
        name: `Étude ${label} ${round}`,
        siret: '1',
        telephone: '1',
        email: `compta-${label}-${round}@races.fr`,
        address: '1 rue',
        zip: '75001',
        city: 'Paris',
        pricePage: '3',
        pricePhoto: '1',
      },
    });
    const bailiff = await db.user.create({
      data: {
        role: 'BAILIFF',
        firstName: 'H',
        lastName: `${label}${round}`,
        email: `h-${label}-${round}@races.fr`,
        identity: `h-${label}-${round}`,
        passwordHash: 'x',
        groupId: group.id,
      },
    });
    const report = await db.report.create({
      data: {
        name: `Facturable ${round}`,
        bailiffId: bailiff.id,
        secretaryId: viewers.SECRETARY.id,
        status: 'TE',
        countPagesBilling: 10,
        countPhotosBilling: 4,
      },
    });
    return { groupId: group.id, reportId: report.id };
  }

  /** Every bill's frozen totals are its constats' counts. */
  async function expectBillsMatchTheirConstats(groupId: number) {
    const bills = await app.services.db.groupBill.findMany({
      where: { groupId },
      select: {
        totalCountPages: true,
        totalCountPhotos: true,
        lines: { select: { report: { select: { countPagesBilling: true, countPhotosBilling: true, invoiced: true } } } },
      },
    });
    for (const bill of bills) {
      const reports = bill.lines.map((line) => line.report);
      expect({ pages: bill.totalCountPages, photos: bill.totalCountPhotos, invoiced: true }).toEqual({
        pages: reports.reduce((total, report) => total + report.countPagesBilling, 0),
        photos: reports.reduce((total, report) => total + report.countPhotosBilling, 0),
        invoiced: reports.every((report) => report.invoiced),
      });
    }
    return bills.length;
  }

  it(`setBilling vs bill generation (${ROUNDS} rounds): the billed constat's counts are the bill's`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { groupId, reportId } = await billableReport(round, 'set');
      await settle([
        setBilling(admin, reportId, {
          countPagesRetrocession: 20,
          countPhotosRetrocession: 6,
          countPagesBilling: 20 + round,
          countPhotosBilling: 6,
        }),
        generateGroupBill(otherAdmin, { groupId, reports: [{ reportId, discount: 0 }] }),
      ]);
      expect(await expectBillsMatchTheirConstats(groupId)).toBe(1);
    }
  });

  it(`two bill generations over the same constats (${ROUNDS} rounds): one bill, its counts its constats'`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { groupId, reportId } = await billableReport(round, 'twice');
      const results = await settle(
        [0, 1].map((discount) => generateGroupBill([admin, otherAdmin][discount], { groupId, reports: [{ reportId, discount }] })),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect(await expectBillsMatchTheirConstats(groupId)).toBe(1);
    }
  });
});

describe('Idempotency-Key on concurrent creations', () => {
  const CREATE = 'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }';

  /** One creation by the demo bailiff, over GraphQL multipart or the legacy REST form, with the key. */
  async function create(transport: 'graphql' | 'rest', name: string, key: string): Promise<number | null> {
    const form = new FormData();
    if (transport === 'graphql') {
      form.append('operations', JSON.stringify({ query: CREATE, variables: { input: { name, files: [null] } } }));
      form.append('map', JSON.stringify({ 0: ['variables.input.files.0'] }));
      form.append('0', new Blob([new Uint8Array(samplePdf(name))], { type: 'application/pdf' }), 'constat.pdf');
    } else {
      form.append('name', name);
      form.append('deposited_items', new Blob([new Uint8Array(samplePdf(name))], { type: 'application/pdf' }), 'constat.pdf');
    }
    const route = transport === 'graphql' ? '/graphql' : '/api/v1/report/create';
    const response = await fetch(`${app.url}${route}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${bailiffToken}`, 'idempotency-key': key },
    });
    const body = await response.json();
    return (transport === 'graphql' ? body.data?.createReport?.report.databaseId : body.report?.id) ?? null;
  }

  it(`three identical creations at once with one key (${ROUNDS} rounds): one constat, one stored file, the same answer`, async () => {
    const filesDir = path.join(app.dataDir, 'files');
    for (let round = 0; round < ROUNDS; round++) {
      const name = `Idempotent ${round}`;
      const key = randomUUID();
      const before = await countFiles(filesDir);
      const ids = await Promise.all([0, 1, 2].map(() => create(round % 2 ? 'rest' : 'graphql', name, key)));
      const created = await app.services.db.report.findMany({ where: { name }, select: { id: true } });
      expect(created).toHaveLength(1);
      expect(ids).toEqual([created[0].id, created[0].id, created[0].id]);
      expect(await countFiles(filesDir)).toBe(before + 1);
    }
  });
});
