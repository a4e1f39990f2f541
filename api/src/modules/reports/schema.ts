import { encodeGlobalID, resolveCursorConnection, type DefaultConnectionArguments } from '@pothos/plugin-relay';
import type { GraphQLResolveInfo } from 'graphql';
import { builder } from '../../graphql/builder.js';
import { AppError, validationError } from '../../graphql/errors.js';
import { databaseId } from '../../graphql/ids.js';
import { UserNode } from '../accounts/schema.js';
import type { AppContext } from '../../context.js';
import { ReportFileKind, ReportStatus, type Role } from '../../generated/prisma/enums.js';
import { billingAmounts, retrocessionAmounts, type CountsAndPrices, type LineAmounts } from '../../lib/line-amounts.js';
import { toDecimal, type Decimal } from '../../lib/money.js';
import { alertClock, alertLevel, amountsShownTo, can, hoursBetween, isAwaitingSecretary, MAX_REPORTS_OFFSET, messages, statusShownTo } from './rules.js';
import { countReports } from './read-model/count.js';
import { reportsSql, type ReportFilter, type ReportsWhere } from './read-model/filters.js';
import { loadReportPage, loadReportRow, loadReportRows, reportCursor, type ReportCommentRow, type ReportFileRow, type ReportRow } from './read-model/rows.js';
import { reportHeaders, type ReportHeaders } from './headers.js';
import { connectionContent } from './selection.js';
import * as reports from './service.js';

export const ReportStatusEnum = builder.enumType(ReportStatus, {
  name: 'ReportStatus',
  description: 'NA non attribué, EC en cours, RS rétrocédé, TE terminé, AR archivé.',
  values: {
    NA: { description: 'Non attribué (données anciennes en attente d’une secrétaire) ; un huissier le voit EC.' },
    EC: { description: 'En cours : déposé, à taper.' },
    RS: { description: 'Rétrocédé : la secrétaire a saisi ses comptes provisoires ; un huissier le voit EC.' },
    TE: { description: 'Terminé : le constat tapé a été retourné.' },
    AR: { description: 'Archivé.' },
  },
});
const ReportFileKindEnum = builder.enumType(ReportFileKind, {
  name: 'ReportFileKind',
  description: 'Éléments déposés ou retournés.',
  values: {
    DEPOSITED: { description: 'Déposé par l’huissier (enregistrements, photos, documents à taper).' },
    RETURNED: { description: 'Retourné par la secrétaire (le constat tapé).' },
  },
});
const AlertLevelEnum = builder.enumType('AlertLevel', {
  description: 'Pastille d’alerte : gris, vert (< 30 h), orange (30 à 36 h), rouge (> 36 h).',
  values: {
    DEFAULT: { description: 'Gris : pas de délai en cours pour ce statut.' },
    SUCCESS: { description: 'Vert : moins de 30 heures.' },
    WARNING: { description: 'Orange : de 30 à 36 heures.' },
    ERROR: { description: 'Rouge : plus de 36 heures.' },
  } as const,
});
const CommentReceiverEnum = builder.enumType('CommentReceiver', {
  description: 'Destinataire d’un message écrit par un administrateur.',
  values: { BAILIFF: { description: 'L’huissier du constat.' }, SECRETARY: { description: 'La secrétaire du constat.' } } as const,
});
const CommentAudienceEnum = builder.enumType('CommentAudience', {
  description: 'Filtre des commentaires pour l’administrateur : Tous, Huissier, Secrétaire.',
  values: {
    ALL: { description: 'Tous les messages.' },
    BAILIFF: { description: 'Les messages échangés avec l’huissier.' },
    SECRETARY: { description: 'Les messages échangés avec la secrétaire.' },
  } as const,
});

const CommentAuthorRoleEnum = builder.enumType('CommentAuthorRole', {
  description: 'Rôle de l’auteur d’un message.',
  values: {
    ADMIN: { description: 'Un administrateur.' },
    BAILIFF: { description: 'L’huissier.' },
    SECRETARY: { description: 'La secrétaire.' },
  } as const,
});

const viewerRole = (ctx: AppContext): Role => ctx.viewer!.role;

// --- Files ------------------------------------------------------------------------------------

