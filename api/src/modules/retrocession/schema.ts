import { encodeGlobalID } from '@pothos/plugin-relay';
import type { AppContext } from '../../context.js';
import { pages } from '../../graphql/page-sizes.js';
import { builder } from '../../graphql/builder.js';
import { databaseId } from '../../graphql/ids.js';
import { loadOncePerEvent } from '../../graphql/event-loads.js';
import { formatMonthYear } from '../../infra/mail/format.js';
import { UserNode } from '../accounts/schema.js';
import { REPORT_PAGES, reportConnection } from '../reports/queries.js';
import { ReportNode } from '../reports/schema.js';
import { secretaryBillMessages, type PeriodTotals } from './rules.js';
import * as retrocession from './service.js';

// --- Shared by billing and rétrocession ----------------------------------------------------------

export const PeriodTotalsRef = builder.objectRef<PeriodTotals>('PeriodTotals').implement({
  description: '« CUMUL PÉRIODE » : nombre de constats, pages, pages texte, photos et total HT (euros).',
  fields: (t) => ({
    reports: t.exposeInt('reports', { description: 'Nb de constats.' }),
    pages: t.exposeInt('pages', { description: 'Pages comptées.' }),
    textPages: t.exposeInt('textPages', { description: 'Nb de pages texte (pages facturées au tarif page, photos déduites).' }),
    photos: t.exposeInt('photos', { description: 'Nb de photos.' }),
    amountHT: t.field({ type: 'Decimal', description: 'Total HT.', resolve: (totals) => totals.amountHT }),
  }),
});

export interface BillFile {
  /** A stored file, or a document built at its first download (see infra/file-links.ts). */
  source: { storageKey: string } | { document: string; id: number };
  name: string;
  size: number | null;
}

const billFileLink = (file: BillFile, ctx: AppContext, download: boolean) =>
  'storageKey' in file.source
    ? ctx.files.file(file.source.storageKey, file.name, { download })
    : ctx.files.document(file.source.document, file.source.id, file.name, { download });

export const BillFileRef = builder.objectRef<BillFile>('BillFile').implement({
  description: 'Le fichier d’une facture, par liens signés et temporaires.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Nom du fichier.' }),
    size: t.exposeInt('size', { nullable: true, description: 'Taille en octets.' }),
    url: t.string({ description: 'Lien pour l’afficher (« Voir »).', resolve: (file, _args, ctx) => billFileLink(file, ctx, false) }),
    downloadUrl: t.string({
      description: 'Lien pour le télécharger (« Télécharger »).',
      resolve: (file, _args, ctx) => billFileLink(file, ctx, true),
    }),
  }),
});

/** « Novembre 2026 »: the capitalised month the bill lists show. */
export const monthLabel = (year: number, month: number) => {
  const label = formatMonthYear(year, month);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

// --- Secretary bills ---------------------------------------------------------------------------

export const SecretaryBillNode = builder.prismaNode('SecretaryBill', {
  id: { field: 'id' },
  nullable: true,
  description: 'Facture mensuelle de rétrocession déposée par une secrétaire (un fichier Word ou PDF).',
  visibleTo: (bill, ctx) => retrocession.canSeeSecretaryBill(ctx.viewer, bill),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Identifiant numérique (ancienne API REST).' }),
    number: t.exposeString('number', { description: 'Numéro : horodatage suivi de 4 chiffres aléatoires.' }),
    year: t.exposeInt('year', { description: 'Année de la période facturée.' }),
    month: t.exposeInt('month', { description: 'Mois de la période facturée, 1 à 12.' }),
    monthLabel: t.string({
      description: 'Période en toutes lettres (« Novembre 2026 »).',
      resolve: (bill) => monthLabel(bill.year, bill.month),
    }),
    secretary: t.relation('secretary', { description: 'La secrétaire qui a déposé la facture.' }),
    pricePage: t.field({ type: 'Decimal', description: 'Tarif page de la secrétaire au dépôt.', resolve: (bill) => bill.pricePage }),
    pricePhoto: t.field({ type: 'Decimal', description: 'Tarif photo de la secrétaire au dépôt.', resolve: (bill) => bill.pricePhoto }),
    discount: t.exposeInt('discount', { description: 'Remise, en %.' }),
    file: t.field({
      description: 'Le fichier déposé (Word ou PDF).',
      type: BillFileRef,
      resolve: (bill) => ({ source: { storageKey: bill.storageKey }, name: bill.originalName, size: bill.size }),
    }),
    figures: t.field({
      type: PeriodTotalsRef,
      description: 'Constats de la secrétaire ce mois-là : nombre, pages, photos, montant HT de la rétrocession.',
      resolve: (bill, _args, ctx) => retrocession.secretaryBillFigures(ctx, bill),
    }),
    createdAt: t.expose('createdAt', { description: 'Date de dépôt.', type: 'DateTime' }),
  }),
});

