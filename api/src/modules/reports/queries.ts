// The reports lists (admin, bailiff, secretary screens, legacy REST) and their header cards, read
// through the read model (read-model/): a page and its totalCount from the same filter.
import { resolveCursorConnection, type DefaultConnectionArguments } from '@pothos/plugin-relay';
import type { GraphQLResolveInfo } from 'graphql';
import {
  REPORTS_VIEWS,
  reportsViewCriteria,
  reportsViewMessage,
  reportsViewName,
  reportsViews,
  type ReportsView,
} from '@constats/domain/reports-views';
import { builder } from '../../graphql/builder.js';
import type { PageSize } from '../../graphql/page-sizes.js';
import { validationError } from '../../errors.js';
import { allChoices, CHOICES_TAKE } from '../../lib/choices.js';
import { databaseId } from '../../graphql/ids.js';
import { GroupNode } from '../groups/schema.js';
import { UserNode } from '../accounts/schema.js';
import type { AppContext } from '../../context.js';
import { reportHeaders, type ReportHeaders } from './headers.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { assignedBailiffIds, countReports, countSql, listCountSql } from './read-model/count.js';
import { reportsSql, type ReportFilter, type ReportsWhere } from './read-model/filters.js';
import { NEWEST_FIRST, REPORT_ORDER_FIELDS, reportCursor, type ReportOrder } from './read-model/order.js';
import { loadReportPage, type ReportRow } from './read-model/rows.js';
import { MAX_REPORTS_OFFSET, messages } from './rules.js';
import { ReportNode, ReportStatusEnum } from './schema.js';
import { connectionContent } from './selection.js';

// --- Report lists -----------------------------------------------------------------------------

/** Every list of constats: 10 rows by default, 100 at most. */
export const REPORT_PAGES: PageSize = { defaultSize: 10, maxSize: 100 };

/**
 * A connection of the reports a list's filter (read-model/filters.ts) finds, in `order` (newest
 * first by default); its total counted from the same filter, only when asked, by `count`
 * (read-model/count.ts: the reports lists give the filter's rollup count; any other `where` is
 * counted as such). `offset` (legacy page numbers) skips rows before a forward page.
 */
export async function reportConnection(
  ctx: AppContext,
  args: DefaultConnectionArguments,
  info: GraphQLResolveInfo,
  where: ReportsWhere,
  {
    offset = null,
    count = countSql(where),
    order = NEWEST_FIRST,
  }: { offset?: number | null; count?: Prisma.Sql; order?: ReportOrder } = {},
) {
  // One direction per page, as plugin-prisma's connections required: the helper would drop a cursor.
  if ((args.before && args.after) || (args.before && args.first != null) || (args.after && args.last != null)) {
    throw validationError({ cursor: 'Pagination invalide.' }, 'Pagination invalide : first/after ou last/before.');
  }
  if (offset != null && (offset < 0 || offset > MAX_REPORTS_OFFSET || args.after || args.before || args.last != null)) {
    throw validationError({ offset: messages.offsetInvalid }, messages.offsetInvalid);
  }
  const connection = await resolveCursorConnection<Promise<ReportRow[]>>({ args, ...REPORT_PAGES, toCursor: reportCursor(order) }, (page) =>
    loadReportPage(ctx, where, page, offset ?? 0, connectionContent(info), order),
  );
  return { ...connection, totalCount: () => countReports(ctx, count) };
}

// --- Queries ----------------------------------------------------------------------------------

const viewDescriptions: Record<ReportsView, string> = {
  inProgress: 'Administrateur, constats en cours',
  done: 'Administrateur, constats terminés',
  archived: 'Administrateur, constats archivés',
  secretaryInProgress: 'Secrétaire, constats en cours',
  secretaryAll: 'Secrétaire, tous ses constats',
  bailiffInProgress: 'Huissier, constats en cours',
  bailiffArchived: 'Huissier, constats archivés (son historique)',
};

/** The lists of the screens (packages/domain/src/reports-views.ts): the server owns their statuses. */
export const ReportsViewEnum = builder.enumType('ReportsView', {
  description: 'Les listes de constats des écrans : chacune fixe les statuts qu’elle charge et ceux que son filtre propose.',
  values: Object.fromEntries(
    REPORTS_VIEWS.map((view) => {
      const rule = reportsViews[view];
      const statuses = (rule.statuses ?? ['tous statuts']).join(', ');
      const archived = rule.archived === null ? '' : rule.archived ? ', archivés' : ', non archivés';
      return [
        reportsViewName(view),
        { value: view, description: `${viewDescriptions[view]} : ${statuses}${archived} ; filtre : ${rule.offered.join(', ')}.` },
      ];
    }),
  ),
});

