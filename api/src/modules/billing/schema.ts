import {
  cursorToOffset,
  encodeGlobalID,
  resolveArrayConnection,
  resolveOffsetConnection,
  type DefaultConnectionArguments,
} from '@pothos/plugin-relay';
import { pages, type PageSize } from '../../graphql/page-sizes.js';
import { builder } from '../../graphql/builder.js';
import { TOTAL_COUNT_DESCRIPTION } from '../../graphql/total-count-description.js';
import { databaseId } from '../../graphql/ids.js';
import { validationError } from '../../errors.js';
import { MAX_CHOICES } from '../../lib/choices.js';
import { toDecimal } from '@constats/domain/money';
import { parisYearMonth } from '../../lib/periods.js';
import { GroupNode } from '../groups/schema.js';
import { loadReportRow } from '../reports/read-model/rows.js';
import { ReportNode } from '../reports/schema.js';
import { BillFileRef, monthLabel, PeriodTotalsRef } from '../retrocession/schema.js';
import { FACTURX_XML_NAME } from './facturx.js';
import { BILL_PDF_NAME, billMessages } from './rules.js';
import * as billing from './service.js';

// --- Bill --------------------------------------------------------------------------------------

/** The pages of the lists that grow with activity (lines, constats to bill) or with the études (product.md §15). */
const PAGE: PageSize = { defaultSize: 100, maxSize: 100 };

const GroupBillLineRef = builder.prismaObject('GroupBillReport', {
  name: 'GroupBillLine',
  description: 'Une ligne de facture : un constat, ses comptes figés et sa remise.',
  // The bill's tariffs price a constat that has none of its own frozen (billLineAmounts).
  select: { discount: true, report: billing.BILL_LINES.select.report, bill: { select: { groupPricePage: true, groupPricePhoto: true } } },
  fields: (t) => {
    const amounts = (line: Parameters<typeof billing.billLineAmounts>[0] & { bill: Parameters<typeof billing.billLineAmounts>[1] }) =>
      billing.billLineAmounts(line, line.bill);
    return {
      reportId: t.id({ description: 'Identifiant global du constat.', resolve: (line) => encodeGlobalID('Report', line.report.id) }),
      reportDatabaseId: t.int({ description: 'Identifiant numérique du constat (ancienne API REST).', resolve: (line) => line.report.id }),
      name: t.string({ description: 'Nom du constat.', resolve: (line) => line.report.name }),
      createdAt: t.field({
        description: 'Date de création du constat (il est facturé au mois de sa création).',
        type: 'DateTime',
        resolve: (line) => line.report.createdAt,
      }),
      pages: t.int({ description: 'Pages facturées.', resolve: (line) => line.report.countPagesBilling }),
      photos: t.int({ description: 'Photos facturées.', resolve: (line) => line.report.countPhotosBilling }),
      textPages: t.int({
        description: 'Pages de texte facturées (pages moins photos, docs/product.md §9).',
        resolve: (line) => amounts(line).textPages,
      }),
      amountPages: t.field({ description: 'Montant HT des pages, en euros.', type: 'Decimal', resolve: (line) => amounts(line).pages }),
      amountPhotos: t.field({ description: 'Montant HT des photos, en euros.', type: 'Decimal', resolve: (line) => amounts(line).photos }),
      amountHT: t.field({
        description: 'Montant HT de la ligne avant remise, en euros.',
        type: 'Decimal',
        resolve: (line) => amounts(line).total,
      }),
      discount: t.exposeInt('discount', { description: 'Remise du constat, en %.' }),
      discountAmount: t.field({
        description: 'Montant de la remise du constat, en euros.',
        type: 'Decimal',
        resolve: (line) => amounts(line).discountAmount,
      }),
      netAmountHT: t.field({
        description: 'Montant HT de la ligne après remise, en euros.',
        type: 'Decimal',
        resolve: (line) => amounts(line).net,
      }),
    };
  },
});

