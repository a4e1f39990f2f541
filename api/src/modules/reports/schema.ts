import { encodeGlobalID, resolveCursorConnection, type DefaultConnectionArguments } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { AppError, validationError } from '../../graphql/errors.js';
import { databaseId } from '../../graphql/ids.js';
import { UserNode } from '../accounts/schema.js';
import type { AppContext } from '../../context.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { ReportFileKind, ReportStatus, type Role } from '../../generated/prisma/enums.js';
import { billingAmounts } from '../billing/rules.js';
import { retrocessionAmounts, type LineAmounts } from '../retrocession/rules.js';
import { alertClock, alertLevel, amountsShownTo, can, hoursBetween, MAX_REPORTS_OFFSET, messages, statusShownTo } from './rules.js';
import { loadReportPage, loadReportRow, loadReportRows, reportCursor, type ReportCommentRow, type ReportFileRow, type ReportRow } from './rows.js';
import * as reports from './service.js';

export const ReportStatusEnum = builder.enumType(ReportStatus, {
  name: 'ReportStatus',
  description: 'NA non attribué, EC en cours, RS rétrocédé, TE terminé, AR archivé.',
});
const ReportFileKindEnum = builder.enumType(ReportFileKind, { name: 'ReportFileKind', description: 'Éléments déposés ou retournés.' });
const AlertLevelEnum = builder.enumType('AlertLevel', {
  description: 'Pastille d’alerte : gris, vert (< 30 h), orange (30 à 36 h), rouge (> 36 h).',
  values: ['DEFAULT', 'SUCCESS', 'WARNING', 'ERROR'] as const,
});
const CommentReceiverEnum = builder.enumType('CommentReceiver', { values: ['BAILIFF', 'SECRETARY'] as const });
const CommentAudienceEnum = builder.enumType('CommentAudience', {
  description: 'Filtre des commentaires pour l’administrateur : Tous, Huissier, Secrétaire.',
  values: ['ALL', 'BAILIFF', 'SECRETARY'] as const,
});

const viewerRole = (ctx: AppContext): Role => ctx.viewer!.role;

// --- Files ------------------------------------------------------------------------------------