export const ReportFilterInput = builder.inputType('ReportFilter', {
  description: 'Critères des listes de constats ; tous facultatifs et cumulés.',
  fields: (t) => ({
    view: t.field({
      type: ReportsViewEnum,
      description: 'La liste d’un écran : ses statuts (statuses n’en choisit qu’un parmi ceux qu’elle propose) et son critère archived.',
    }),
    statuses: t.field({ type: [ReportStatusEnum], description: 'Statuts (un huissier : EC, TE, AR ; pour lui, NA et RS valent EC).' }),
    bailiffId: t.globalID({ description: 'Seulement les constats de cet huissier.', for: UserNode }),
    secretaryId: t.globalID({ description: 'Seulement les constats de cette secrétaire.', for: UserNode }),
    year: t.int({ description: 'Année de création (avec month : un mois).' }),
    month: t.int({ description: 'Mois de création, 1 à 12 : seulement avec year (refusé sans).' }),
    search: t.string({ description: 'Recherche sur le nom du constat.' }),
    archived: t.boolean({ description: 'true : archivés seulement ; false : non archivés ; absent : tous. Avec view, celui de la liste.' }),
    awaitingSecretary: t.boolean({
      description:
        'true : seulement les constats qui attendent une secrétaire (aucune attribuée, NA ou EC, non archivés), quel que soit leur âge.',
    }),
    groupId: t.globalID({ description: 'Seulement les constats des huissiers de cette étude.', for: GroupNode }),
    createdFrom: t.field({ type: 'DateTime', description: 'Créés à partir de cet instant (inclus).' }),
    createdBefore: t.field({ type: 'DateTime', description: 'Créés avant cet instant (exclu).' }),
    updatedSince: t.field({
      type: 'DateTime',
      description:
        'Modifiés à partir de cet instant (inclus) : updatedAt avance à chaque changement visible (fichiers, comptes, commentaires, statut, attribution). Pour suivre les changements, repartir de la dernière date lue moins une marge et dédoublonner par id.',
    }),
    returned: t.boolean({ description: 'true : seulement les constats retournés (une date de retour) ; false : seulement les autres.' }),
  }),
});

const ReportOrderFieldEnum = builder.enumType('ReportOrderField', {
  description: 'Le critère de tri des constats.',
  values: {
    CREATED_AT: { description: 'Date de création.' },
    UPDATED_AT: { description: 'Date de dernière modification (updatedAt).' },
    RETURNED_AT: { description: 'Date de retour : seulement les constats retournés.' },
  } satisfies Record<(typeof REPORT_ORDER_FIELDS)[number], { description: string }>,
});

const OrderDirectionEnum = builder.enumType('OrderDirection', {
  description: 'Le sens d’un tri.',
  values: { ASC: { description: 'Croissant (le plus ancien d’abord).' }, DESC: { description: 'Décroissant (le plus récent d’abord).' } },
});

export const ReportOrderInput = builder.inputType('ReportOrder', {
  description:
    'Le tri d’une liste de constats ; l’id départage les égalités et les curseurs gardent leur place même si un constat change entre deux pages.',
  fields: (t) => ({
    field: t.field({ type: ReportOrderFieldEnum, required: true, description: 'Le critère.' }),
    // Nullable with its default: graphql-jit's variable coercion refused the field left out when it was non-null.
    direction: t.field({ type: OrderDirectionEnum, defaultValue: 'DESC', description: 'Le sens ; DESC par défaut.' }),
  }),
});

type FilterArg = typeof ReportFilterInput.$inferInput | null | undefined;

export function toFilter(filter: FilterArg): ReportFilter {
  if (!filter) return {};
  const view = filter.view ? reportsViewCriteria(filter.view, filter.statuses) : null;
  if (filter.view && !view) throw validationError({ statuses: reportsViewMessage }, reportsViewMessage);
  return {
    statuses: view ? view.statuses : filter.statuses,
    bailiffId: filter.bailiffId ? databaseId(filter.bailiffId, 'User') : null,
    secretaryId: filter.secretaryId ? databaseId(filter.secretaryId, 'User') : null,
    year: filter.year,
    month: filter.month,
    search: filter.search,
    archived: view ? view.archived : filter.archived,
    awaitingSecretary: filter.awaitingSecretary,
    groupId: filter.groupId ? databaseId(filter.groupId, 'Group') : null,
    createdFrom: filter.createdFrom,
    createdBefore: filter.createdBefore,
    updatedSince: filter.updatedSince,
    returned: filter.returned,
  };
}