export const GroupBillNode = builder.prismaNode('GroupBill', {
  id: { field: 'id' },
  nullable: true,
  description: 'Facture mensuelle d’une étude ; ses montants sont figés à la génération.',
  visibleTo: (bill, ctx) => billing.canSeeGroupBill(ctx, bill),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Identifiant numérique (ancienne API REST).' }),
    number: t.exposeInt('number', { description: 'Numéro de facture, séquentiel et sans trou.' }),
    year: t.exposeInt('year', { description: 'Année facturée.' }),
    month: t.exposeInt('month', { description: 'Mois facturé, 1 à 12.' }),
    monthLabel: t.string({ description: '« Novembre 2026 ».', resolve: (bill) => monthLabel(bill.year, bill.month) }),
    group: t.relation('group', { description: 'L’étude facturée.' }),
    groupName: t.exposeString('groupName', { description: 'Nom de l’étude à la génération.' }),
    groupAddress: t.exposeString('groupAddress', { description: 'Adresse de l’étude à la génération.' }),
    groupZip: t.exposeString('groupZip', { description: 'Code postal de l’étude à la génération.' }),
    groupCity: t.exposeString('groupCity', { description: 'Ville de l’étude à la génération.' }),
    groupPricePage: t.expose('groupPricePage', { type: 'Decimal', description: 'Tarif par page de l’étude à la génération, en euros HT.' }),
    groupPricePhoto: t.expose('groupPricePhoto', {
      type: 'Decimal',
      description: 'Tarif par photo de l’étude à la génération, en euros HT.',
    }),
    discount: t.exposeInt('discount', { description: 'Remise globale, en %.' }),
    reportCount: t.relationCount('lines', { description: 'Nombre de constats facturés (ses lignes, de tous les mois qu’elle a repris).' }),
    totalCountPages: t.exposeInt('totalCountPages', { description: 'Total des pages facturées.' }),
    totalCountPhotos: t.exposeInt('totalCountPhotos', { description: 'Total des photos facturées.' }),
    amountHT: t.expose('amountHT', { type: 'Decimal', description: 'Total HT avant remises.' }),
    discountAmount: t.expose('discountAmount', { type: 'Decimal', description: 'Remises des constats plus remise globale.' }),
    netAmountHT: t.field({
      description: 'Montant HT après remises, en euros.',
      type: 'Decimal',
      resolve: (bill) => toDecimal(bill.amountHT).minus(toDecimal(bill.discountAmount)),
    }),
    vatAmount: t.expose('vatAmount', { type: 'Decimal', description: 'TVA 20 %.' }),
    amountTTC: t.expose('amountTTC', { type: 'Decimal', description: 'Montant TTC, en euros.' }),
    isSent: t.exposeBoolean('isSent', { description: 'Vrai une fois envoyée par e-mail à l’étude.' }),
    sentAt: t.expose('sentAt', { description: 'Date du dernier envoi.', type: 'DateTime', nullable: true }),
    isPaid: t.exposeBoolean('isPaid', { description: 'Vrai une fois marquée payée.' }),
    paidAt: t.expose('paidAt', {
      description: 'Jour du paiement, à minuit heure de Paris (le jour saisi, aujourd’hui par défaut) ; null si non payée.',
      type: 'DateTime',
      nullable: true,
    }),
    createdAt: t.expose('createdAt', { description: 'Date de génération.', type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { description: 'Dernier changement visible : envoi, paiement, PDF enregistré.', type: 'DateTime' }),
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
          : {
              source: bill.xmlKey ? { storageKey: bill.xmlKey } : { document: 'group-bill-xml', id: bill.id },
              name: FACTURX_XML_NAME(bill.number),
              size: null,
            },
    }),
    lines: t.relatedConnection('lines', {
      type: GroupBillLineRef,
      cursor: 'reportId',
      ...pages(PAGE),
      totalCount: true,
      description: 'Les constats facturés, du plus ancien au plus récent, 100 par page.',
      query: { orderBy: billing.BILL_LINES.orderBy },
    }),
  }),
});

