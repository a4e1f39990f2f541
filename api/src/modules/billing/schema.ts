import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { databaseId } from '../../graphql/ids.js';
import { toDecimal } from '../../lib/money.js';
import { parisYearMonth } from '../../lib/periods.js';
import { GroupNode } from '../groups/schema.js';
import { loadReportRow } from '../reports/rows.js';
import { ReportNode } from '../reports/schema.js';
import { BillFileRef, monthLabel, PeriodTotalsRef } from '../retrocession/schema.js';
import { FACTURX_XML_NAME } from './facturx.js';
import { BILL_PDF_NAME, billMessages } from './rules.js';
import * as billing from './service.js';

// --- Bill --------------------------------------------------------------------------------------

interface LineRow {
  discount: number;
  report: {
    id: number;
    name: string;
    createdAt: Date;
    countPagesBilling: number;
    countPhotosBilling: number;
    groupPricePage: { toString(): string } | null;
    groupPricePhoto: { toString(): string } | null;
  };
  amounts: ReturnType<typeof billing.billLineAmounts>;
}

const GroupBillLineRef = builder.objectRef<LineRow>('GroupBillLine').implement({
  description: 'Une ligne de facture : un constat, ses comptes figés et sa remise.',
  fields: (t) => ({
    reportId: t.id({ resolve: (line) => encodeGlobalID('Report', line.report.id) }),
    reportDatabaseId: t.int({ resolve: (line) => line.report.id }),
    name: t.string({ resolve: (line) => line.report.name }),
    createdAt: t.field({ type: 'DateTime', resolve: (line) => line.report.createdAt }),
    pages: t.int({ resolve: (line) => line.report.countPagesBilling }),
    photos: t.int({ resolve: (line) => line.report.countPhotosBilling }),
    textPages: t.int({ resolve: (line) => line.amounts.textPages }),
    amountPages: t.field({ type: 'Decimal', resolve: (line) => line.amounts.pages }),
    amountPhotos: t.field({ type: 'Decimal', resolve: (line) => line.amounts.photos }),
    amountHT: t.field({ type: 'Decimal', resolve: (line) => line.amounts.total }),
    discount: t.int({ description: 'Remise du constat, en %.', resolve: (line) => line.discount }),
    discountAmount: t.field({ type: 'Decimal', resolve: (line) => line.amounts.discountAmount }),
    netAmountHT: t.field({ type: 'Decimal', resolve: (line) => line.amounts.net }),
  }),
});

export const GroupBillNode = builder.prismaNode('GroupBill', {
  id: { field: 'id' },
  nullable: true,
  description: 'Facture mensuelle d’une étude ; ses montants sont figés à la génération.',
  authScopes: (bill, ctx) => billing.canSeeGroupBill(ctx, bill),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Identifiant numérique (ancienne API REST).' }),
    number: t.exposeInt('number', { description: 'Numéro de facture, séquentiel et sans trou.' }),
    year: t.exposeInt('year'),
    month: t.exposeInt('month'),
    monthLabel: t.string({ description: '« Novembre 2026 ».', resolve: (bill) => monthLabel(bill.year, bill.month) }),
    group: t.relation('group'),
    groupName: t.exposeString('groupName'),
    groupAddress: t.exposeString('groupAddress'),
    groupZip: t.exposeString('groupZip'),
    groupCity: t.exposeString('groupCity'),
    groupPricePage: t.field({ type: 'Decimal', resolve: (bill) => bill.groupPricePage }),
    groupPricePhoto: t.field({ type: 'Decimal', resolve: (bill) => bill.groupPricePhoto }),
    discount: t.exposeInt('discount', { description: 'Remise globale, en %.' }),
    totalCountPages: t.exposeInt('totalCountPages'),
    totalCountPhotos: t.exposeInt('totalCountPhotos'),
    amountHT: t.field({ type: 'Decimal', description: 'Total HT avant remises.', resolve: (bill) => bill.amountHT }),
    discountAmount: t.field({ type: 'Decimal', description: 'Remises des constats plus remise globale.', resolve: (bill) => bill.discountAmount }),
    netAmountHT: t.field({ type: 'Decimal', resolve: (bill) => toDecimal(bill.amountHT).minus(toDecimal(bill.discountAmount)) }),
    vatAmount: t.field({ type: 'Decimal', description: 'TVA 20 %.', resolve: (bill) => bill.vatAmount }),
    amountTTC: t.field({ type: 'Decimal', resolve: (bill) => bill.amountTTC }),
    isSent: t.exposeBoolean('isSent'),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
    isPaid: t.exposeBoolean('isPaid'),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    pdf: t.field({
      type: BillFileRef,
      description: 'La facture PDF (facture-{numéro}.pdf).',
      // Rendered at its first download when generation could not store it, or for seeded bills.
      resolve: (bill) => ({
        source: bill.pdfKey ? { storageKey: bill.pdfKey } : { document: 'group-bill', id: bill.id },
        name: BILL_PDF_NAME(bill.number),
        size: null,
      }),
    }),
    facturX: t.boolean({
      description: 'Vrai pour une facture Factur-X (PDF/A-3 avec son factur-x.xml, EN 16931) ; faux pour une facture émise avant.',
      resolve: (bill) => bill.einvoice !== null,
    }),
    xml: t.field({
      type: BillFileRef,
      nullable: true,
      description: 'Le factur-x.xml seul (facture-{numéro}.xml, CII EN 16931) ; null pour une facture émise avant Factur-X.',
      resolve: (bill) =>
        bill.einvoice === null
          ? null
          : { source: bill.xmlKey ? { storageKey: bill.xmlKey } : { document: 'group-bill-xml', id: bill.id }, name: FACTURX_XML_NAME(bill.number), size: null },
    }),
    lines: t.field({
      type: [GroupBillLineRef],
      select: {
        lines: {
          select: {
            discount: true,
            report: { select: { id: true, name: true, createdAt: true, countPagesBilling: true, countPhotosBilling: true, groupPricePage: true, groupPricePhoto: true } },
          },
          orderBy: [{ report: { createdAt: 'asc' } }, { reportId: 'asc' }],
        },
      },
      resolve: (bill) => bill.lines.map((line) => ({ ...line, amounts: billing.billLineAmounts(line, bill) })),
    }),
  }),
});