const SecretaryBillFilterInput = builder.inputType('SecretaryBillFilter', {
  description: 'Filtre des factures de rétrocession.',
  fields: (t) => ({
    year: t.int({ description: 'Année de la période.' }),
    month: t.int({ description: '1 à 12.' }),
    secretaryId: t.globalID({ for: UserNode, description: 'Administrateur : une secrétaire ; une secrétaire ne voit que les siennes.' }),
  }),
});

type SecretaryBillFilterArg = typeof SecretaryBillFilterInput.$inferInput | null | undefined;

const secretaryIdOf = (id: { typename: string; id: string } | null | undefined) =>
  id ? databaseId(id, 'User', 'Secrétaire introuvable.') : null;

const toBillFilter = (filter: SecretaryBillFilterArg): retrocession.SecretaryBillFilter => ({
  year: filter?.year,
  month: filter?.month,
  secretaryId: secretaryIdOf(filter?.secretaryId),
});

const BILL_ORDER = [{ year: 'desc' as const }, { month: 'desc' as const }, { id: 'desc' as const }];

// --- Rétrocession views ------------------------------------------------------------------------

const RetrocessionFilterInput = builder.inputType('RetrocessionFilter', {
  description: 'Période de rétrocession.',
  fields: (t) => ({
    year: t.int({ description: 'Année.', required: true }),
    month: t.int({ description: '1 à 12 ; absent : toute l’année.' }),
    secretaryId: t.globalID({ for: UserNode, description: 'Administrateur : une secrétaire (absent : toutes).' }),
  }),
});

interface RetrocessionPeriod {
  filter: retrocession.RetrocessionFilter;
}

const periodBillsWhere = (ctx: AppContext, { filter }: RetrocessionPeriod) =>
  retrocession.secretaryBillsWhere(ctx, { year: filter.year, month: filter.month, secretaryId: filter.secretaryId });

const RetrocessionPeriodRef = builder.objectRef<RetrocessionPeriod>('RetrocessionPeriod').implement({
  description: 'Rétrocession d’une période (écrans « Rétrocession > Constats / Factures » et « RÉTROCESSION » de la secrétaire).',
  fields: (t) => ({
    year: t.int({ description: 'Année de la période.', resolve: (period) => period.filter.year }),
    month: t.int({
      description: 'Mois de la période (1 à 12) ; null : toute l’année.',
      nullable: true,
      resolve: (period) => period.filter.month ?? null,
    }),
    totals: t.field({
      type: PeriodTotalsRef,
      description: '« CUMUL PÉRIODE » des constats de la période.',
      resolve: (period, _args, ctx) => retrocession.retrocessionTotals(ctx, retrocession.retrocessionReportsSql(ctx, period.filter)),
    }),
    reports: t.connection(
      {
        type: ReportNode,
        extensions: { pageSize: REPORT_PAGES },
        description: 'Constats créés dans la période, du plus récent au plus ancien (montant : rétrocession).',
        resolve: (period, args, ctx, info) => reportConnection(ctx, args, info, retrocession.retrocessionReportsSql(ctx, period.filter)),
      },
      {
        fields: (c) => ({
          totalCount: c.int({ description: 'Nombre total de constats de la période.', resolve: (connection) => connection.totalCount() }),
        }),
      },
    ),
    // A page: a year holds twelve bills a secretary (docs/decisions.md, « Rétrocession and secretary bills »).
    bills: t.prismaConnection({
      type: SecretaryBillNode,
      cursor: 'id',
      ...pages({ defaultSize: 50, maxSize: 100 }),
      description: '« Factures » : seulement les secrétaires qui ont déposé une facture pour la période ; 50 par page (100 au plus).',
      totalCount: (period, _args, ctx) => ctx.db.secretaryBill.count({ where: periodBillsWhere(ctx, period) }),
      resolve: (query, period, _args, ctx) =>
        ctx.db.secretaryBill.findMany({
          ...query,
          where: periodBillsWhere(ctx, period),
          orderBy: [...BILL_ORDER.slice(0, 2), { secretary: { lastName: 'asc' } }, { id: 'asc' }],
        }),
    }),
  }),
});