// --- Queries ----------------------------------------------------------------------------------

const GroupBillFilterInput = builder.inputType('GroupBillFilter', {
  description: 'Filtre des factures d’études.',
  fields: (t) => ({
    year: t.int({ description: 'Année facturée.' }),
    month: t.int({ description: '1 à 12.' }),
    groupId: t.globalID({ for: GroupNode, description: 'Administrateur : une étude (un huissier ne voit que la sienne).' }),
    number: t.int({ description: 'Numéro de facture.' }),
    createdFrom: t.field({ type: 'DateTime', description: 'Générées à partir de cet instant (inclus).' }),
    createdBefore: t.field({ type: 'DateTime', description: 'Générées avant cet instant (exclu).' }),
    updatedSince: t.field({
      type: 'DateTime',
      description:
        'Modifiées à partir de cet instant (inclus) : envoyées, payées ou leur PDF enregistré (updatedAt). L’ordre des pages (période puis numéro) ne change pas quand une facture change.',
    }),
  }),
});

export const groupIdOf = (id: { typename: string; id: string }) => databaseId(id, 'Group', billMessages.groupNotFound);

/**
 * These lists' cursors are offsets: a forged one is refused in French, as the constats' lists do
 * (the plugin's own error is in English, and lets `OffsetConnection:x` through as NaN).
 */
function checkedOffsetArgs<Args extends DefaultConnectionArguments>(args: Args): Args {
  for (const cursor of [args.after, args.before]) {
    if (cursor == null) continue;
    let offset = Number.NaN;
    try {
      offset = cursorToOffset(cursor);
    } catch {
      // not an offset cursor
    }
    if (!Number.isSafeInteger(offset) || offset < 0) throw validationError({ cursor: 'Curseur invalide.' }, 'Curseur invalide.');
  }
  return args;
}

const BillingGroupRef = builder.objectRef<billing.BillingGroupRow>('BillingGroup').implement({
  description: 'Une étude dans la facturation d’un mois : ce qu’il reste à facturer et sa facture.',
  fields: (t) => ({
    year: t.exposeInt('year', { description: 'Année.' }),
    month: t.exposeInt('month', { description: 'Mois, 1 à 12.' }),
    group: t.prismaField({
      description: 'L’étude.',
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
        ctx.db.groupBill.findUnique({
          ...query,
          where: { groupId_year_month: { groupId: row.groupId, year: row.year, month: row.month } },
        }),
    }),
    billableReports: t.connection({
      type: ReportNode,
      extensions: { pageSize: PAGE },
      description:
        'Constats que la facture du mois reprendrait (comptés, pas encore facturés, créés ce mois ou, pour le mois en cours, avant) : ceux du mois d’abord, puis des mois précédents, du plus récent au plus ancien ; 100 par page.',
      resolve: (row, args, ctx) =>
        resolveOffsetConnection(
          { args: checkedOffsetArgs(args), ...PAGE, totalCount: row.billableReportIds.length },
          async ({ offset, limit }) => {
            // One load per report, all in the same tick: loadReportRow batches them into one statement
            // for every étude of the list (no N+1).
            const rows = await Promise.all(row.billableReportIds.slice(offset, offset + limit).map((id) => loadReportRow(ctx, id)));
            return rows.filter((report) => report !== null);
          },
        ),
    }),
    billableReportCount: t.int({ description: 'Nombre de constats à facturer.', resolve: (row) => row.billableReportIds.length }),
    billableTotals: t.expose('billableTotals', {
      type: PeriodTotalsRef,
      description: 'Chiffres des constats à facturer (billableReports) : ceux que la sélection proposera.',
    }),
    totals: t.expose('totals', { type: PeriodTotalsRef, description: 'Tous les constats comptés du mois, facturés ou non.' }),
  }),
});

