import { builder } from '../../graphql/builder.js';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { UserNode } from '../accounts/schema.js';
import { ReportFilterInput, toFilter } from '../reports/queries.js';
import { ReportStatusEnum } from '../reports/schema.js';
import { AGGREGATE_DIMENSIONS, AGGREGATE_ROWS_DEFAULT, AGGREGATE_ROWS_MAX, type AggregateDimension } from './rules.js';
import { reportAggregates, type ReportAggregate } from './service.js';

const dimensionDescriptions: Record<AggregateDimension, string> = {
  MONTH: 'Par mois (heure de Paris, date de création) : renseigne year et month.',
  YEAR: 'Par année (heure de Paris, date de création) : renseigne year.',
  BAILIFF: 'Par huissier : renseigne bailiff.',
  SECRETARY: 'Par secrétaire attribuée (null : non attribué) : renseigne secretary.',
  GROUP: 'Par étude actuelle de l’huissier (null : sans étude) : renseigne groupId et groupName.',
  STATUS: 'Par statut tel que l’utilisateur le voit (un huissier voit NA et RS comme EC) : renseigne status.',
};

const ReportAggregateDimensionEnum = builder.enumType('ReportAggregateDimension', {
  description: 'Dimension de regroupement des agrégats de constats.',
  values: Object.fromEntries(
    AGGREGATE_DIMENSIONS.map((dimension) => [dimension, { description: dimensionDescriptions[dimension] }]),
  ) as Record<AggregateDimension, { description: string }>,
});

const ReportAggregateRef = builder.objectRef<ReportAggregate>('ReportAggregate').implement({
  description:
    'Un groupe de constats : ses clés (null pour une dimension non demandée) et ses totaux. Les montants HT suivent les formules de docs/product.md §9, tarifs figés sur le constat sinon tarifs en vigueur, arrondis au centime par constat.',
  fields: (t) => ({
    year: t.exposeInt('year', { nullable: true, description: 'Année (avec MONTH ou YEAR).' }),
    month: t.exposeInt('month', { nullable: true, description: 'Mois 1 à 12 (avec MONTH).' }),
    bailiff: t.field({ type: UserNode, nullable: true, description: 'Huissier (avec BAILIFF).', resolve: (row) => row.bailiff }),
    secretary: t.field({
      type: UserNode,
      nullable: true,
      description: 'Secrétaire attribuée (avec SECRETARY ; null : non attribué).',
      resolve: (row) => row.secretary,
    }),
    groupId: t.id({
      nullable: true,
      description: 'Identifiant global de l’étude (avec GROUP ; null : huissier sans étude).',
      resolve: (row) => (row.groupId === null ? null : encodeGlobalID('Group', row.groupId)),
    }),
    groupName: t.exposeString('groupName', { nullable: true, description: 'Nom de l’étude (avec GROUP).' }),
    status: t.field({ type: ReportStatusEnum, nullable: true, description: 'Statut (avec STATUS).', resolve: (row) => row.status }),
    reports: t.exposeInt('reports', { description: 'Nombre de constats.' }),
    pagesProvisional: t.exposeInt('pagesProvisional', { description: 'Pages provisoires (saisies par la secrétaire).' }),
    photosProvisional: t.exposeInt('photosProvisional', { description: 'Photos provisoires.' }),
    pagesRetrocession: t.exposeInt('pagesRetrocession', { description: 'Pages de rétrocession (validées par l’administrateur).' }),
    photosRetrocession: t.exposeInt('photosRetrocession', { description: 'Photos de rétrocession.' }),
    pagesBilling: t.exposeInt('pagesBilling', { description: 'Pages facturées à l’étude.' }),
    photosBilling: t.exposeInt('photosBilling', { description: 'Photos facturées à l’étude.' }),
    billingAmountHT: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'Montant HT de facturation (euros) ; null pour une secrétaire.',
      resolve: (row) => row.billingAmountHT,
    }),
    retrocessionAmountHT: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'Montant HT de rétrocession (euros) ; null pour un huissier.',
      resolve: (row) => row.retrocessionAmountHT,
    }),
  }),
});

builder.queryFields((t) => ({
  reportAggregates: t.field({
    type: [ReportAggregateRef],
    description:
      'Agrégats des constats visibles (administrateur : tous ; huissier : les siens ; secrétaire : les siens), avec les filtres des listes, regroupés par les dimensions demandées (aucune : un seul total). Une seule requête SQL.',
    authScopes: { authenticated: true },
    args: {
      filter: t.arg({ type: ReportFilterInput, description: 'Les filtres des listes de constats.' }),
      groupBy: t.arg({
        type: [ReportAggregateDimensionEnum],
        required: true,
        defaultValue: [],
        description: 'Dimensions de regroupement, chacune une fois au plus ; l’ordre des lignes suit les clés.',
      }),
      maxRows: t.arg.int({
        required: true,
        defaultValue: AGGREGATE_ROWS_DEFAULT,
        description: `Lignes au plus (1 à ${AGGREGATE_ROWS_MAX}) : au-delà, une erreur TOO_MANY_ROWS, jamais une liste tronquée. Le coût de la requête compte ces lignes.`,
      }),
    },
    resolve: (_root, args, ctx) => reportAggregates(ctx, toFilter(args.filter), args.groupBy, args.maxRows),
  }),
}));