// --- Queries ----------------------------------------------------------------------------------

const GroupBillFilterInput = builder.inputType('GroupBillFilter', {
  fields: (t) => ({
    year: t.int(),
    month: t.int({ description: '1 à 12.' }),
    groupId: t.globalID({ for: GroupNode, description: 'Administrateur : une étude (un huissier ne voit que la sienne).' }),
    number: t.int({ description: 'Numéro de facture.' }),
  }),
});

const groupIdOf = (id: { typename: string; id: string }) => databaseId(id, 'Group', billMessages.groupNotFound);

const BillingGroupRef = builder.objectRef<billing.BillingGroupRow>('BillingGroup').implement({
  description: 'Une étude dans la facturation d’un mois : ce qu’il reste à facturer et sa facture.',
  fields: (t) => ({
    year: t.exposeInt('year'),
    month: t.exposeInt('month'),
    group: t.prismaField({
      type: GroupNode,
      // findUnique calls of one tick are batched by Prisma into a single query.
      resolve: (query, row, _args, ctx) => ctx.db.group.findUniqueOrThrow({ ...query, where: { id: row.groupId } }),
    }),
    bill: t.prismaField({
      type: GroupBillNode,
      nullable: true,
      description: 'La facture du mois, si elle a été générée.',
      // By the étude's month (unique), even without a bill: the rows' lookups of one tick are batched
      // into a single statement, and Pothos' selection is always used.
      resolve: (query, row, _args, ctx) =>
        ctx.db.groupBill.findUnique({ ...query, where: { groupId_year_month: { groupId: row.groupId, year: row.year, month: row.month } } }),
    }),
    billableReports: t.field({
      type: [ReportNode],
      description: 'Constats comptés (pages facturées > 0), créés ce mois et pas encore facturés.',
      // One load per report, all in the same tick: loadReportRow batches them into one statement
      // for every étude of the list (no N+1).
      resolve: async (row, _args, ctx) => (await Promise.all(row.billableReportIds.map((id) => loadReportRow(ctx, id)))).filter((report) => report !== null),
    }),
    billableReportCount: t.int({ resolve: (row) => row.billableReportIds.length }),
    totals: t.field({ type: PeriodTotalsRef, description: 'Tous les constats comptés du mois, facturés ou non.', resolve: (row) => row.totals }),
  }),
});

const BillingPeriodRef = builder.objectRef<billing.BillingPeriod>('BillingPeriod').implement({
  description: 'L’écran « Facturation » d’un mois.',
  fields: (t) => ({
    year: t.exposeInt('year'),
    month: t.exposeInt('month'),
    isCurrent: t.exposeBoolean('isCurrent', { description: 'Mois en cours : les factures peuvent être générées.' }),
    totals: t.field({ type: PeriodTotalsRef, description: 'Constats comptés du mois (avant remises).', resolve: (period) => period.totals }),
    groups: t.field({ type: [BillingGroupRef], resolve: (period) => period.groups }),
  }),
});