export const ReportFileRef = builder.objectRef<ReportFileRow>('ReportFile').implement({
  description: 'Un fichier d’un constat.',
  fields: (t) => ({
    id: t.id({ resolve: (file) => String(file.id) }),
    kind: t.field({ type: ReportFileKindEnum, resolve: (file) => file.kind }),
    name: t.exposeString('originalName', { description: 'Nom d’origine.' }),
    size: t.exposeInt('size', { description: 'Taille en octets.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (file) => file.createdAt }),
    url: t.string({ description: 'Lien signé et temporaire pour l’afficher.', resolve: (file, _args, ctx) => ctx.files.file(file.storageKey, file.originalName) }),
    downloadUrl: t.string({
      description: 'Lien signé et temporaire pour le télécharger.',
      resolve: (file, _args, ctx) => ctx.files.file(file.storageKey, file.originalName, { download: true }),
    }),
  }),
});

export const FileGroupRef = builder.objectRef<{ reportId: number; reportName: string; kind: ReportFileKind; files: ReportFileRow[] }>('ReportFileGroup').implement({
  description: 'Les éléments déposés ou retournés d’un constat.',
  fields: (t) => ({
    count: t.int({ resolve: (group) => group.files.length }),
    totalSize: t.int({ description: 'Taille totale en octets.', resolve: (group) => group.files.reduce((total, file) => total + file.size, 0) }),
    files: t.field({ type: [ReportFileRef], resolve: (group) => group.files }),
    archiveUrl: t.string({
      nullable: true,
      description: 'Lien signé pour tout télécharger en zip (null sans fichier).',
      resolve: (group, _args, ctx) =>
        group.files.length === 0
          ? null
          : ctx.files.archive(`report-${group.kind.toLowerCase()}`, group.reportId, `${group.reportName} - ${group.kind === 'DEPOSITED' ? 'déposés' : 'retournés'}.zip`),
    }),
  }),
});

// --- Comments ---------------------------------------------------------------------------------

const CommentRef = builder.objectRef<ReportCommentRow>('ReportComment').implement({
  fields: (t) => ({
    id: t.id({ resolve: (comment) => String(comment.id) }),
    body: t.exposeString('body'),
    createdAt: t.field({ type: 'DateTime', resolve: (comment) => comment.createdAt }),
    authorName: t.exposeString('authorName'),
    authorDatabaseId: t.exposeInt('authorId'),
    receiverDatabaseId: t.exposeInt('receiverId', { nullable: true }),
    authorRole: t.field({ type: builder.enumType('CommentAuthorRole', { values: ['ADMIN', 'BAILIFF', 'SECRETARY'] as const }), resolve: (comment) => comment.authorRole }),
    isMine: t.boolean({ resolve: (comment, _args, ctx) => comment.authorId === ctx.viewer!.id }),
    isRead: t.boolean({
      description: 'Lu par l’utilisateur connecté (toujours vrai pour ses propres messages).',
      resolve: (comment, _args, ctx) => comment.authorId === ctx.viewer!.id || comment.read,
    }),
  }),
});

const unread = (comments: ReportCommentRow[], viewerId: number) => comments.filter((comment) => comment.authorId !== viewerId && !comment.read);

// --- Amounts ----------------------------------------------------------------------------------

const AmountsRef = builder.objectRef<LineAmounts>('LineAmounts').implement({
  description: 'Montants HT d’un constat en euros.',
  fields: (t) => ({
    pages: t.field({ type: 'Decimal', resolve: (amounts) => amounts.pages }),
    photos: t.field({ type: 'Decimal', resolve: (amounts) => amounts.photos }),
    total: t.field({ type: 'Decimal', resolve: (amounts) => amounts.total }),
  }),
});

// --- Report -----------------------------------------------------------------------------------

// Resolved from plain rows (rows.ts), not by plugin-prisma: the hot path of every screen, see
// docs/decisions.md. Its people are User nodes built from the row's own columns.
export const ReportNode = builder.node(builder.objectRef<ReportRow>('Report'), {
  id: { resolve: (report) => report.id },
  loadMany: (ids, ctx) => loadReportRows(ctx, ids.map(Number)),
  authScopes: (report, ctx) => can(ctx.viewer, 'view', report),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Identifiant numérique (ancienne API REST).' }),
    name: t.exposeString('name'),
    status: t.field({
      type: ReportStatusEnum,
      description: 'Statut ; un huissier voit RS comme EC.',
      resolve: (report, _args, ctx) => statusShownTo(viewerRole(ctx), report.status),
    }),
    isArchived: t.exposeBoolean('isArchived'),
    invoiced: t.exposeBoolean('invoiced'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    lastStatusChange: t.expose('lastStatusChange', { type: 'DateTime' }),
    returnedAt: t.expose('returnedAt', { type: 'DateTime', nullable: true, description: 'Date de retour.' }),
    alert: t.field({
      type: AlertLevelEnum,
      // The bullet follows the status the viewer is shown: a bailiff's NA constat is "en cours".
      resolve: (report, _args, ctx) =>
        alertLevel(statusShownTo(viewerRole(ctx), report.status), hoursBetween(alertClock(viewerRole(ctx), report), new Date())),
    }),
    delayHours: t.int({
      description: 'Heures écoulées depuis le dernier changement de statut.',
      resolve: (report) => Math.floor(hoursBetween(report.lastStatusChange, new Date())),
    }),
    // The people as the row carries them: the User type's own selection (id and names) answers the
    // fields a list reads; any other User field loads the rest, one statement per page (plugin-prisma).
    bailiff: t.field({ type: UserNode, resolve: (report) => report.bailiff }),
    secretary: t.field({ type: UserNode, nullable: true, resolve: (report) => report.secretary }),
    deposited: t.field({
      type: FileGroupRef,
      resolve: (report) => ({ reportId: report.id, reportName: report.name, kind: 'DEPOSITED' as const, files: report.files.filter((file) => file.kind === 'DEPOSITED') }),
    }),
    returned: t.field({
      type: FileGroupRef,
      description: 'Éléments retournés ; l’huissier ne les voit qu’une fois le constat terminé.',
      resolve: (report, _args, ctx) => {
        const hidden = viewerRole(ctx) === 'BAILIFF' && report.status !== 'TE' && report.status !== 'AR';
        const files = hidden ? [] : report.files.filter((file) => file.kind === 'RETURNED');
        return { reportId: report.id, reportName: report.name, kind: 'RETURNED' as const, files };
      },
    }),
    countPagesProvisional: t.exposeInt('countPagesProvisional'),
    countPhotosProvisional: t.exposeInt('countPhotosProvisional'),
    countPagesRetrocession: t.exposeInt('countPagesRetrocession'),
    countPhotosRetrocession: t.exposeInt('countPhotosRetrocession'),
    countPagesBilling: t.exposeInt('countPagesBilling'),
    countPhotosBilling: t.exposeInt('countPhotosBilling'),
    retrocessionComment: t.exposeString('retrocessionComment', { nullable: true }),
    // Tariffs captured on the report, else those in force (group's and secretary's).
    retrocessionAmounts: t.field({
      type: AmountsRef,
      nullable: true,
      description: 'Rétrocession : comptes rétrocession × tarifs de la secrétaire (spec §9) ; null pour un huissier.',
      resolve: (report, _args, ctx) =>
        !amountsShownTo(viewerRole(ctx)).retrocession
          ? null
          : retrocessionAmounts({
              pages: report.countPagesRetrocession,
              photos: report.countPhotosRetrocession,
              pricePage: report.secretaryPricePage ?? report.assignedSecretaryPricePage,
              pricePhoto: report.secretaryPricePhoto ?? report.assignedSecretaryPricePhoto,
            }),
    }),
    billingAmounts: t.field({
      type: AmountsRef,
      nullable: true,
      description: 'Facturation : comptes facturés × tarifs de l’étude (spec §9) ; null pour une secrétaire.',
      resolve: (report, _args, ctx) =>
        !amountsShownTo(viewerRole(ctx)).billing
          ? null
          : billingAmounts({
              pages: report.countPagesBilling,
              photos: report.countPhotosBilling,
              pricePage: report.groupPricePage ?? report.bailiffGroupPricePage,
              pricePhoto: report.groupPricePhoto ?? report.bailiffGroupPricePhoto,
            }),
    }),
    comments: t.field({
      type: [CommentRef],
      description: 'Commentaires visibles par l’utilisateur, du plus ancien au plus récent.',
      args: { audience: t.arg({ type: CommentAudienceEnum, defaultValue: 'ALL' }) },
      resolve: (report, args) => {
        if (args.audience === 'ALL') return report.comments;
        const party = args.audience === 'BAILIFF' ? report.bailiffId : report.secretaryId;
        return report.comments.filter((comment) => comment.authorId === party || comment.receiverId === party);
      },
    }),
    unreadCommentCount: t.int({ resolve: (report, _args, ctx) => unread(report.comments, ctx.viewer!.id).length }),
    unreadCommentIds: t.idList({ resolve: (report, _args, ctx) => unread(report.comments, ctx.viewer!.id).map((comment) => String(comment.id)) }),
    viewerCan: t.field({
      type: ReportPermissionsRef,
      description: 'Actions permises à l’utilisateur connecté (pour griser les boutons).',
      resolve: (report) => report,
    }),
  }),
});

const ReportPermissionsRef = builder.objectRef<{ bailiffId: number; secretaryId: number | null; status: ReportStatus; isArchived: boolean; invoiced: boolean }>('ReportPermissions');
ReportPermissionsRef.implement({
  fields: (t) => {
    const action = (name: Parameters<typeof can>[1]) => t.boolean({ resolve: (report, _args, ctx) => can(ctx.viewer, name, report) });
    return {
      addDeposited: action('addDeposited'),
      removeDeposited: action('removeDeposited'),
      addReturned: action('addReturned'),
      removeReturned: action('removeReturned'),
      assignSecretary: action('assignSecretary'),
      setRetrocession: action('setRetrocession'),
      setBilling: action('setBilling'),
      archive: action('archive'),
      unarchive: action('unarchive'),
      comment: action('comment'),
    };
  },
});

// --- Report lists -----------------------------------------------------------------------------

/**
 * A connection of the reports `where` (SQL on the "Report" row `r`) finds, newest first; its total
 * counted only when asked. `offset` (legacy page numbers) skips rows before a forward page.
 */
export async function reportConnection(
  ctx: AppContext,
  args: DefaultConnectionArguments,
  where: Prisma.Sql,
  totalCount: () => Promise<number>,
  offset: number | null = null,
) {
  // One direction per page, as plugin-prisma's connections required: the helper would drop a cursor.
  if ((args.before && args.after) || (args.before && args.first != null) || (args.after && args.last != null)) {
    throw validationError({ cursor: 'Pagination invalide.' }, 'Pagination invalide : first/after ou last/before.');
  }
  if (offset != null && (offset < 0 || offset > MAX_REPORTS_OFFSET || args.after || args.before || args.last != null)) {
    throw validationError({ offset: messages.offsetInvalid }, messages.offsetInvalid);
  }
  const connection = await resolveCursorConnection<Promise<ReportRow[]>>({ args, defaultSize: 10, maxSize: 100, toCursor: reportCursor }, (page) =>
    loadReportPage(ctx, where, page, offset ?? 0),
  );
  return { ...connection, totalCount };
}

// --- Queries ----------------------------------------------------------------------------------

const ReportFilterInput = builder.inputType('ReportFilter', {
  fields: (t) => ({
    statuses: t.field({ type: [ReportStatusEnum], description: 'Statuts (un huissier : EC, TE, AR ; EC inclut RS).' }),
    bailiffId: t.globalID({ for: UserNode }),
    secretaryId: t.globalID({ for: UserNode }),
    year: t.int(),
    month: t.int({ description: '1 à 12, avec year.' }),
    search: t.string({ description: 'Recherche sur le nom du constat.' }),
    archived: t.boolean({ description: 'true : archivés seulement ; false : non archivés ; absent : tous.' }),
  }),
});

type FilterArg = typeof ReportFilterInput.$inferInput | null | undefined;

function toFilter(filter: FilterArg): reports.ReportFilter {
  if (!filter) return {};
  return {
    statuses: filter.statuses,
    bailiffId: filter.bailiffId ? databaseId(filter.bailiffId, 'User') : null,
    secretaryId: filter.secretaryId ? databaseId(filter.secretaryId, 'User') : null,
    year: filter.year,
    month: filter.month,
    search: filter.search,
    archived: filter.archived,
  };
}

const DelayRef = builder.objectRef<{ hours: number; minutes: number }>('Delay').implement({
  fields: (t) => ({ hours: t.exposeInt('hours'), minutes: t.exposeInt('minutes') }),
});

const SecretaryTilesRef = builder.objectRef<NonNullable<reports.ReportHeaders['secretary']>>('SecretaryTiles').implement({
  fields: (t) => ({
    retrocessionThisMonth: t.field({ type: 'Decimal', description: 'Rétrocession du mois (constats TE).', resolve: (tiles) => tiles.retrocessionThisMonth }),
    inProgress: t.exposeInt('inProgress', { description: 'Constats en cours (EC et RS).' }),
    all: t.exposeInt('all', { description: 'Tous mes constats.' }),
    inAlert: t.exposeInt('inAlert'),
    averageDelayHours: t.exposeInt('averageDelayHours', { description: 'Délai moyen de retour, heures arrondies.' }),
  }),
});

const BailiffTilesRef = builder.objectRef<NonNullable<reports.ReportHeaders['bailiff']>>('BailiffTiles').implement({
  fields: (t) => ({
    inProgressThisMonth: t.exposeInt('inProgressThisMonth'),
    archivedThisMonth: t.exposeInt('archivedThisMonth'),
    invoicesThisMonth: t.exposeInt('invoicesThisMonth'),
  }),
});

const ReportHeadersRef = builder.objectRef<reports.ReportHeaders>('ReportHeaders').implement({
  fields: (t) => ({
    totalReports: t.exposeInt('totalReports'),
    reportsInAlert: t.exposeInt('reportsInAlert'),
    averageDelay: t.field({ type: DelayRef, resolve: (headers) => headers.averageDelay }),
    currentRevenue: t.field({ type: 'Decimal', description: 'CA en cours (mois courant).', resolve: (headers) => headers.currentRevenue }),
    secretary: t.field({ type: SecretaryTilesRef, nullable: true, resolve: (headers) => headers.secretary }),
    bailiff: t.field({ type: BailiffTilesRef, nullable: true, resolve: (headers) => headers.bailiff }),
  }),
});

builder.queryFields((t) => ({
  reports: t.connection(
    {
      type: ReportNode,
      authScopes: { authenticated: true },
      args: {
        filter: t.arg({ type: ReportFilterInput }),
        offset: t.arg.int({ description: `Ancienne API (get_all?page=) : constats sautés avant la page (0 à ${MAX_REPORTS_OFFSET}), avec first seulement.` }),
      },
      resolve: (_root, args, ctx) => {
        const filter = toFilter(args.filter);
        return reportConnection(ctx, args, reports.reportsSql(ctx.viewer!, filter), () => reports.countReports(ctx, filter), args.offset);
      },
    },
    { fields: (c) => ({ totalCount: c.int({ resolve: (connection) => connection.totalCount() }) }) },
  ),
  assignedBailiffs: t.prismaField({
    type: [UserNode],
    description: 'Huissiers des constats attribués à la secrétaire connectée, triés par nom (recherche avancée).',
    // Admins list every bailiff with users(role: BAILIFF); a bailiff has only himself.
    authScopes: { secretary: true },
    resolve: (query, _root, _args, ctx) =>
      ctx.db.user.findMany({
        ...query,
        where: { role: 'BAILIFF', bailiffReports: { some: { secretaryId: ctx.viewer!.id } } },
        orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      }),
  }),
  reportHeaders: t.field({
    type: ReportHeadersRef,
    authScopes: { authenticated: true },
    args: { filter: t.arg({ type: ReportFilterInput }) },
    resolve: (_root, args, ctx) => reports.reportHeaders(ctx, toFilter(args.filter)),
  }),
}));

// --- Mutations --------------------------------------------------------------------------------

export const ReportPayload = builder.objectRef<{ reportId: number; message: string }>('ReportPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    report: t.field({
      type: ReportNode,
      resolve: async (payload, _args, ctx) => {
        const report = await loadReportRow(ctx, payload.reportId);
        if (!report) throw new AppError('NOT_FOUND', messages.notFound);
        return report;
      },
    }),
  }),
});

