// Demo data: three études of commissaires de justice (Lyon, Bordeaux, Nantes), their bailiffs, the
// secretaries who type their constats, two years of reports in every status, bills, news,
// notifications and absences. It is what a visitor sees after `npm start` and what tests rely on,
// so it is deterministic: a seeded PRNG and dates relative to `opts.now`. Only storage keys (random
// UUIDs) and password salts differ between runs.
//
// The entry of the demo seed; each concern has its module in this folder. Loaded only to seed
// (api/src/bootstrap.ts imports it dynamically), never by a production start.
import type { Storage } from '../../api/src/infra/storage.js';
import { Prisma, type PrismaClient, type ReportStatus } from '../../api/src/generated/prisma/client.js';
import { planAbsences, planAuditLogs, planNotifications } from './activity.js';
import { planGroupBills, planSecretaryBills } from './bills.js';
import { planCommentReads, planComments } from './comments.js';
import { createFileRecorder, type FileRecorder } from './files.js';
import { buildGroups, DEMO_SELLER } from './groups.js';
import { planNews, planNewsReads } from './news.js';
import { buildCast, hashDemoPasswords, storeMatrices } from './people.js';
import { countByStatus, planReports, storeReportFiles } from './reports.js';
import { createRandom, withIds } from './tools.js';

export { DEMO_ACCOUNTS, type DemoAccount } from './people.js';
export { DEMO_SELLER } from './groups.js';

type Tx = Prisma.TransactionClient;

export interface SeedSummary {
  groups: number;
  admins: number;
  bailiffs: number;
  secretaries: number;
  pendingRegistrations: number;
  matrices: number;
  reports: number;
  reportsByStatus: Record<ReportStatus, number>;
  reportFiles: number;
  comments: number;
  commentReads: number;
  groupBills: number;
  secretaryBills: number;
  news: number;
  newsReads: number;
  notifications: number;
  absences: number;
  auditLogs: number;
  storedFiles: number;
  storedBytes: number;
}

/** Fills an empty database (and the file store) with the demo office. */
export async function seedDemoData(prisma: PrismaClient, storage: Storage, opts: { now?: Date } = {}): Promise<SeedSummary> {
  const now = opts.now ?? new Date();
  if ((await prisma.user.count()) > 0) {
    throw new Error('seedDemoData: the database already has accounts; demo data only goes into an empty database');
  }
  const passwordHashes = await hashDemoPasswords();
  const files = createFileRecorder(storage);
  try {
    // One transaction, so a failure leaves no half-seeded database; the catch removes the files.
    return await prisma.$transaction((tx) => seedInTransaction(tx, files, passwordHashes, now), {
      maxWait: 10_000,
      timeout: 120_000,
    });
  } catch (error) {
    await files.removeAll();
    throw error;
  }
}

const SEED = 2026;

async function seedInTransaction(tx: Tx, files: FileRecorder, passwordHashes: Map<string, string>, now: Date): Promise<SeedSummary> {
  const random = createRandom(SEED);

  const groups = await withIds(tx, 'Group', buildGroups(now));
  await tx.group.createMany({ data: groups });
  await tx.sellerSettings.create({ data: { id: 1, ...DEMO_SELLER } });
  const cast = await buildCast(tx, random, groups, passwordHashes, now);
  await tx.user.createMany({ data: cast.all });
  const matrices = await storeMatrices(files, cast, now);
  await tx.userMatrix.createMany({ data: matrices });

  const reports = await withIds(tx, 'Report', planReports(random, cast, groups, now));
  // Billing marks its reports as invoiced, so it is planned before the reports are written.
  const bills = await planGroupBills(tx, random, reports, groups, cast, now);
  await tx.report.createMany({ data: reports.map(({ bailiff, secretary, group, ...row }) => row) });
  await tx.reportFile.createMany({ data: await storeReportFiles(files, random, reports, cast) });

  const comments = await withIds(tx, 'Comment', planComments(random, reports, cast, now));
  await tx.comment.createMany({ data: comments.map(({ read, ...row }) => row) });
  const commentReads = planCommentReads(random, comments, now);
  await tx.commentRead.createMany({ data: commentReads });

  // No PDF yet: the billing module renders the real invoice from the frozen figures when first opened.
  await tx.groupBill.createMany({ data: bills.map(({ lines, ...bill }) => bill) });
  await tx.groupBillReport.createMany({ data: bills.flatMap((bill) => bill.lines) });
  const secretaryBills = await planSecretaryBills(files, random, reports, cast, now);
  await tx.secretaryBill.createMany({ data: secretaryBills });

  const news = await withIds(tx, 'News', planNews(cast, now));
  await tx.news.createMany({ data: news });
  const newsReads = planNewsReads(news, cast, now);
  await tx.newsRead.createMany({ data: newsReads });
  const notifications = planNotifications(reports, bills, cast, groups, now);
  await tx.notification.createMany({ data: notifications });
  const absences = planAbsences(cast, now);
  await tx.absence.createMany({ data: absences });
  const auditLogs = planAuditLogs(reports, bills, cast, groups, now);
  await tx.auditLog.createMany({ data: auditLogs });

  return {
    groups: groups.length,
    admins: 1,
    bailiffs: cast.bailiffs.length,
    secretaries: cast.secretaries.length,
    pendingRegistrations: 1,
    matrices: matrices.length,
    reports: reports.length,
    reportsByStatus: countByStatus(reports),
    reportFiles: files.count('reports'),
    comments: comments.length,
    commentReads: commentReads.length,
    groupBills: bills.length,
    secretaryBills: secretaryBills.length,
    news: news.length,
    newsReads: newsReads.length,
    notifications: notifications.length,
    absences: absences.length,
    auditLogs: auditLogs.length,
    storedFiles: files.count(),
    storedBytes: files.bytes(),
  };
}
