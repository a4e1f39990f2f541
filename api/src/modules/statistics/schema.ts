import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { itemAmounts, SERIES_LABELS, type Point } from './rules.js';
import * as statistics from './service.js';

const ChartPointRef = builder.objectRef<Point>('ChartPoint').implement({
  description: 'Un point de courbe : jour du mois ou mois de l’année, et le montant HT.',
  fields: (t) => ({
    x: t.exposeString('x', { description: 'Jour (« 1 » … « 31 ») ou mois (« janv. » … « déc. »).' }),
    y: t.float({
      description: 'Montant en euros pour le graphique (affichage seulement ; montant exact dans amount).',
      resolve: (point) => Number(point.amount.toFixed(2)),
    }),
    amount: t.field({ description: 'Montant HT exact, en euros.', type: 'Decimal', resolve: (point) => point.amount }),
  }),
});

const ChartSerieRef = builder.objectRef<{ id: string; data: Point[] }>('ChartSerie').implement({
  description: 'Une courbe au format de nivo (ResponsiveLine) : { id, data: [{ x, y }] }.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Nom de la courbe (« Secrétaires » ou « Huissiers »).' }),
    data: t.field({ description: 'Les points, dans l’ordre de l’axe.', type: [ChartPointRef], resolve: (serie) => serie.data }),
  }),
});

type Item = statistics.StatisticsResult['items'][number];

const StatisticsItemRef = builder.objectRef<Item>('StatisticsItem').implement({
  description: 'Un constat de la période : date de création, comptes et tarifs (ceux figés sur le constat, sinon les tarifs en vigueur).',
  fields: (t) => ({
    reportId: t.id({ description: 'Identifiant global du constat.', resolve: (item) => encodeGlobalID('Report', item.id) }),
    reportDatabaseId: t.exposeInt('id', { description: 'Identifiant numérique du constat.' }),
    createdAt: t.field({ description: 'Date de création du constat.', type: 'DateTime', resolve: (item) => item.createdAt }),
    countPagesRetrocession: t.exposeInt('countPagesRetrocession', { description: 'Pages rétrocession (payées à la secrétaire).' }),
    countPhotosRetrocession: t.exposeInt('countPhotosRetrocession', { description: 'Photos rétrocession.' }),
    countPagesBilling: t.exposeInt('countPagesBilling', { description: 'Pages facturées à l’étude.' }),
    countPhotosBilling: t.exposeInt('countPhotosBilling', { description: 'Photos facturées à l’étude.' }),
    secretaryPricePage: t.field({
      description: 'Tarif par page de la secrétaire, en euros (null sans secrétaire).',
      type: 'Decimal',
      nullable: true,
      resolve: (item) => item.secretaryPricePage,
    }),
    secretaryPricePhoto: t.field({
      description: 'Tarif par photo de la secrétaire, en euros.',
      type: 'Decimal',
      nullable: true,
      resolve: (item) => item.secretaryPricePhoto,
    }),
    groupPricePage: t.field({
      description: 'Tarif par page de l’étude, en euros HT.',
      type: 'Decimal',
      nullable: true,
      resolve: (item) => item.groupPricePage,
    }),
    groupPricePhoto: t.field({
      description: 'Tarif par photo de l’étude, en euros HT.',
      type: 'Decimal',
      nullable: true,
      resolve: (item) => item.groupPricePhoto,
    }),
    secretaryAmount: t.field({
      type: 'Decimal',
      description: 'Comptes rétrocession × tarifs secrétaire.',
      resolve: (item) => itemAmounts(item).secretaries,
    }),
    bailiffAmount: t.field({
      type: 'Decimal',
      description: 'Comptes facturation × tarifs de l’étude.',
      resolve: (item) => itemAmounts(item).bailiffs,
    }),
  }),
});

const DetectionAgreementRef = builder.objectRef<statistics.StatisticsResult['detection']>('DetectionAgreement').implement({
  description: 'Part des constats facturés dont les comptes appliqués égalent le comptage automatique.',
  fields: (t) => ({
    compared: t.exposeInt('compared', { description: 'Constats facturés dont chaque élément retourné est compté.' }),
    agreeing: t.exposeInt('agreeing', { description: 'Parmi eux, ceux facturés avec exactement les pages et photos détectées.' }),
    rate: t.exposeFloat('rate', { nullable: true, description: 'agreeing / compared, entre 0 et 1 ; null sans constat comparable.' }),
  }),
});

const StatisticsRef = builder.objectRef<statistics.StatisticsResult>('Statistics').implement({
  description: 'L’écran « Statistiques » d’un mois ou d’une année.',
  fields: (t) => ({
    year: t.exposeInt('year', { description: 'Année.' }),
    month: t.exposeInt('month', { nullable: true, description: 'null : toute l’année.' }),
    series: t.field({
      type: [ChartSerieRef],
      description: 'Deux courbes : secrétaires (rétrocession) et huissiers (facturation).',
      resolve: (stats) => [
        { id: SERIES_LABELS.secretaries, data: stats.secretaries },
        { id: SERIES_LABELS.bailiffs, data: stats.bailiffs },
      ],
    }),
    reportCount: t.int({ description: 'Nombre de constats de la période.', resolve: (stats) => stats.totals.reports }),
    secretariesTotal: t.field({
      description: 'Total HT rétrocédé aux secrétaires, en euros.',
      type: 'Decimal',
      resolve: (stats) => stats.totals.secretaries,
    }),
    bailiffsTotal: t.field({
      description: 'Total HT facturé aux études, en euros.',
      type: 'Decimal',
      resolve: (stats) => stats.totals.bailiffs,
    }),
    items: t.field({
      description: 'Les constats de la période, avec leurs comptes et tarifs.',
      type: [StatisticsItemRef],
      resolve: (stats) => stats.items,
    }),
    detectionAgreement: t.field({
      type: DetectionAgreementRef,
      description: 'Constats facturés dont les comptes sont ceux du comptage automatique des éléments retournés.',
      resolve: (stats) => stats.detection,
    }),
  }),
});

builder.queryFields((t) => ({
  statistics: t.field({
    type: StatisticsRef,
    description: 'Statistiques d’un mois (par jour) ou d’une année (par mois, month absent ou -1), années depuis 2000.',
    authScopes: { admin: true },
    args: {
      year: t.arg.int({ description: 'Année (2000 ou après).', required: true }),
      month: t.arg.int({ description: 'Mois 1 à 12 ; absent ou -1 : toute l’année, par mois.' }),
    },
    resolve: (_root, args, ctx) => statistics.statistics(ctx, args.year, args.month),
  }),
}));