export const reportIdOf = (id: { typename: string; id: string }) => databaseId(id, 'Report', messages.notFound);

builder.mutationFields((t) => ({
  createReport: t.field({
    type: ReportPayload,
    authScopes: { $any: { admin: true, bailiff: true } },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('CreateReportInput', {
          fields: (f) => ({
            bailiffId: f.globalID({ for: UserNode, description: 'Obligatoire pour un administrateur.' }),
            name: f.string({ required: true }),
            files: f.field({ type: ['Upload'], required: true }),
            comment: f.string(),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = await reports.createReport(ctx, {
        bailiffId: input.bailiffId ? databaseId(input.bailiffId, 'User', messages.bailiffRequired) : null,
        name: input.name,
        files: input.files,
        comment: input.comment,
      });
      return { reportId, message: messages.created };
    },
  }),
  assignSecretary: t.field({
    type: ReportPayload,
    authScopes: { admin: true },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('AssignSecretaryInput', {
          fields: (f) => ({ reportId: f.globalID({ for: ReportNode, required: true }), secretaryId: f.globalID({ for: UserNode, required: true }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.assignSecretary(ctx, reportId, databaseId(input.secretaryId, 'User', messages.secretaryInvalid));
      return { reportId, message: messages.updated };
    },
  }),
  addReportFiles: t.field({
    type: ReportPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('AddReportFilesInput', {
          fields: (f) => ({
            reportId: f.globalID({ for: ReportNode, required: true }),
            kind: f.field({ type: ReportFileKindEnum, required: true }),
            files: f.field({ type: ['Upload'], required: true }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.addFiles(ctx, reportId, input.kind, input.files);
      const count = input.files.length;
      return { reportId, message: count > 1 ? `${count} fichiers téléchargés avec succès.` : 'Fichier téléchargé avec succès.' };
    },
  }),
  removeReportFiles: t.field({
    type: ReportPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('RemoveReportFilesInput', {
          fields: (f) => ({ reportId: f.globalID({ for: ReportNode, required: true }), fileIds: f.idList({ required: true }) }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.removeFiles(ctx, reportId, input.fileIds.map(Number).filter(Number.isSafeInteger));
      return { reportId, message: messages.updated };
    },
  }),
  setRetrocession: t.field({
    type: ReportPayload,
    authScopes: { $any: { admin: true, secretary: true } },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('SetRetrocessionInput', {
          fields: (f) => ({
            reportId: f.globalID({ for: ReportNode, required: true }),
            countPagesProvisional: f.int({ required: true }),
            countPhotosProvisional: f.int({ required: true }),
            comment: f.string(),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.setRetrocession(ctx, reportId, input);
      return { reportId, message: messages.retroceded };
    },
  }),
  setBilling: t.field({
    type: ReportPayload,
    authScopes: { admin: true },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('SetBillingInput', {
          fields: (f) => ({
            reportId: f.globalID({ for: ReportNode, required: true }),
            countPagesRetrocession: f.int({ required: true }),
            countPhotosRetrocession: f.int({ required: true }),
            countPagesBilling: f.int({ required: true }),
            countPhotosBilling: f.int({ required: true }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      const { reportId: _id, ...counts } = input;
      await reports.setBilling(ctx, reportId, counts);
      return { reportId, message: messages.billed };
    },
  }),
  archiveReport: t.field({
    type: ReportPayload,
    authScopes: { $any: { admin: true, bailiff: true } },
    args: { input: t.arg({ required: true, type: reportRefInput('ArchiveReportInput') }) },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.archiveReport(ctx, reportId);
      return { reportId, message: messages.archived };
    },
  }),
  unarchiveReport: t.field({
    type: ReportPayload,
    authScopes: { admin: true },
    args: { input: t.arg({ required: true, type: reportRefInput('UnarchiveReportInput') }) },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.unarchiveReport(ctx, reportId);
      return { reportId, message: messages.updated };
    },
  }),
  addReportComment: t.field({
    type: ReportPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('AddReportCommentInput', {
          fields: (f) => ({
            reportId: f.globalID({ for: ReportNode, required: true }),
            body: f.string({ required: true }),
            receiver: f.field({ type: CommentReceiverEnum, description: 'Obligatoire pour un administrateur.' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.addComment(ctx, reportId, input.body, input.receiver);
      return { reportId, message: 'Commentaire envoyé.' };
    },
  }),
  markReportCommentsRead: t.field({
    type: ReportPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('MarkReportCommentsReadInput', {
          fields: (f) => ({
            reportId: f.globalID({ for: ReportNode, required: true }),
            commentIds: f.idList({ description: 'Tous les commentaires du constat si absent.' }),
          }),
        }),
      }),
    },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.markCommentsRead(ctx, reportId, input.commentIds?.map(Number).filter(Number.isSafeInteger));
      return { reportId, message: messages.updated };
    },
  }),
}));

function reportRefInput(name: string) {
  return builder.inputType(name, { fields: (f) => ({ reportId: f.globalID({ for: ReportNode, required: true }) }) });
}

// --- Subscription -----------------------------------------------------------------------------

const ReportChangedRef = builder.objectRef<{ reportId: number }>('ReportChanged').implement({
  description: 'Un constat visible (ou qui vient de cesser de l’être) a changé.',
  fields: (t) => ({
    reportId: t.id({ resolve: (event) => encodeGlobalID('Report', event.reportId) }),
    report: t.field({
      type: ReportNode,
      nullable: true,
      description: 'null quand l’utilisateur ne peut plus voir ce constat (par exemple après une réattribution).',
      // can(view) is visibleReports() as a rule on the row.
      resolve: async (event, _args, ctx) => {
        const report = await loadReportRow(ctx, event.reportId);
        return report && can(ctx.viewer, 'view', report) ? report : null;
      },
    }),
  }),
});

builder.subscriptionField('reportChanged', (t) =>
  t.field({
    type: ReportChangedRef,
    authScopes: { authenticated: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('reportChanged', ctx.viewer!.id),
    resolve: (event) => event,
  }),
);
