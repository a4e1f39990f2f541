import { builder } from '../../graphql/builder.js';
import { UserNode } from '../accounts/schema.js';
import type { AppContext } from '../../context.js';
import { ReportFileKind, ReportStatus, type Role } from '../../generated/prisma/enums.js';
import {
  billingAmounts,
  billingLine,
  retrocessionAmounts,
  retrocessionLine,
  type CountsAndPrices,
  type LineAmounts,
} from '@constats/domain/line-amounts';
import { toDecimal } from '@constats/domain/money';
import { alertClock, alertLevel, amountsShownTo, awaitingSecretaryShownTo, can, hoursBetween, statusShownTo } from './rules.js';
import { isResizedForWord } from '../../infra/photo-images.js';
import { hasPreview, PHOTO_PREVIEW } from './photo-previews.js';
import { loadReportRows, type ReportCommentRow, type ReportFileRow, type ReportRow } from './read-model/rows.js';

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
export const ReportFileKindEnum = builder.enumType(ReportFileKind, {
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
export const CommentReceiverEnum = builder.enumType('CommentReceiver', {
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

const GpsPositionRef = builder.objectRef<{ latitude: number; longitude: number }>('GpsPosition').implement({
  description: 'Une position GPS (WGS 84).',
  fields: (t) => ({
    latitude: t.exposeFloat('latitude', { description: 'Latitude en degrés décimaux (positive au nord).' }),
    longitude: t.exposeFloat('longitude', { description: 'Longitude en degrés décimaux (positive à l’est).' }),
  }),
});

export const ReportFileRef = builder.objectRef<ReportFileRow>('ReportFile').implement({
  description: 'Un fichier d’un constat.',
  fields: (t) => ({
    id: t.id({ description: 'Identifiant du fichier dans son constat (pour removeReportFiles).', resolve: (file) => String(file.id) }),
    kind: t.field({ description: 'Déposé ou retourné.', type: ReportFileKindEnum, resolve: (file) => file.kind }),
    name: t.exposeString('originalName', { description: 'Nom d’origine.' }),
    size: t.exposeInt('size', { description: 'Taille en octets.' }),
    createdAt: t.field({ description: 'Date d’envoi.', type: 'DateTime', resolve: (file) => file.createdAt }),
    url: t.string({
      description: 'Lien signé et temporaire pour l’afficher.',
      resolve: (file, _args, ctx) => ctx.files.file(file.storageKey, file.originalName),
    }),
    downloadUrl: t.string({
      description: 'Lien signé et temporaire pour le télécharger.',
      resolve: (file, _args, ctx) => ctx.files.file(file.storageKey, file.originalName, { download: true }),
    }),
    previewUrl: t.string({
      nullable: true,
      description:
        'Lien signé et temporaire vers un aperçu réduit (WebP, 320 pixels au plus, redressé) d’une photo déposée ; null pour un autre fichier ou une photo HEIC/HEIF, que le serveur ne sait pas décoder.',
      resolve: (file, _args, ctx) => (hasPreview(file) ? ctx.files.document(PHOTO_PREVIEW, file.id, `${file.originalName}.webp`) : null),
    }),
    takenAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Prise de vue d’une photo déposée, d’après ses données EXIF ; null si elle ne la donne pas ou avant son analyse.',
      resolve: (file) => file.takenAt,
    }),
    duration: t.float({
      nullable: true,
      description:
        'Durée d’une dictée déposée, en secondes ; null pour un autre fichier, avant son analyse ou si son format ne la donne pas.',
      resolve: (file) => file.durationSeconds,
    }),
    position: t.field({
      type: GpsPositionRef,
      nullable: true,
      description: 'Position GPS d’une photo déposée, d’après ses données EXIF ; null si elle ne la donne pas.',
      resolve: (file) =>
        file.latitude === null || file.longitude === null ? null : { latitude: file.latitude, longitude: file.longitude },
    }),
  }),
});

export const FileGroupRef = builder
  .objectRef<{ reportId: number; reportName: string; kind: ReportFileKind; files: ReportFileRow[] }>('ReportFileGroup')
  .implement({
    description: 'Les éléments déposés ou retournés d’un constat.',
    fields: (t) => ({
      count: t.int({ description: 'Nombre de fichiers.', resolve: (group) => group.files.length }),
      dictationSeconds: t.float({
        description: 'Durée totale des dictées dont la durée est connue, en secondes (0 sans dictée).',
        resolve: (group) => group.files.reduce((total, file) => total + (file.durationSeconds ?? 0), 0),
      }),
      totalSize: t.int({
        description: 'Taille totale en octets.',
        resolve: (group) => group.files.reduce((total, file) => total + file.size, 0),
      }),
      files: t.field({ description: 'Les fichiers.', type: [ReportFileRef], resolve: (group) => group.files }),
      archiveUrl: t.string({
        nullable: true,
        description:
          'Lien signé pour tout télécharger en zip, les photos numérotées dans l’ordre du dépôt (« 001 - IMG_1234.jpg ») ; null sans fichier.',
        resolve: (group, _args, ctx) =>
          group.files.length === 0
            ? null
            : ctx.files.archive(
                `report-${group.kind.toLowerCase()}`,
                group.reportId,
                `${group.reportName} - ${group.kind === 'DEPOSITED' ? 'déposés' : 'retournés'}.zip`,
                group.files.map((file) => file.id),
              ),
      }),
      wordArchiveUrl: t.string({
        nullable: true,
        description:
          'Lien signé pour tout télécharger en zip, les photos JPEG redimensionnées pour Word (1 600 pixels au plus, qualité 80, redressées) ; null sans photo JPEG déposée.',
        resolve: (group, _args, ctx) =>
          group.kind === 'DEPOSITED' && group.files.some((file) => isResizedForWord(file.originalName))
            ? ctx.files.archive(
                'report-deposited-word',
                group.reportId,
                `${group.reportName} - photos pour Word.zip`,
                group.files.map((file) => file.id),
              )
            : null,
      }),
    }),
  });

// --- Comments ---------------------------------------------------------------------------------

const CommentRef = builder.objectRef<ReportCommentRow>('ReportComment').implement({
  description: 'Un message du fil de commentaires d’un constat.',
  fields: (t) => ({
    id: t.id({
      description: 'Identifiant du commentaire dans son constat (pour markReportCommentsRead).',
      resolve: (comment) => String(comment.id),
    }),
    body: t.exposeString('body', { description: 'Texte du message.' }),
    createdAt: t.field({ description: 'Date d’envoi.', type: 'DateTime', resolve: (comment) => comment.createdAt }),
    authorName: t.exposeString('authorName', { description: 'Prénom et nom de l’auteur.' }),
    authorDatabaseId: t.exposeInt('authorId', { description: 'Identifiant numérique de l’auteur.' }),
    receiverDatabaseId: t.exposeInt('receiverId', {
      description: 'Identifiant numérique du destinataire choisi par un administrateur (null sinon).',
      nullable: true,
    }),
    authorRole: t.field({ description: 'Rôle de l’auteur.', type: CommentAuthorRoleEnum, resolve: (comment) => comment.authorRole }),
    isMine: t.boolean({
      description: 'Écrit par l’utilisateur connecté.',
      resolve: (comment, _args, ctx) => comment.authorId === ctx.viewer!.id,
    }),
    isRead: t.boolean({
      description: 'Lu par l’utilisateur connecté (toujours vrai pour ses propres messages).',
      resolve: (comment, _args, ctx) => comment.authorId === ctx.viewer!.id || comment.read,
    }),
  }),
});

const unread = (comments: ReportCommentRow[], viewerId: number) =>
  comments.filter((comment) => comment.authorId !== viewerId && !comment.read);

// --- Amounts ----------------------------------------------------------------------------------

type PricedAmounts = LineAmounts & { prices: Pick<CountsAndPrices, 'pricePage' | 'pricePhoto'> };

/**
 * A line's amounts with the tariffs they apply: the expanded row recomputes them as counts are
 * typed. The tariffs become Decimals only when asked for: a list page asks for the total alone.
 */
function priced(formula: (counts: CountsAndPrices) => LineAmounts, counts: CountsAndPrices): PricedAmounts {
  return { ...formula(counts), prices: counts };
}

const AmountsRef = builder.objectRef<PricedAmounts>('LineAmounts').implement({
  description: 'Montants HT d’un constat en euros.',
  fields: (t) => ({
    pages: t.field({ description: 'Montant HT des pages, en euros.', type: 'Decimal', resolve: (amounts) => amounts.pages }),
    photos: t.field({ description: 'Montant HT des photos, en euros.', type: 'Decimal', resolve: (amounts) => amounts.photos }),
    total: t.field({ description: 'Montant HT total, en euros.', type: 'Decimal', resolve: (amounts) => amounts.total }),
    pricePage: t.field({
      type: 'Decimal',
      description: 'Tarif par page appliqué (celui du constat, sinon celui en vigueur).',
      resolve: (amounts) => toDecimal(amounts.prices.pricePage),
    }),
    pricePhoto: t.field({
      type: 'Decimal',
      description: 'Tarif par photo appliqué (celui du constat, sinon celui en vigueur).',
      resolve: (amounts) => toDecimal(amounts.prices.pricePhoto),
    }),
  }),
});

// --- Report -----------------------------------------------------------------------------------

// Lists and their cards: queries.ts; actions and live updates: mutations.ts.

// Resolved from plain rows (read-model/rows.ts), not by plugin-prisma: the hot path of every screen, see
// docs/decisions.md. Its people are User nodes built from the row's own columns.
export const ReportNode = builder.node(builder.objectRef<ReportRow>('Report'), {
  description: 'Un constat : les éléments déposés par un huissier, tapés par une secrétaire, comptés, facturés et archivés.',
  id: { resolve: (report) => report.id },
  loadMany: (ids, ctx) => loadReportRows(ctx, ids.map(Number)),
  // Who may see it is the read model's visibility (read-model/visibility.ts), read on the row.
  visibleTo: (report) => report.visible,
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
    createdAt: t.expose('createdAt', {
      description: 'Date de dépôt (création) ; un constat compte pour le mois de sa création.',
      type: 'DateTime',
    }),
    updatedAt: t.expose('updatedAt', { description: 'Date de dernière modification.', type: 'DateTime' }),
    lastStatusChange: t.expose('lastStatusChange', {
      description: 'Date du dernier changement de statut (départ du délai et de l’alerte).',
      type: 'DateTime',
    }),
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
    secretary: t.field({
      description: 'La secrétaire attribuée (null tant que le constat n’est pas attribué).',
      type: UserNode,
      nullable: true,
      resolve: (report) => report.secretary,
    }),
    deposited: t.field({
      description: 'Les éléments déposés par l’huissier.',
      type: FileGroupRef,
      resolve: (report) => ({
        reportId: report.id,
        reportName: report.name,
        kind: 'DEPOSITED' as const,
        files: report.files.filter((file) => file.kind === 'DEPOSITED'),
      }),
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
    countPagesProvisional: t.exposeInt('countPagesProvisional', {
      description: 'Pages comptées par la secrétaire au retour (provisoire).',
    }),
    countPhotosProvisional: t.exposeInt('countPhotosProvisional', {
      description: 'Photos comptées par la secrétaire au retour (provisoire).',
    }),
    countPagesRetrocession: t.exposeInt('countPagesRetrocession', {
      description: 'Pages retenues pour la rétrocession (payées à la secrétaire), fixées par un administrateur.',
    }),
    countPhotosRetrocession: t.exposeInt('countPhotosRetrocession', { description: 'Photos retenues pour la rétrocession.' }),
    countPagesBilling: t.exposeInt('countPagesBilling', { description: 'Pages facturées à l’étude, fixées par un administrateur.' }),
    countPhotosBilling: t.exposeInt('countPhotosBilling', { description: 'Photos facturées à l’étude.' }),
    awaitingSecretary: t.boolean({
      description:
        'Nouveau dépôt qui attend une secrétaire (aucune attribuée, NA ou EC, non archivé) : « Non attribué » pour l’administrateur ; toujours false pour un huissier, qui le voit en cours.',
      resolve: (report, _args, ctx) => awaitingSecretaryShownTo(viewerRole(ctx), report),
    }),
    retrocessionComment: t.exposeString('retrocessionComment', { description: 'Commentaire de la secrétaire au retour.', nullable: true }),
    // The row's effective tariffs (read-model/tariffs.ts).
    retrocessionAmounts: t.field({
      type: AmountsRef,
      nullable: true,
      description: 'Rétrocession : comptes rétrocession × tarifs de la secrétaire (docs/product.md §9) ; null pour un huissier.',
      resolve: (report, _args, ctx) =>
        !amountsShownTo(viewerRole(ctx)).retrocession ? null : priced(retrocessionAmounts, retrocessionLine(report)),
    }),
    billingAmounts: t.field({
      type: AmountsRef,
      nullable: true,
      description: 'Facturation : comptes facturés × tarifs de l’étude (docs/product.md §9) ; null pour une secrétaire.',
      resolve: (report, _args, ctx) => (!amountsShownTo(viewerRole(ctx)).billing ? null : priced(billingAmounts, billingLine(report))),
    }),
    comments: t.field({
      type: [CommentRef],
      description: 'Commentaires visibles par l’utilisateur, du plus ancien au plus récent.',
      args: {
        audience: t.arg({
          description: 'Seulement les messages échangés avec l’huissier ou la secrétaire (administrateurs) ; ALL par défaut.',
          type: CommentAudienceEnum,
          defaultValue: 'ALL',
        }),
      },
      resolve: (report, args) => {
        if (args.audience === 'ALL') return report.comments;
        const party = args.audience === 'BAILIFF' ? report.bailiffId : report.secretaryId;
        return report.comments.filter((comment) => comment.authorId === party || comment.receiverId === party);
      },
    }),
    unreadCommentCount: t.int({
      description: 'Nombre de messages non lus par l’utilisateur connecté.',
      resolve: (report, _args, ctx) => unread(report.comments, ctx.viewer!.id).length,
    }),
    unreadCommentIds: t.idList({
      description: 'Identifiants des messages non lus par l’utilisateur connecté.',
      resolve: (report, _args, ctx) => unread(report.comments, ctx.viewer!.id).map((comment) => String(comment.id)),
    }),
    viewerCan: t.field({
      type: ReportPermissionsRef,
      description: 'Actions permises à l’utilisateur connecté (pour griser les boutons).',
      resolve: (report) => report,
    }),
  }),
});

const ReportPermissionsRef = builder.objectRef<{
  bailiffId: number;
  secretaryId: number | null;
  status: ReportStatus;
  isArchived: boolean;
  invoiced: boolean;
}>('ReportPermissions');
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