export const ReportFileRef = builder.objectRef<ReportFileRow>('ReportFile').implement({
  description: 'Un fichier d’un constat.',
  fields: (t) => ({
    id: t.id({ description: 'Identifiant du fichier dans son constat (pour removeReportFiles).', resolve: (file) => String(file.id) }),
    kind: t.field({ description: 'Déposé ou retourné.', type: ReportFileKindEnum, resolve: (file) => file.kind }),
    name: t.exposeString('originalName', { description: 'Nom d’origine.' }),
    size: t.exposeInt('size', { description: 'Taille en octets.' }),
    createdAt: t.field({ description: 'Date d’envoi.', type: 'DateTime', resolve: (file) => file.createdAt }),
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
    count: t.int({ description: 'Nombre de fichiers.', resolve: (group) => group.files.length }),
    totalSize: t.int({ description: 'Taille totale en octets.', resolve: (group) => group.files.reduce((total, file) => total + file.size, 0) }),
    files: t.field({ description: 'Les fichiers.', type: [ReportFileRef], resolve: (group) => group.files }),
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
  description: 'Un message du fil de commentaires d’un constat.',
  fields: (t) => ({
    id: t.id({ description: 'Identifiant du commentaire dans son constat (pour markReportCommentsRead).', resolve: (comment) => String(comment.id) }),
    body: t.exposeString('body', { description: 'Texte du message.' }),
    createdAt: t.field({ description: 'Date d’envoi.', type: 'DateTime', resolve: (comment) => comment.createdAt }),
    authorName: t.exposeString('authorName', { description: 'Prénom et nom de l’auteur.' }),
    authorDatabaseId: t.exposeInt('authorId', { description: 'Identifiant numérique de l’auteur.' }),
    receiverDatabaseId: t.exposeInt('receiverId', { description: 'Identifiant numérique du destinataire choisi par un administrateur (null sinon).', nullable: true }),
    authorRole: t.field({ description: 'Rôle de l’auteur.', type: CommentAuthorRoleEnum, resolve: (comment) => comment.authorRole }),
    isMine: t.boolean({ description: 'Écrit par l’utilisateur connecté.', resolve: (comment, _args, ctx) => comment.authorId === ctx.viewer!.id }),
    isRead: t.boolean({
      description: 'Lu par l’utilisateur connecté (toujours vrai pour ses propres messages).',
      resolve: (comment, _args, ctx) => comment.authorId === ctx.viewer!.id || comment.read,
    }),
  }),
});

const unread = (comments: ReportCommentRow[], viewerId: number) => comments.filter((comment) => comment.authorId !== viewerId && !comment.read);

// --- Amounts ----------------------------------------------------------------------------------

type PricedAmounts = LineAmounts & { pricePage: Decimal; pricePhoto: Decimal };

/** A line's amounts with the tariffs they apply: the expanded row recomputes them as counts are typed. */
function priced(formula: (counts: CountsAndPrices) => LineAmounts, counts: CountsAndPrices): PricedAmounts {
  return { ...formula(counts), pricePage: toDecimal(counts.pricePage), pricePhoto: toDecimal(counts.pricePhoto) };
}

const AmountsRef = builder.objectRef<PricedAmounts>('LineAmounts').implement({
  description: 'Montants HT d’un constat en euros.',
  fields: (t) => ({
    pages: t.field({ description: 'Montant HT des pages, en euros.', type: 'Decimal', resolve: (amounts) => amounts.pages }),
    photos: t.field({ description: 'Montant HT des photos, en euros.', type: 'Decimal', resolve: (amounts) => amounts.photos }),
    total: t.field({ description: 'Montant HT total, en euros.', type: 'Decimal', resolve: (amounts) => amounts.total }),
    pricePage: t.field({ type: 'Decimal', description: 'Tarif par page appliqué (celui du constat, sinon celui en vigueur).', resolve: (amounts) => amounts.pricePage }),
    pricePhoto: t.field({ type: 'Decimal', description: 'Tarif par photo appliqué (celui du constat, sinon celui en vigueur).', resolve: (amounts) => amounts.pricePhoto }),
  }),
});

// --- Report -----------------------------------------------------------------------------------

// Resolved from plain rows (read-model/rows.ts), not by plugin-prisma: the hot path of every screen, see
// docs/decisions.md. Its people are User nodes built from the row's own columns.
export const ReportNode = builder.node(builder.objectRef<ReportRow>('Report'), {
  description: 'Un constat : les éléments déposés par un huissier, tapés par une secrétaire, comptés, facturés et archivés.',
  id: { resolve: (report) => report.id },
  loadMany: (ids, ctx) => loadReportRows(ctx, ids.map(Number)),
  authScopes: (report, ctx) => can(ctx.viewer, 'view', report),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Identifiant numérique (ancienne API REST).' }),
    name: t.exposeString('name', { description: 'Nom du constat (donné au dépôt).' }),
    status: t.field({
      type: ReportStatusEnum,
      description: 'Statut ; un huissier voit RS comme EC.',
      resolve: (report, _args, ctx) => statusShownTo(viewerRole(ctx), report.status),
    }),
    isArchived: t.exposeBoolean('isArchived', { description: 'Archivé par l’huissier ou un administrateur.' }),
    invoiced: t.exposeBoolean('invoiced', { description: 'Facturé (inclus dans une facture d’étude).' }),
    createdAt: t.expose('createdAt', { description: 'Date de dépôt (création) ; un constat compte pour le mois de sa création.', type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { description: 'Date de dernière modification.', type: 'DateTime' }),
    lastStatusChange: t.expose('lastStatusChange', { description: 'Date du dernier changement de statut (départ du délai et de l’alerte).', type: 'DateTime' }),
    returnedAt: t.expose('returnedAt', { type: 'DateTime', nullable: true, description: 'Date de retour.' }),
    alert: t.field({
      description: 'Pastille d’alerte vue par l’utilisateur connecté, selon le délai depuis le dernier changement de statut.',
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
    bailiff: t.field({ description: 'L’huissier qui a déposé le constat.', type: UserNode, resolve: (report) => report.bailiff }),
    secretary: t.field({ description: 'La secrétaire attribuée (null tant que le constat n’est pas attribué).', type: UserNode, nullable: true, resolve: (report) => report.secretary }),
    deposited: t.field({
      description: 'Les éléments déposés par l’huissier.',
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
    countPagesProvisional: t.exposeInt('countPagesProvisional', { description: 'Pages comptées par la secrétaire au retour (provisoire).' }),
    countPhotosProvisional: t.exposeInt('countPhotosProvisional', { description: 'Photos comptées par la secrétaire au retour (provisoire).' }),
    countPagesRetrocession: t.exposeInt('countPagesRetrocession', { description: 'Pages retenues pour la rétrocession (payées à la secrétaire), fixées par un administrateur.' }),
    countPhotosRetrocession: t.exposeInt('countPhotosRetrocession', { description: 'Photos retenues pour la rétrocession.' }),
    countPagesBilling: t.exposeInt('countPagesBilling', { description: 'Pages facturées à l’étude, fixées par un administrateur.' }),
    countPhotosBilling: t.exposeInt('countPhotosBilling', { description: 'Photos facturées à l’étude.' }),
    awaitingSecretary: t.boolean({
      description: 'Nouveau dépôt qui attend une secrétaire (aucune attribuée, NA ou EC, non archivé) : « Non attribué » pour l’administrateur ; toujours false pour un huissier, qui le voit en cours.',
      resolve: (report, _args, ctx) => viewerRole(ctx) !== 'BAILIFF' && isAwaitingSecretary(report),
    }),
    retrocessionComment: t.exposeString('retrocessionComment', { description: 'Commentaire de la secrétaire au retour.', nullable: true }),
    // The row's effective tariffs (read-model/tariffs.ts).
    retrocessionAmounts: t.field({
      type: AmountsRef,
      nullable: true,
      description: 'Rétrocession : comptes rétrocession × tarifs de la secrétaire (spec §9) ; null pour un huissier.',
      resolve: (report, _args, ctx) =>
        !amountsShownTo(viewerRole(ctx)).retrocession
          ? null
          : priced(retrocessionAmounts, {
              pages: report.countPagesRetrocession,
              photos: report.countPhotosRetrocession,
              pricePage: report.retrocessionPricePage,
              pricePhoto: report.retrocessionPricePhoto,
            }),
    }),
    billingAmounts: t.field({
      type: AmountsRef,
      nullable: true,
      description: 'Facturation : comptes facturés × tarifs de l’étude (spec §9) ; null pour une secrétaire.',
      resolve: (report, _args, ctx) =>
        !amountsShownTo(viewerRole(ctx)).billing
          ? null
          : priced(billingAmounts, {
              pages: report.countPagesBilling,
              photos: report.countPhotosBilling,
              pricePage: report.billingPricePage,
              pricePhoto: report.billingPricePhoto,
            }),
    }),
    comments: t.field({
      type: [CommentRef],
      description: 'Commentaires visibles par l’utilisateur, du plus ancien au plus récent.',
      args: { audience: t.arg({ description: 'Seulement les messages échangés avec l’huissier ou la secrétaire (administrateurs) ; ALL par défaut.', type: CommentAudienceEnum, defaultValue: 'ALL' }) },
      resolve: (report, args) => {
        if (args.audience === 'ALL') return report.comments;
        const party = args.audience === 'BAILIFF' ? report.bailiffId : report.secretaryId;
        return report.comments.filter((comment) => comment.authorId === party || comment.receiverId === party);
      },
    }),
    unreadCommentCount: t.int({ description: 'Nombre de messages non lus par l’utilisateur connecté.', resolve: (report, _args, ctx) => unread(report.comments, ctx.viewer!.id).length }),
    unreadCommentIds: t.idList({ description: 'Identifiants des messages non lus par l’utilisateur connecté.', resolve: (report, _args, ctx) => unread(report.comments, ctx.viewer!.id).map((comment) => String(comment.id)) }),
    viewerCan: t.field({
      type: ReportPermissionsRef,
      description: 'Actions permises à l’utilisateur connecté (pour griser les boutons).',
      resolve: (report) => report,
    }),
  }),
});

const ReportPermissionsRef = builder.objectRef<{ bailiffId: number; secretaryId: number | null; status: ReportStatus; isArchived: boolean; invoiced: boolean }>('ReportPermissions');
ReportPermissionsRef.implement({
  description: 'Ce que l’utilisateur connecté peut faire sur ce constat (le serveur le vérifie de toute façon).',
  fields: (t) => {
    const action = (name: Parameters<typeof can>[1], description: string) =>
      t.boolean({ description, resolve: (report, _args, ctx) => can(ctx.viewer, name, report) });
    return {
      addDeposited: action('addDeposited', 'Peut ajouter des éléments déposés.'),
      removeDeposited: action('removeDeposited', 'Peut retirer des éléments déposés.'),
      addReturned: action('addReturned', 'Peut ajouter des éléments retournés.'),
      removeReturned: action('removeReturned', 'Peut retirer des éléments retournés.'),
      assignSecretary: action('assignSecretary', 'Peut attribuer (ou réattribuer) une secrétaire.'),
      setRetrocession: action('setRetrocession', 'Peut retourner le constat avec ses comptes provisoires.'),
      setBilling: action('setBilling', 'Peut fixer les comptes de rétrocession et de facturation.'),
      archive: action('archive', 'Peut archiver le constat.'),
      unarchive: action('unarchive', 'Peut désarchiver le constat.'),
      comment: action('comment', 'Peut écrire dans le fil de commentaires.'),
    };
  },
});

// --- Report lists -----------------------------------------------------------------------------

/**
 * A connection of the reports a list's filter (read-model/filters.ts) finds, newest first; its
 * total counted from the same filter, only when asked. `offset` (legacy page numbers) skips rows
 * before a forward page.
 */
export async function reportConnection(ctx: AppContext, args: DefaultConnectionArguments, info: GraphQLResolveInfo, where: ReportsWhere, offset: number | null = null) {
  // One direction per page, as plugin-prisma's connections required: the helper would drop a cursor.
  if ((args.before && args.after) || (args.before && args.first != null) || (args.after && args.last != null)) {
    throw validationError({ cursor: 'Pagination invalide.' }, 'Pagination invalide : first/after ou last/before.');
  }
  if (offset != null && (offset < 0 || offset > MAX_REPORTS_OFFSET || args.after || args.before || args.last != null)) {
    throw validationError({ offset: messages.offsetInvalid }, messages.offsetInvalid);
  }
  const connection = await resolveCursorConnection<Promise<ReportRow[]>>({ args, defaultSize: 10, maxSize: 100, toCursor: reportCursor }, (page) =>
    loadReportPage(ctx, where, page, offset ?? 0, connectionContent(info)),
  );
  return { ...connection, totalCount: () => countReports(ctx, where) };
}

// --- Queries ----------------------------------------------------------------------------------

export const ReportFilterInput = builder.inputType('ReportFilter', {
  description: 'Critères des listes de constats ; tous facultatifs et cumulés.',
  fields: (t) => ({
    statuses: t.field({ type: [ReportStatusEnum], description: 'Statuts (un huissier : EC, TE, AR ; EC inclut RS).' }),
    bailiffId: t.globalID({ description: 'Seulement les constats de cet huissier.', for: UserNode }),
    secretaryId: t.globalID({ description: 'Seulement les constats de cette secrétaire.', for: UserNode }),
    year: t.int({ description: 'Année de création (avec month : un mois).' }),
    month: t.int({ description: 'Mois de création, 1 à 12 : seulement avec year (refusé sans).' }),
    search: t.string({ description: 'Recherche sur le nom du constat.' }),
    archived: t.boolean({ description: 'true : archivés seulement ; false : non archivés ; absent : tous.' }),
    awaitingSecretary: t.boolean({ description: 'true : seulement les constats qui attendent une secrétaire (aucune attribuée, NA ou EC, non archivés), quel que soit leur âge.' }),
  }),
});

type FilterArg = typeof ReportFilterInput.$inferInput | null | undefined;

export function toFilter(filter: FilterArg): ReportFilter {
  if (!filter) return {};
  return {
    statuses: filter.statuses,
    bailiffId: filter.bailiffId ? databaseId(filter.bailiffId, 'User') : null,
    secretaryId: filter.secretaryId ? databaseId(filter.secretaryId, 'User') : null,
    year: filter.year,
    month: filter.month,
    search: filter.search,
    archived: filter.archived,
    awaitingSecretary: filter.awaitingSecretary,
  };
}

const DelayRef = builder.objectRef<{ hours: number; minutes: number }>('Delay').implement({
  description: 'Une durée en heures et minutes.',
  fields: (t) => ({ hours: t.exposeInt('hours', { description: 'Heures.' }), minutes: t.exposeInt('minutes', { description: 'Minutes (0 à 59).' }) }),
});

const SecretaryTilesRef = builder.objectRef<NonNullable<ReportHeaders['secretary']>>('SecretaryTiles').implement({
  description: 'Tuiles d’en-tête de la secrétaire.',
  fields: (t) => ({
    retrocessionThisMonth: t.field({ type: 'Decimal', description: 'Rétrocession du mois (constats TE).', resolve: (tiles) => tiles.retrocessionThisMonth }),
    inProgress: t.exposeInt('inProgress', { description: 'Constats en cours (EC et RS).' }),
    all: t.exposeInt('all', { description: 'Tous mes constats.' }),
    inAlert: t.exposeInt('inAlert', { description: 'Constats de la secrétaire en alerte rouge.' }),
    averageDelayHours: t.exposeInt('averageDelayHours', { description: 'Délai moyen de retour, heures arrondies.' }),
  }),
});

const BailiffTilesRef = builder.objectRef<NonNullable<ReportHeaders['bailiff']>>('BailiffTiles').implement({
  description: 'Tuiles d’en-tête de l’huissier.',
  fields: (t) => ({
    inProgressThisMonth: t.exposeInt('inProgressThisMonth', { description: 'Constats en cours déposés ce mois-ci.' }),
    archivedThisMonth: t.exposeInt('archivedThisMonth', { description: 'Constats archivés ce mois-ci.' }),
    invoicesThisMonth: t.exposeInt('invoicesThisMonth', { description: 'Factures de l’étude ce mois-ci.' }),
  }),
});

const ReportHeadersRef = builder.objectRef<ReportHeaders>('ReportHeaders').implement({
  description: 'Les tuiles en tête des listes de constats, pour les filtres donnés.',
  fields: (t) => ({
    totalReports: t.exposeInt('totalReports', { description: 'Nombre de constats avec ces filtres.' }),
    reportsInAlert: t.exposeInt('reportsInAlert', { description: 'Constats en alerte rouge.' }),
    averageDelay: t.field({ description: 'Délai moyen de retour.', type: DelayRef, resolve: (headers) => headers.averageDelay }),
    currentRevenue: t.field({ type: 'Decimal', description: 'CA en cours (mois courant).', resolve: (headers) => headers.currentRevenue }),
    secretary: t.field({ description: 'Tuiles de la secrétaire (null pour les autres rôles).', type: SecretaryTilesRef, nullable: true, resolve: (headers) => headers.secretary }),
    bailiff: t.field({ description: 'Tuiles de l’huissier (null pour les autres rôles).', type: BailiffTilesRef, nullable: true, resolve: (headers) => headers.bailiff }),
  }),
});

builder.queryFields((t) => ({
  reports: t.connection(
    {
      type: ReportNode,
      description: 'Les constats visibles par l’utilisateur connecté (un huissier : les siens ; une secrétaire : ceux qui lui sont attribués ; un administrateur : tous), du plus récent au plus ancien, 10 par page par défaut et 100 au plus.',
      authScopes: { authenticated: true },
      args: {
        filter: t.arg({ description: 'Critères ; absent : tous les constats visibles.', type: ReportFilterInput }),
        offset: t.arg.int({ description: `Ancienne API (get_all?page=) : constats sautés avant la page (0 à ${MAX_REPORTS_OFFSET}), avec first seulement.` }),
      },
      resolve: (_root, args, ctx, info) => {
        return reportConnection(ctx, args, info, reportsSql(ctx.viewer!, toFilter(args.filter)), args.offset);
      },
    },
    { fields: (c) => ({ totalCount: c.int({ description: 'Nombre total de constats avec ces filtres, toutes pages confondues.', resolve: (connection) => connection.totalCount() }) }) },
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
    description: 'Les tuiles d’en-tête des listes de constats.',
    type: ReportHeadersRef,
    authScopes: { authenticated: true },
    args: { filter: t.arg({ description: 'Les mêmes critères que la liste.', type: ReportFilterInput }) },
    resolve: (_root, args, ctx) => reportHeaders(ctx, toFilter(args.filter)),
  }),
}));

// --- Mutations --------------------------------------------------------------------------------

export const ReportPayload = builder.objectRef<{ reportId: number; message: string }>('ReportPayload').implement({
  description: 'Résultat d’une action sur un constat.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Message de succès à afficher.' }),
    report: t.field({
      description: 'Le constat, relu après l’action.',
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
    description: 'Dépose un nouveau constat avec ses éléments (huissier, ou administrateur pour un huissier).',
    type: ReportPayload,
    authScopes: { $any: { admin: true, bailiff: true } },
    args: {
      input: t.arg({
        description: 'Le constat à déposer.',
        required: true,
        type: builder.inputType('CreateReportInput', {
          description: 'Un constat à déposer.',
          fields: (f) => ({
            bailiffId: f.globalID({ for: UserNode, description: 'Obligatoire pour un administrateur.' }),
            name: f.string({ description: 'Nom du constat.', required: true }),
            files: f.field({ description: 'Les éléments déposés (documents, photos, audio).', type: ['Upload'], required: true }),
            comment: f.string({ description: 'Premier message du fil de commentaires (facultatif).' }),
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
    description: 'Attribue un constat à une secrétaire (administrateurs) ; un constat non attribué passe en cours.',
    type: ReportPayload,
    authScopes: { admin: true },
    args: {
      input: t.arg({
        description: 'Le constat et la secrétaire.',
        required: true,
        type: builder.inputType('AssignSecretaryInput', {
          description: 'Attribution d’un constat.',
          fields: (f) => ({ reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }), secretaryId: f.globalID({ description: 'La secrétaire.', for: UserNode, required: true }) }),
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
    description: 'Ajoute des éléments déposés ou retournés à un constat.',
    type: ReportPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        description: 'Le constat et les fichiers.',
        required: true,
        type: builder.inputType('AddReportFilesInput', {
          description: 'Fichiers à ajouter à un constat.',
          fields: (f) => ({
            reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }),
            kind: f.field({ description: 'Déposés ou retournés.', type: ReportFileKindEnum, required: true }),
            files: f.field({ description: 'Les fichiers.', type: ['Upload'], required: true }),
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
    description: 'Retire des fichiers d’un constat.',
    type: ReportPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        description: 'Le constat et les fichiers.',
        required: true,
        type: builder.inputType('RemoveReportFilesInput', {
          description: 'Fichiers à retirer d’un constat.',
          fields: (f) => ({ reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }), fileIds: f.idList({ description: 'Identifiants des fichiers (ReportFile.id).', required: true }) }),
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
    description: 'Comptes provisoires de pages et de photos saisis par la secrétaire ; un constat en cours passe en rétrocédé.',
    type: ReportPayload,
    authScopes: { $any: { admin: true, secretary: true } },
    args: {
      input: t.arg({
        description: 'Le constat et ses comptes.',
        required: true,
        type: builder.inputType('SetRetrocessionInput', {
          description: 'Comptes provisoires d’un constat retourné.',
          fields: (f) => ({
            reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }),
            countPagesProvisional: f.int({ description: 'Pages comptées.', required: true }),
            countPhotosProvisional: f.int({ description: 'Photos comptées.', required: true }),
            comment: f.string({ description: 'Commentaire de la secrétaire.' }),
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
    description: 'Fixe les comptes de rétrocession et de facturation d’un constat (administrateurs).',
    type: ReportPayload,
    authScopes: { admin: true },
    args: {
      input: t.arg({
        description: 'Le constat et ses comptes.',
        required: true,
        type: builder.inputType('SetBillingInput', {
          description: 'Comptes définitifs d’un constat.',
          fields: (f) => ({
            reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }),
            countPagesRetrocession: f.int({ description: 'Pages payées à la secrétaire.', required: true }),
            countPhotosRetrocession: f.int({ description: 'Photos payées à la secrétaire.', required: true }),
            countPagesBilling: f.int({ description: 'Pages facturées à l’étude.', required: true }),
            countPhotosBilling: f.int({ description: 'Photos facturées à l’étude.', required: true }),
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
    description: 'Archive un constat terminé.',
    type: ReportPayload,
    authScopes: { $any: { admin: true, bailiff: true } },
    args: { input: t.arg({ description: 'Le constat.', required: true, type: reportRefInput('ArchiveReportInput') }) },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.archiveReport(ctx, reportId);
      return { reportId, message: messages.archived };
    },
  }),
  unarchiveReport: t.field({
    description: 'Désarchive un constat (administrateurs).',
    type: ReportPayload,
    authScopes: { admin: true },
    args: { input: t.arg({ description: 'Le constat.', required: true, type: reportRefInput('UnarchiveReportInput') }) },
    resolve: async (_root, { input }, ctx) => {
      const reportId = reportIdOf(input.reportId);
      await reports.unarchiveReport(ctx, reportId);
      return { reportId, message: messages.updated };
    },
  }),
  addReportComment: t.field({
    description: 'Ajoute un message au fil de commentaires d’un constat.',
    type: ReportPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        description: 'Le constat et le message.',
        required: true,
        type: builder.inputType('AddReportCommentInput', {
          description: 'Un message pour un constat.',
          fields: (f) => ({
            reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }),
            body: f.string({ description: 'Texte du message.', required: true }),
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
    description: 'Marque des messages d’un constat comme lus par l’utilisateur connecté.',
    type: ReportPayload,
    authScopes: { authenticated: true },
    args: {
      input: t.arg({
        description: 'Le constat (et les messages).',
        required: true,
        type: builder.inputType('MarkReportCommentsReadInput', {
          description: 'Messages d’un constat à marquer comme lus.',
          fields: (f) => ({
            reportId: f.globalID({ description: 'Le constat.', for: ReportNode, required: true }),
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
  return builder.inputType(name, {
    description: 'Le constat visé.',
    fields: (f) => ({ reportId: f.globalID({ for: ReportNode, required: true, description: 'Le constat.' }) }),
  });
}

// --- Subscription -----------------------------------------------------------------------------

const ReportChangedRef = builder.objectRef<{ reportId: number }>('ReportChanged').implement({
  description: 'Un constat visible (ou qui vient de cesser de l’être) a changé.',
  fields: (t) => ({
    reportId: t.id({ description: 'Identifiant global du constat modifié.', resolve: (event) => encodeGlobalID('Report', event.reportId) }),
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
    description: 'Constats visibles par l’utilisateur connecté créés ou modifiés, en direct.',
    authScopes: { authenticated: true },
    subscribe: (_root, _args, ctx) => ctx.pubsub.subscribe('reportChanged', ctx.viewer!.id),
    resolve: (event) => event,
  }),
);