builder.queryFields((t) => ({
  retrocession: t.field({
    description:
      'Rétrocession d’une période : totaux, constats et factures déposées (administrateurs ; une secrétaire ne voit que les siens).',
    type: RetrocessionPeriodRef,
    authScopes: { $any: { admin: true, secretary: true } },
    args: {
      filter: t.arg({
        description: 'La période (et la secrétaire pour un administrateur).',
        type: RetrocessionFilterInput,
        required: true,
      }),
    },
    resolve: (_root, { filter }, ctx) => {
      const value = { year: filter.year, month: filter.month, secretaryId: secretaryIdOf(filter.secretaryId) };
      // Checks the period and who may read it before any field runs.
      retrocession.retrocessionReportsSql(ctx, value);
      return { filter: value };
    },
  }),
  secretaryBills: t.prismaConnection({
    type: SecretaryBillNode,
    cursor: 'id',
    ...pages({ defaultSize: 50, maxSize: 200 }),
    description: 'Factures de rétrocession (« MES FACTURES » de la secrétaire, ou toutes pour un administrateur).',
    authScopes: { $any: { admin: true, secretary: true } },
    args: { filter: t.arg({ description: 'Critères ; absent : toutes les factures visibles.', type: SecretaryBillFilterInput }) },
    totalCount: (_root, args, ctx) =>
      ctx.db.secretaryBill.count({ where: retrocession.secretaryBillsWhere(ctx, toBillFilter(args.filter)) }),
    resolve: (query, _root, args, ctx) =>
      ctx.db.secretaryBill.findMany({
        ...query,
        where: retrocession.secretaryBillsWhere(ctx, toBillFilter(args.filter)),
        orderBy: BILL_ORDER,
      }),
  }),
}));

// --- Mutations ---------------------------------------------------------------------------------

const SecretaryBillPayload = builder.objectRef<{ billId: number; message: string }>('SecretaryBillPayload').implement({
  description: 'Résultat du dépôt d’une facture de rétrocession.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Message de succès à afficher.' }),
    bill: t.prismaField({
      description: 'La facture déposée.',
      type: SecretaryBillNode,
      resolve: (query, payload, _args, ctx) => ctx.db.secretaryBill.findUniqueOrThrow({ ...query, where: { id: payload.billId } }),
    }),
  }),
});

const RemovedPayload = builder.objectRef<{ billId: number; message: string }>('RemoveSecretaryBillPayload').implement({
  description: 'Résultat de la suppression d’une facture de rétrocession.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Message de succès à afficher.' }),
    removedBillId: t.id({
      description: 'Identifiant global de la facture supprimée, pour la retirer des listes.',
      resolve: (payload) => encodeGlobalID('SecretaryBill', payload.billId),
    }),
  }),
});

const billIdOf = (id: { typename: string; id: string }) => databaseId(id, 'SecretaryBill', secretaryBillMessages.notFound);

builder.mutationFields((t) => ({
  uploadSecretaryBill: t.field({
    type: SecretaryBillPayload,
    description: 'Une secrétaire dépose sa facture du mois (un fichier Word ou PDF, vérifié par son contenu).',
    authScopes: { secretary: true },
    args: {
      input: t.arg({
        description: 'Le fichier et la période.',
        required: true,
        type: builder.inputType('UploadSecretaryBillInput', {
          description: 'Facture de rétrocession d’un mois à déposer.',
          fields: (f) => ({
            file: f.field({ description: 'Le fichier Word ou PDF.', type: 'Upload', required: true }),
            year: f.int({ description: 'Année de la période.', required: true }),
            month: f.int({ required: true, description: '1 à 12.' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => ({
      billId: await retrocession.uploadSecretaryBill(ctx, { files: [input.file], year: input.year, month: input.month }),
      message: secretaryBillMessages.uploaded,
    }),
  }),
  removeSecretaryBill: t.field({
    description: 'Supprime une facture de rétrocession déposée (administrateurs).',
    type: RemovedPayload,
    authScopes: { admin: true },
    args: {
      input: t.arg({
        description: 'La facture.',
        required: true,
        type: builder.inputType('RemoveSecretaryBillInput', {
          description: 'Facture de rétrocession à supprimer.',
          fields: (f) => ({ billId: f.globalID({ description: 'La facture.', for: SecretaryBillNode, required: true }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const billId = billIdOf(input.billId);
      await retrocession.removeSecretaryBill(ctx, billId);
      return { billId, message: secretaryBillMessages.removed };
    },
  }),
}));

// --- Subscription ------------------------------------------------------------------------------

builder.subscriptionField('secretaryBillAdded', (t) =>
  t.prismaField({
    type: SecretaryBillNode,
    description: 'Factures de rétrocession déposées par les secrétaires, en direct (administrateurs).',
    authScopes: { admin: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('secretaryBillAdded', ctx.viewer!.id),
    // One read per event and selection, however many subscriptions the admin holds open.
    resolve: (query, event: { billId: number }, _args, ctx) =>
      loadOncePerEvent(event, JSON.stringify(query), () =>
        ctx.db.secretaryBill.findUniqueOrThrow({ ...query, where: { id: event.billId } }),
      ),
  }),
);