const DelayRef = builder.objectRef<{ hours: number; minutes: number }>('Delay').implement({
  description: 'Une durée en heures et minutes.',
  fields: (t) => ({
    hours: t.exposeInt('hours', { description: 'Heures.' }),
    minutes: t.exposeInt('minutes', { description: 'Minutes (0 à 59).' }),
  }),
});

const SecretaryTilesRef = builder.objectRef<NonNullable<ReportHeaders['secretary']>>('SecretaryTiles').implement({
  description: 'Tuiles d’en-tête de la secrétaire.',
  fields: (t) => ({
    retrocessionThisMonth: t.field({
      type: 'Decimal',
      description: 'Rétrocession du mois (constats TE).',
      resolve: (tiles) => tiles.retrocessionThisMonth,
    }),
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
    secretary: t.field({
      description: 'Tuiles de la secrétaire (null pour les autres rôles).',
      type: SecretaryTilesRef,
      nullable: true,
      resolve: (headers) => headers.secretary,
    }),
    bailiff: t.field({
      description: 'Tuiles de l’huissier (null pour les autres rôles).',
      type: BailiffTilesRef,
      nullable: true,
      resolve: (headers) => headers.bailiff,
    }),
  }),
});

builder.queryFields((t) => ({
  reports: t.connection(
    {
      type: ReportNode,
      extensions: { pageSize: REPORT_PAGES },
      description:
        'Les constats visibles par l’utilisateur connecté (un huissier : les siens ; une secrétaire : ceux qui lui sont attribués ; un administrateur : tous), du plus récent au plus ancien sauf orderBy, 10 par page par défaut et 100 au plus.',
      authScopes: { authenticated: true },
      args: {
        filter: t.arg({ description: 'Critères ; absent : tous les constats visibles.', type: ReportFilterInput }),
        orderBy: t.arg({ description: 'Le tri ; absent : date de création décroissante.', type: ReportOrderInput }),
        offset: t.arg.int({
          description: `Ancienne API (get_all?page=) : constats sautés avant la page (0 à ${MAX_REPORTS_OFFSET}), avec first seulement.`,
        }),
      },
      resolve: (_root, args, ctx, info) => {
        const order: ReportOrder = args.orderBy ? { field: args.orderBy.field, direction: args.orderBy.direction ?? 'DESC' } : NEWEST_FIRST;
        // Sorted by return date, the list holds the returned constats (and counts them) only.
        const filter = { ...toFilter(args.filter), ...(order.field === 'RETURNED_AT' && { returned: true }) };
        if (args.filter?.returned === false && order.field === 'RETURNED_AT')
          throw validationError({ orderBy: messages.returnedOrder }, messages.returnedOrder);
        return reportConnection(ctx, args, info, reportsSql(ctx.viewer!, filter), {
          offset: args.offset,
          count: listCountSql(ctx.viewer!, filter),
          order,
        });
      },
    },
    {
      fields: (c) => ({
        totalCount: c.int({
          description: 'Nombre total de constats avec ces filtres, toutes pages confondues.',
          resolve: (connection) => connection.totalCount(),
        }),
      }),
    },
  ),
  assignedBailiffs: t.prismaField({
    type: [UserNode],
    description: 'Huissiers des constats attribués à la secrétaire connectée, triés par nom (recherche avancée).',
    // Admins list every bailiff with users(role: BAILIFF); a bailiff has only himself.
    authScopes: { secretary: true },
    // A selector's list: all of them, an error past MAX_CHOICES (lib/choices.ts).
    resolve: async (query, _root, _args, ctx) =>
      allChoices(
        await ctx.db.user.findMany({
          ...query,
          where: { role: 'BAILIFF', id: { in: await assignedBailiffIds(ctx, ctx.viewer!.id) } },
          orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
          take: CHOICES_TAKE,
        }),
      ),
  }),
  reportHeaders: t.field({
    description: 'Les tuiles d’en-tête des listes de constats.',
    type: ReportHeadersRef,
    authScopes: { authenticated: true },
    args: { filter: t.arg({ description: 'Les mêmes critères que la liste.', type: ReportFilterInput }) },
    resolve: (_root, args, ctx) => reportHeaders(ctx, toFilter(args.filter)),
  }),
}));