builder.queryFields((t) => ({
  groupBills: t.prismaConnection({
    type: GroupBillNode,
    cursor: 'id',
    defaultSize: 50,
    maxSize: 200,
    description: 'Factures des études (toutes pour un administrateur, celles de son étude pour un huissier), les plus récentes d’abord.',
    authScopes: { $any: { admin: true, bailiff: true } },
    args: { filter: t.arg({ type: GroupBillFilterInput }) },
    totalCount: async (_root, args, ctx) => ctx.db.groupBill.count({ where: await billing.groupBillsWhere(ctx, toFilter(args.filter)) }),
    resolve: async (query, _root, args, ctx) =>
      ctx.db.groupBill.findMany({
        ...query,
        where: await billing.groupBillsWhere(ctx, toFilter(args.filter)),
        orderBy: [{ year: 'desc' }, { month: 'desc' }, { number: 'desc' }],
      }),
  }),
  billingPeriod: t.field({
    type: BillingPeriodRef,
    authScopes: { admin: true },
    args: { year: t.arg.int({ required: true }), month: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => billing.billingPeriod(ctx, args.year, args.month),
  }),
  availableGroupsForBilling: t.field({
    type: [BillingGroupRef],
    description: 'Études qui ont des constats comptés et pas encore facturés ce mois-là (mois en cours par défaut).',
    authScopes: { admin: true },
    args: { year: t.arg.int(), month: t.arg.int() },
    resolve: (_root, args, ctx) => {
      const now = new Date();
      const current = parisYearMonth(now);
      return billing.availableGroups(ctx, args.year ?? current.year, args.month ?? current.month, now);
    },
  }),
  nextGroupBillNumber: t.int({
    description: 'Numéro que prendra la prochaine facture (indicatif : il n’est attribué qu’à la génération).',
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => billing.nextBillNumber(ctx),
  }),
}));

function toFilter(filter: typeof GroupBillFilterInput.$inferInput | null | undefined): billing.GroupBillFilter {
  return { year: filter?.year, month: filter?.month, number: filter?.number, groupId: filter?.groupId ? groupIdOf(filter.groupId) : null };
}

// --- Mutations --------------------------------------------------------------------------------

const GroupBillPayload = builder.objectRef<{ billId: number; message: string }>('GroupBillPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    bill: t.prismaField({
      type: GroupBillNode,
      resolve: (query, payload, _args, ctx) => ctx.db.groupBill.findUniqueOrThrow({ ...query, where: { id: payload.billId } }),
    }),
  }),
});

const billIdOf = (id: { typename: string; id: string }) => databaseId(id, 'GroupBill', billMessages.notFound);
const reportIdOf = (id: { typename: string; id: string }) => databaseId(id, 'Report', billMessages.reportNotBillable);

builder.mutationFields((t) => ({
  generateGroupBill: t.field({
    type: GroupBillPayload,
    description: 'Génère la facture du mois en cours d’une étude : numéro suivant, constats marqués facturés, PDF. Une seule par étude et par mois.',
    authScopes: { admin: true },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('GenerateGroupBillInput', {
          fields: (f) => ({
            groupId: f.globalID({ for: GroupNode, required: true }),
            year: f.int({ description: 'Mois en cours seulement ; par défaut celui-ci.' }),
            month: f.int(),
            reports: f.field({
              required: true,
              type: [
                builder.inputType('GroupBillReportInput', {
                  fields: (g) => ({
                    reportId: g.globalID({ for: ReportNode, required: true }),
                    discount: g.int({ description: 'Remise en % (0 à 100), obligatoire.' }),
                  }),
                }),
              ],
            }),
            discount: f.int({ description: 'Remise globale en % (0 à 100) ; absente : 0.' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const billId = await billing.generateGroupBill(ctx, {
        groupId: groupIdOf(input.groupId),
        year: input.year,
        month: input.month,
        reports: input.reports.map((line) => ({ reportId: reportIdOf(line.reportId), discount: line.discount })),
        discount: input.discount,
      });
      return { billId, message: billMessages.created };
    },
  }),
  sendGroupBill: t.field({
    type: GroupBillPayload,
    description: 'Envoie la facture PDF (Factur-X pour les factures émises depuis) à l’adresse de comptabilité de l’étude et prévient ses huissiers.',
    authScopes: { admin: true },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('SendGroupBillInput', { fields: (f) => ({ billId: f.globalID({ for: GroupBillNode, required: true }) }) }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const billId = billIdOf(input.billId);
      await billing.sendGroupBill(ctx, billId);
      return { billId, message: billMessages.sent };
    },
  }),
  setGroupBillPaid: t.field({
    type: GroupBillPayload,
    authScopes: { admin: true },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('SetGroupBillPaidInput', {
          fields: (f) => ({ billId: f.globalID({ for: GroupBillNode, required: true }), isPaid: f.boolean({ required: true }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const billId = billIdOf(input.billId);
      await billing.setGroupBillPaid(ctx, billId, input.isPaid);
      return { billId, message: input.isPaid ? billMessages.paid : billMessages.unpaid };
    },
  }),
}));

// --- Subscription -----------------------------------------------------------------------------

const BillingChangedRef = builder.objectRef<{ year: number; month: number }>('BillingChanged').implement({
  description: 'Une facture de ce mois a été générée, envoyée ou marquée payée (ou non) : l’écran « Facturation » du mois se recharge.',
  fields: (t) => ({ year: t.exposeInt('year'), month: t.exposeInt('month') }),
});

builder.subscriptionField('billingChanged', (t) =>
  t.field({
    type: BillingChangedRef,
    description: 'Factures des études, en direct (administrateurs).',
    authScopes: { admin: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('billingChanged', ctx.viewer!.id),
    resolve: (event) => event,
  }),
);