const BillingPeriodRef = builder.objectRef<billing.BillingPeriod>('BillingPeriod').implement({
  description: 'L’écran « Facturation » d’un mois.',
  fields: (t) => ({
    year: t.exposeInt('year', { description: 'Année.' }),
    month: t.exposeInt('month', { description: 'Mois, 1 à 12.' }),
    isCurrent: t.exposeBoolean('isCurrent', { description: 'Mois en cours : les factures peuvent être générées.' }),
    totals: t.expose('totals', { type: PeriodTotalsRef, description: 'Constats comptés du mois (avant remises).' }),
    groups: t.connection(
      {
        type: BillingGroupRef,
        extensions: { pageSize: PAGE },
        description: `Les études qui ont des constats comptés ou une facture ce mois-là, par nom, 100 par page (${MAX_CHOICES.toLocaleString('fr-FR')} au plus : au-delà, une erreur).`,
        resolve: (period, args) => resolveArrayConnection({ args: checkedOffsetArgs(args), ...PAGE }, period.groups),
      },
      {
        fields: (c) => ({
          totalCount: c.int({ description: TOTAL_COUNT_DESCRIPTION, resolve: (connection) => connection.totalCount }),
        }),
      },
    ),
  }),
});

builder.queryFields((t) => ({
  groupBills: t.prismaConnection({
    type: GroupBillNode,
    cursor: 'id',
    ...pages({ defaultSize: 50, maxSize: 200 }),
    description: 'Factures des études (toutes pour un administrateur, celles de son étude pour un huissier), les plus récentes d’abord.',
    authScopes: { $any: { admin: true, bailiff: true } },
    args: { filter: t.arg({ description: 'Critères ; absent : toutes les factures visibles.', type: GroupBillFilterInput }) },
    totalCount: async (_root, args, ctx) => ctx.db.groupBill.count({ where: await billing.groupBillsWhere(ctx, toFilter(args.filter)) }),
    resolve: async (query, _root, args, ctx) =>
      ctx.db.groupBill.findMany({
        ...query,
        where: await billing.groupBillsWhere(ctx, toFilter(args.filter)),
        orderBy: [{ year: 'desc' }, { month: 'desc' }, { number: 'desc' }],
      }),
  }),
  billingPeriod: t.field({
    description: 'L’écran « Facturation » d’un mois (administrateurs).',
    type: BillingPeriodRef,
    authScopes: { admin: true },
    args: {
      year: t.arg.int({ description: 'Année.', required: true }),
      month: t.arg.int({ description: 'Mois, 1 à 12.', required: true }),
    },
    resolve: (_root, args, ctx) => billing.billingPeriod(ctx, args.year, args.month),
  }),
  billingGroup: t.field({
    type: BillingGroupRef,
    nullable: true,
    description: 'Une étude dans la facturation d’un mois (la sélection de ses constats) ; null si elle n’a rien ce mois-là.',
    authScopes: { admin: true },
    args: {
      groupId: t.arg.globalID({ for: GroupNode, description: 'L’étude.', required: true }),
      year: t.arg.int({ description: 'Année.', required: true }),
      month: t.arg.int({ description: 'Mois, 1 à 12.', required: true }),
    },
    resolve: (_root, args, ctx) => billing.billingGroup(ctx, groupIdOf(args.groupId), args.year, args.month),
  }),
  availableGroupsForBilling: t.field({
    type: [BillingGroupRef],
    description: `Études qui ont des constats comptés et pas encore facturés ce mois-là (mois en cours par défaut), ${MAX_CHOICES.toLocaleString('fr-FR')} au plus : au-delà, une erreur.`,
    authScopes: { admin: true },
    args: {
      year: t.arg.int({ description: 'Année (en cours par défaut).' }),
      month: t.arg.int({ description: 'Mois, 1 à 12 (en cours par défaut).' }),
    },
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
  return {
    year: filter?.year,
    month: filter?.month,
    number: filter?.number,
    groupId: filter?.groupId ? groupIdOf(filter.groupId) : null,
    createdFrom: filter?.createdFrom,
    createdBefore: filter?.createdBefore,
    updatedSince: filter?.updatedSince,
  };
}
