// Demo seed: the études' bills and the secretaries' pay statements.
import { billTotals } from '@constats/domain/bill-amounts';
import { billingAmounts, billSnapshot } from '../../api/src/modules/billing/rules.js';
import { retrocessionAmounts } from '../../api/src/modules/retrocession/rules.js';
import { sum } from '@constats/domain/money';
import { Prisma } from '../../api/src/generated/prisma/client.js';
import { type FileRecorder, minimalPdf } from './files.js';
import type { SeedGroup } from './groups.js';
import { type Cast, fullName } from './people.js';
import type { SeedReport } from './reports.js';
import { addDays, addHours, earliest, euros, monthLabel, type Random, reserveIds } from './tools.js';

type Tx = Prisma.TransactionClient;
type Decimal = Prisma.Decimal;
const Decimal = Prisma.Decimal;

const BILLED_MONTHS = 3;
const GROUP_BILL_COUNTER = 'group_bill';

interface MonthKey {
  year: number;
  month: number;
}

/** Finished reports by the (UTC) month they were deposited: completed months only, latest first. */
function finishedReportsByMonth(reports: SeedReport[], belongs: (report: SeedReport) => boolean, now: Date): [MonthKey, SeedReport[]][] {
  const monthIndex = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
  const byMonth = new Map<number, SeedReport[]>();
  for (const report of reports) {
    const index = monthIndex(report.createdAt);
    if ((report.status !== 'TE' && report.status !== 'AR') || !belongs(report) || index >= monthIndex(now)) continue;
    byMonth.set(index, [...(byMonth.get(index) ?? []), report]);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => b - a)
    .map(([index, monthReports]) => [{ year: Math.floor(index / 12), month: (index % 12) + 1 }, monthReports]);
}

/**
 * Each étude's last few months are billed: on the last day of the month (product.md §4: a bill is
 * generated for the current month), numbered in date order from the "group_bill" counter so the
 * application's next bill continues the sequence without a gap.
 */
export async function planGroupBills(tx: Tx, random: Random, reports: SeedReport[], groups: SeedGroup[], cast: Cast, now: Date) {
  const drafts = groups
    .flatMap((group) =>
      finishedReportsByMonth(reports, (report) => report.group.id === group.id, now)
        .slice(0, BILLED_MONTHS)
        .map(([{ year, month }, monthReports]) => {
          const createdAt = new Date(Date.UTC(year, month, 0, 15, 30));
          return { group, year, month, createdAt, reports: monthReports.filter((report) => report.returnedAt! <= createdAt) };
        }),
    )
    .filter((draft) => draft.reports.length > 0)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.group.id - b.group.id);

  const { value: lastNumber } = await tx.counter.upsert({
    where: { name: GROUP_BILL_COUNTER },
    create: { name: GROUP_BILL_COUNTER, value: drafts.length },
    update: { value: { increment: drafts.length } },
  });
  const ids = await reserveIds(tx, 'GroupBill', drafts.length);

  return drafts.map(({ group, year, month, createdAt, reports: billed }, index) => {
    const id = ids[index];
    const lines = billed.map((report) => ({ billId: id, reportId: report.id, discount: random.chance(0.15) ? 10 : 0 }));
    const discount = random.chance(0.25) ? 5 : 0;
    const totals = billTotals(
      billed.map((report, line) => ({
        amount: billingAmounts({
          pages: report.countPagesBilling,
          photos: report.countPhotosBilling,
          pricePage: group.pricePage,
          pricePhoto: group.pricePhoto,
        }).total,
        discount: lines[line].discount,
      })),
      discount,
    );
    for (const report of billed) report.invoiced = true;
    return {
      id,
      number: lastNumber - drafts.length + 1 + index,
      groupId: group.id,
      year,
      month,
      discount,
      ...billSnapshot(group, billed),
      ...totals,
      ...billDelivery(random, createdAt, drafts.length - 1 - index, now),
      createdById: cast.admin.id,
      createdAt,
      lines,
    };
  });
}
export type SeedGroupBill = Awaited<ReturnType<typeof planGroupBills>>[number];

/**
 * Every bill state of product.md §4 is on screen: the newest bill is generated but not sent, the next two
 * were e-mailed the following morning and await payment, the older ones are paid.
 */
function billDelivery(random: Random, createdAt: Date, rankFromNewest: number, now: Date) {
  if (rankFromNewest === 0) return { isSent: false, sentAt: null, isPaid: false, paidAt: null };
  const sentAt = earliest(addHours(createdAt, 17.5), now);
  if (rankFromNewest <= 2) return { isSent: true, sentAt, isPaid: false, paidAt: null };
  return { isSent: true, sentAt, isPaid: true, paidAt: earliest(addDays(sentAt, random.int(8, 30)), now) };
}

/**
 * Each secretary uploads her monthly rétrocession invoice in the first days of the next month.
 * product.md §9: pages amount = round(pages − photos / 2) × page price, photos × photo price; the
 * number is a timestamp followed by four random digits.
 */
export async function planSecretaryBills(files: FileRecorder, random: Random, reports: SeedReport[], cast: Cast, now: Date) {
  const bills = [];
  for (const secretary of cast.secretaries) {
    const months = finishedReportsByMonth(reports, (report) => report.secretaryId === secretary.id, now).slice(0, BILLED_MONTHS);
    for (const [{ year, month }, typed] of months) {
      const createdAt = new Date(Date.UTC(year, month, random.int(1, 4), random.int(7, 10), random.int(0, 59)));
      // Early in a month, last month's invoice may simply not be there yet.
      if (createdAt > now) continue;
      const pages = typed.reduce(
        (total, report) => total + Math.round(report.countPagesRetrocession - report.countPhotosRetrocession / 2),
        0,
      );
      const photos = typed.reduce((total, report) => total + report.countPhotosRetrocession, 0);
      const { secretaryPricePage: pricePage, secretaryPricePhoto: pricePhoto } = secretary;
      const amount = sum(
        typed.map(
          (report) =>
            retrocessionAmounts({ pages: report.countPagesRetrocession, photos: report.countPhotosRetrocession, pricePage, pricePhoto })
              .total,
        ),
      );
      const pdf = minimalPdf([
        `Facture de rétrocession – ${monthLabel(year, month)}`,
        `${fullName(secretary)}, ${secretary.address}, ${secretary.zip} ${secretary.city} – SIRET ${secretary.siret}`,
        `${typed.length} constat(s) : ${pages} pages texte × ${euros(pricePage)}, ${photos} photos × ${euros(pricePhoto)}`,
        `Montant HT ${euros(new Decimal(amount.toFixed(2)))}`,
        `RIB ${secretary.rib}`,
      ]);
      const file = await files.store('secretary-bills', `Facture ${monthLabel(year, month)} – ${fullName(secretary)}.pdf`, pdf, createdAt);
      const number = `${createdAt.getTime()}${random.digits(4)}`;
      bills.push({ secretaryId: secretary.id, year, month, number, pricePage, pricePhoto, createdAt, ...file });
    }
  }
  return bills;
}
