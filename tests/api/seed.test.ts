import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../api/src/generated/prisma/client.js';
import { createLocalStorage, type Storage } from '../../api/src/infra/storage.js';
import { verifyPassword } from '../../api/src/modules/credentials/password.js';
import { DEMO_ACCOUNTS, seedDemoData, type SeedSummary } from '../../prisma/seed/index.js';
import { readAll } from '../support/streams.js';
import { createTestDatabase } from '../support/test-database.js';
import { expectEvery } from '../support/expect-every.js';

// A fixed "now" keeps the assertions about months and alert ages stable.
const NOW = new Date('2026-11-18T09:30:00Z');
const MONTH = 30.44 * 24 * 3_600_000;

interface SeededWorld {
  prisma: PrismaClient;
  storage: Storage;
  summary: SeedSummary;
  close(): Promise<void>;
}

async function seededWorld(now = NOW): Promise<SeededWorld> {
  const database = await createTestDatabase();
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  const root = await mkdtemp(path.join(tmpdir(), 'seed-files-'));
  const storage = createLocalStorage(root);
  const summary = await seedDemoData(prisma, storage, { now });
  return {
    prisma,
    storage,
    summary,
    async close() {
      await prisma.$disconnect();
      await database.drop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Checks the structure a PDF reader relies on: header, trailer, and exact xref offsets. */
function expectValidPdf(bytes: Buffer): void {
  const pdf = bytes.toString('latin1');
  expect(pdf.startsWith('%PDF-1.')).toBe(true);
  expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  const xrefOffset = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(pdf)?.[1]);
  expect(pdf.startsWith('xref\n', xrefOffset)).toBe(true);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(pdf.slice(xrefOffset))!.map(Number);
  const table = pdf
    .slice(xrefOffset)
    .split('\n')
    .slice(2, 2 + count);
  table.forEach((entry, index) => {
    expect(entry).toHaveLength(19); // 20 bytes with the newline
    const [offset, , type] = entry.split(' ');
    if (type === 'n') expect(pdf.startsWith(`${first + index} 0 obj`, Number(offset))).toBe(true);
  });
  expect(pdf).toMatch(/\/Type \/Catalog/);
}

// product.md §9 worked independently in integers (prices in mills = 10⁻³ €, amounts in cents), with the
// rounding policy of packages/domain/src/money.ts: each amount rounded half-up to the cent where computed.
const toMills = (price: { toFixed(digits: number): string }): bigint => BigInt(price.toFixed(3).replace('.', ''));
const toCents = (amount: { toFixed(digits: number): string }): bigint => BigInt(amount.toFixed(2).replace('.', ''));
/** a / b rounded half up, for a ≥ 0. */
const divRound = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);

function expectedBillCents(
  lines: { pages: number; photos: number; discount: number }[],
  pricePage: bigint,
  pricePhoto: bigint,
  globalDiscount: number,
) {
  let ht = 0n;
  let lineDiscounts = 0n;
  for (const line of lines) {
    const halfPhotosRoundedUp = BigInt((line.photos + 1) >> 1);
    const textPages = BigInt(Math.max(0, line.pages - Number(halfPhotosRoundedUp)));
    const lineCents = divRound(textPages * pricePage, 10n) + divRound(BigInt(line.photos) * pricePhoto, 10n);
    ht += lineCents;
    lineDiscounts += divRound(lineCents * BigInt(line.discount), 100n);
  }
  const discount = lineDiscounts + divRound((ht - lineDiscounts) * BigInt(globalDiscount), 100n);
  const vat = divRound((ht - discount) * 20n, 100n);
  return { ht, discount, vat, ttc: ht - discount + vat };
}

describe('demo seed', () => {
  let world: SeededWorld;
  let prisma: PrismaClient;

  beforeAll(async () => {
    world = await seededWorld();
    prisma = world.prisma;
  }, 120_000);

  afterAll(async () => {
    await world?.close();
  });

  it('creates three études with SIRET, address and tariffs', async () => {
    const groups = await prisma.group.findMany({ orderBy: { id: 'asc' } });
    expect(groups).toHaveLength(3);
    expect(groups.map((group) => group.name)).toContain('SCP Dubois & Associés');
    for (const group of groups) {
      expect(group.siret).toMatch(/^\d{14}$/);
      expect(group.zip).toMatch(/^\d{5}$/);
      expect(group.email).toMatch(/@/);
      expect(group.pricePage.greaterThan(0)).toBe(true);
      expect(group.pricePhoto.greaterThan(0)).toBe(true);
    }
    expect(world.summary.groups).toBe(3);
  });

  it('creates 1 admin, 4 bailiffs, 3 secretaries and a pending self-registration', async () => {
    const users = await prisma.user.findMany();
    const active = (role: string) => users.filter((user) => user.role === role && user.status === 'ACTIVE');
    expect(active('ADMIN')).toHaveLength(1);
    expect(active('BAILIFF')).toHaveLength(4);
    expect(active('SECRETARY')).toHaveLength(3);
    const pending = users.filter((user) => user.status === 'PENDING');
    expect(pending).toHaveLength(1);
    expect(pending[0].role).toBe('BAILIFF');

    const bailiffsPerGroup = new Map<number | null, number>();
    for (const bailiff of active('BAILIFF')) bailiffsPerGroup.set(bailiff.groupId, (bailiffsPerGroup.get(bailiff.groupId) ?? 0) + 1);
    expect(bailiffsPerGroup.has(null)).toBe(false);
    expect([...bailiffsPerGroup.values()].sort()).toEqual([1, 1, 2]);

    for (const secretary of active('SECRETARY')) {
      expect(secretary.rib).toMatch(/^FR76[\d ]+$/);
      expect(secretary.secretaryPricePage.greaterThan(0)).toBe(true);
      expect(secretary.address && secretary.zip && secretary.city).toBeTruthy();
    }
    expect(active('BAILIFF').filter((bailiff) => bailiff.instructions?.startsWith('<p>')).length).toBeGreaterThan(0);
    expect(world.summary).toMatchObject({ admins: 1, bailiffs: 4, secretaries: 3, pendingRegistrations: 1 });
  });

  it('lets the demo accounts sign in with their documented passwords', async () => {
    expect(DEMO_ACCOUNTS.map(({ role, email, identity }) => ({ role, email, identity }))).toEqual([
      { role: 'ADMIN', email: 'admin@demo.fr', identity: 'admin' },
      { role: 'BAILIFF', email: 'huissier@demo.fr', identity: 'huissier' },
      { role: 'SECRETARY', email: 'secretaire@demo.fr', identity: 'secretaire' },
    ]);
    for (const account of DEMO_ACCOUNTS) {
      const user = await prisma.user.findUniqueOrThrow({ where: { email: account.email } });
      expect(user).toMatchObject({ role: account.role, identity: account.identity, status: 'ACTIVE' });
      expect(await verifyPassword(user.passwordHash, account.password)).toBe(true);
      expect(await verifyPassword(user.passwordHash, 'Mauvais#2026')).toBe(false);
    }
  });

  it('uses French names with their accents, and accent-free search text', async () => {
    const names = (await prisma.user.findMany()).map((user) => `${user.firstName} ${user.lastName}`);
    for (const firstName of ['Hélène', 'François', 'Noël', 'Bérénice', 'Loïc']) {
      expect(names.some((name) => name.startsWith(firstName))).toBe(true);
    }
    const helene = await prisma.user.findFirstOrThrow({ where: { firstName: 'Hélène' } });
    expect(helene.searchText).toContain('helene');
    const reportNames = (await prisma.report.findMany({ select: { name: true } })).map((report) => report.name);
    expect(reportNames.some((name) => name.startsWith("Constat d'état des lieux"))).toBe(true);
    expectEvery(reportNames, (name) => name.length <= 90);
  });

  it('creates 85–95 reports in every status over about 24 months', async () => {
    const reports = await prisma.report.findMany({ orderBy: { createdAt: 'asc' } });
    expect(reports.length).toBeGreaterThanOrEqual(85);
    expect(reports.length).toBeLessThanOrEqual(95);
    expect(new Set(reports.map((report) => report.status))).toEqual(new Set(['NA', 'EC', 'RS', 'TE', 'AR']));

    const oldestAge = (NOW.getTime() - reports[0].createdAt.getTime()) / MONTH;
    expect(oldestAge).toBeGreaterThan(22);
    expect(oldestAge).toBeLessThanOrEqual(24.5);
    expect(reports.at(-1)!.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(world.summary.reports).toBe(reports.length);
    expect(Object.values(world.summary.reportsByStatus).reduce((a, b) => a + b)).toBe(reports.length);
  });

  it('keeps each report consistent with its status', async () => {
    const reports = await prisma.report.findMany();
    for (const report of reports) {
      const finished = report.status === 'TE' || report.status === 'AR';
      expect(report.isArchived).toBe(report.status === 'AR');
      expect(report.secretaryId === null).toBe(report.status === 'NA');
      expect(report.returnedAt !== null).toBe(finished);
      expect(report.lastStatusChange.getTime()).toBeGreaterThanOrEqual(report.createdAt.getTime());
      expect(report.lastStatusChange.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (report.returnedAt) expect(report.lastStatusChange.getTime()).toBeGreaterThanOrEqual(report.returnedAt.getTime());
      if (finished) expect(report.countPagesBilling).toBeGreaterThan(0);
      for (const [pages, photos] of [
        [report.countPagesProvisional, report.countPhotosProvisional],
        [report.countPagesRetrocession, report.countPhotosRetrocession],
        [report.countPagesBilling, report.countPhotosBilling],
      ]) {
        expect(pages).toBeGreaterThanOrEqual(photos / 2);
      }
      const counted = report.countPagesProvisional > 0;
      expect(report.groupPricePage !== null && report.secretaryPricePage !== null).toBe(counted);
    }
  });

  it('stores every report file, with deposited files everywhere and returned files once finished', async () => {
    const reports = await prisma.report.findMany({ include: { files: true } });
    for (const report of reports) {
      expect(report.files.some((file) => file.kind === 'DEPOSITED')).toBe(true);
      const finished = report.status === 'TE' || report.status === 'AR';
      expect(report.files.some((file) => file.kind === 'RETURNED')).toBe(finished);
      for (const file of report.files) {
        const bytes = await readAll(await world.storage.get(file.storageKey));
        expect(bytes.length).toBe(file.size);
        expect(file.storageKey).toMatch(/^reports\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(pdf|txt)$/);
        if (file.mimeType === 'application/pdf') expectValidPdf(bytes);
        else expect(bytes.toString('utf8')).toContain(report.name);
      }
    }
    const fileCount = reports.reduce((total, report) => total + report.files.length, 0);
    expect(world.summary.reportFiles).toBe(fileCount);
  });

  it('numbers group bills consecutively and leaves the counter on the last number', async () => {
    const bills = await prisma.groupBill.findMany({ orderBy: { number: 'asc' } });
    expect(bills.length).toBeGreaterThanOrEqual(3);
    expect(bills.map((bill) => bill.number)).toEqual(bills.map((_, index) => index + 1));
    expect([...bills].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())).toEqual(bills);
    const counter = await prisma.counter.findUniqueOrThrow({ where: { name: 'group_bill' } });
    expect(counter.value).toBe(bills.at(-1)!.number);
    // Every state of the bill lifecycle (product.md §4): generated, sent, paid.
    expect(bills.some((bill) => !bill.isSent)).toBe(true);
    expect(bills.some((bill) => bill.isSent && !bill.isPaid)).toBe(true);
    expect(bills.some((bill) => bill.isPaid)).toBe(true);
    for (const bill of bills) {
      expect(bill.sentAt !== null).toBe(bill.isSent);
      expect(bill.paidAt !== null).toBe(bill.isPaid);
      if (bill.isPaid) expect(bill.isSent).toBe(true);
    }
  });

  it('freezes bill totals equal to an independent recomputation of product.md §9', async () => {
    const bills = await prisma.groupBill.findMany({ include: { lines: { include: { report: true } } } });
    for (const bill of bills) {
      const lines = bill.lines.map(({ report, discount }) => ({
        pages: report.countPagesBilling,
        photos: report.countPhotosBilling,
        discount,
      }));
      const frozen = {
        ht: toCents(bill.amountHT),
        discount: toCents(bill.discountAmount),
        vat: toCents(bill.vatAmount),
        ttc: toCents(bill.amountTTC),
      };
      expect(frozen).toEqual(expectedBillCents(lines, toMills(bill.groupPricePage), toMills(bill.groupPricePhoto), bill.discount));
      expect(bill.totalCountPages).toBe(lines.reduce((total, line) => total + line.pages, 0));
      expect(bill.totalCountPhotos).toBe(lines.reduce((total, line) => total + line.photos, 0));
      for (const { report } of bill.lines) {
        expect(report.createdAt.getUTCFullYear() * 12 + report.createdAt.getUTCMonth() + 1).toBe(bill.year * 12 + bill.month);
      }
      // Rendered from these figures by the billing module when first opened (no placeholder file).
      expect(bill.pdfKey).toBeNull();
    }
    expect(bills.some((bill) => bill.discount > 0 || bill.lines.some((line) => line.discount > 0))).toBe(true);
  });

  it('marks exactly the billed reports as invoiced', async () => {
    const reports = await prisma.report.findMany({ include: { billLine: true } });
    for (const report of reports) expect(report.invoiced).toBe(report.billLine !== null);
    expect(reports.some((report) => report.invoiced)).toBe(true);
  });

  it('stores secretary bills numbered by timestamp and four digits', async () => {
    const bills = await prisma.secretaryBill.findMany();
    expect(bills.length).toBeGreaterThan(0);
    for (const bill of bills) {
      expect(bill.number).toMatch(/^\d{17}$/);
      expect(bill.number.slice(0, 13)).toBe(String(bill.createdAt.getTime()));
      expect(bill.mimeType).toBe('application/pdf');
      const bytes = await readAll(await world.storage.get(bill.storageKey));
      expect(bytes.length).toBe(bill.size);
      expectValidPdf(bytes);
    }
  });

  it('adds comments with read marks, news, notifications, absences around today and audit entries', async () => {
    const comments = await prisma.comment.findMany({ include: { reads: true } });
    expect(comments.some((comment) => comment.reads.length > 0)).toBe(true);
    expect(comments.some((comment) => comment.reads.length === 0)).toBe(true);
    for (const comment of comments) expect(comment.authorId).not.toBe(comment.receiverId);

    const news = await prisma.news.findMany();
    expect(news.some((item) => item.important)).toBe(true);
    expectEvery(news, (item) => !/<script/i.test(item.body));

    const notifications = await prisma.notification.findMany();
    expect(notifications.some((notification) => notification.isRead)).toBe(true);
    expect(notifications.some((notification) => !notification.isRead)).toBe(true);

    const today = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate()));
    const absences = await prisma.absence.findMany();
    expect(absences.some((absence) => absence.endDate < today)).toBe(true);
    expect(absences.some((absence) => absence.startDate <= today && absence.endDate >= today)).toBe(true);
    expect(absences.some((absence) => absence.startDate > today)).toBe(true);

    expect(await prisma.auditLog.count()).toBeGreaterThan(0);
    expect(world.summary).toMatchObject({
      comments: comments.length,
      news: news.length,
      notifications: notifications.length,
      absences: absences.length,
    });
  });

  it('refuses to seed a database that already has accounts', async () => {
    await expect(seedDemoData(prisma, world.storage, { now: NOW })).rejects.toThrow(/empty database/);
  });

  it('leaves neither rows nor files behind when it fails midway', async () => {
    const database = await createTestDatabase();
    const failing = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
    const root = await mkdtemp(path.join(tmpdir(), 'seed-failure-'));
    const local = createLocalStorage(root);
    let puts = 0;
    const diskFull: Storage = {
      ...local,
      put: (key, body, opts) => (++puts > 40 ? Promise.reject(new Error('disque plein')) : local.put(key, body, opts)),
    };
    try {
      await expect(seedDemoData(failing, diskFull, { now: NOW })).rejects.toThrow('disque plein');
      expect(await failing.user.count()).toBe(0);
      expect(await failing.report.count()).toBe(0);
      expect(await failing.counter.count()).toBe(0);
      const leftovers = (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
      expect(leftovers).toEqual([]);
    } finally {
      await failing.$disconnect();
      await database.drop();
      await rm(root, { recursive: true, force: true });
    }
  });

  // The rétrocession and billing screens are tried on last month: it must be a working month whatever
  // the day of seeding — here the night a CI run found two constats in it, and a 1st of March.
  it.each(['2026-11-30T00:14:00Z', '2027-03-01T00:30:00Z'])(
    'fills last month whatever the day: every secretary, every bailiff, a constat still to bill (seeded at %s)',
    async (now) => {
      const other = await seededWorld(new Date(now));
      try {
        const [start, end] = now.startsWith('2026')
          ? ['2026-09-30T22:00:00Z', '2026-10-31T23:00:00Z']
          : ['2027-01-31T23:00:00Z', '2027-02-28T23:00:00Z'];
        const reports = await other.prisma.report.findMany({ where: { createdAt: { gte: new Date(start), lt: new Date(end) } } });
        expect(reports.length).toBeGreaterThanOrEqual(8);
        // On a 1st, the day's fresh deposits fall in last month too, some not yet assigned.
        expect(new Set(reports.flatMap((report) => report.secretaryId ?? [])).size).toBe(3);
        expect(new Set(reports.map((report) => report.bailiffId)).size).toBe(4);
        expect(reports.some((report) => report.secretaryId !== null && !report.invoiced)).toBe(true);
        expect(reports.some((report) => report.invoiced)).toBe(true);
        // Nothing happens after the seeding: last month's last constat, seeded on a 1st, is returned before now.
        const all = await other.prisma.report.findMany();
        expectEvery(all, (report) => report.lastStatusChange <= new Date(now) && (report.returnedAt ?? report.createdAt) <= new Date(now));
      } finally {
        await other.close();
      }
    },
    120_000,
  );

  it('produces the same data on every run', async () => {
    const again = await seededWorld();
    try {
      const snapshot = (client: PrismaClient) =>
        client.report.findMany({
          orderBy: { id: 'asc' },
          select: { name: true, status: true, createdAt: true, countPagesBilling: true, countPhotosBilling: true, invoiced: true },
        });
      expect(await snapshot(again.prisma)).toEqual(await snapshot(prisma));
      expect(again.summary).toEqual(world.summary);
    } finally {
      await again.close();
    }
  }, 120_000);
});
