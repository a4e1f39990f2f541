import { encodeGlobalID, resolveCursorConnection } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import type { PageSize } from '../../graphql/page-sizes.js';
import { STATISTICS_DEFINITIONS } from '@constats/domain/line-amounts';
import { itemAmounts, SERIES_LABELS, type Point, type Statistics } from './rules.js';
import * as statistics from './service.js';
import type { Agreement } from '../counting/rules.js';

/** A period's constats, 100 at a time (the legacy REST call reads them all, page after page). */
const ITEM_PAGES: PageSize = { defaultSize: 100, maxSize: 100 };

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

const StatisticsItemRef = builder.objectRef<statistics.StatisticsItemRow>('StatisticsItem').implement({
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
      description: STATISTICS_DEFINITIONS.secretaries,
      resolve: (item) => itemAmounts(item).secretaries,
    }),
    bailiffAmount: t.field({
      type: 'Decimal',
      description: STATISTICS_DEFINITIONS.bailiffs,
      resolve: (item) => itemAmounts(item).bailiffs,
    }),
  }),
});

const DetectionAgreementRef = builder.objectRef<Agreement>('DetectionAgreement').implement({
  description: 'Part des constats facturés dont les comptes appliqués égalent le comptage automatique.',
  fields: (t) => ({
    compared: t.exposeInt('compared', { description: 'Constats facturés dont chaque élément retourné est compté.' }),
    agreeing: t.exposeInt('agreeing', { description: 'Parmi eux, ceux facturés avec exactement les pages et photos détectées.' }),
    rate: t.exposeFloat('rate', { nullable: true, description: 'agreeing / compared, entre 0 et 1 ; null sans constat comparable.' }),
  }),
});

/** The period, and its figures read once for every field that shows them. */
interface StatisticsParent extends statistics.StatisticsPeriod {
  figures: () => Promise<Statistics>;
}

const StatisticsRef = builder.objectRef<StatisticsParent>('Statistics').implement({
  description: 'L’écran « Statistiques » d’un mois ou d’une année.',
  fields: (t) => ({
    year: t.exposeInt('year', { description: 'Année.' }),
    month: t.exposeInt('month', { nullable: true, description: 'null : toute l’année.' }),
    series: t.field({
      type: [ChartSerieRef],
      description: 'Deux courbes : secrétaires (rétrocession) et huissiers (facturation).',
      resolve: async (stats) => {
        const figures = await stats.figures();
        return [
          { id: SERIES_LABELS.secretaries, data: figures.secretaries },
          { id: SERIES_LABELS.bailiffs, data: figures.bailiffs },
        ];
      },
    }),
    reportCount: t.int({
      description: 'Nombre de constats de la période.',
      resolve: async (stats) => (await stats.figures()).totals.reports,
    }),
    secretariesTotal: t.field({
      description: `Total HT, en euros. ${STATISTICS_DEFINITIONS.secretaries}`,
      type: 'Decimal',
      resolve: async (stats) => (await stats.figures()).totals.secretaries,
    }),
    bailiffsTotal: t.field({
      description: `Total HT, en euros. ${STATISTICS_DEFINITIONS.bailiffs}`,
      type: 'Decimal',
      resolve: async (stats) => (await stats.figures()).totals.bailiffs,
    }),
    // A year may hold 100,000s of constats: a page at a time, in creation order (REST reads them all).
    items: t.connection({
      description: 'Les constats de la période, avec leurs comptes et tarifs, du plus ancien au plus récent ; 100 par page.',
      type: StatisticsItemRef,
      extensions: { pageSize: ITEM_PAGES },
      resolve: (stats, args, ctx) =>
        resolveCursorConnection<Promise<statistics.StatisticsItemRow[]>>(
          { args, ...ITEM_PAGES, toCursor: statistics.statisticsItemCursor },
          (page) => statistics.statisticsItems(ctx, stats, page),
        ),
    }),
    detectionAgreement: t.field({
      type: DetectionAgreementRef,
      description: 'Constats facturés dont les comptes sont ceux du comptage automatique des éléments retournés.',
      resolve: (stats, _args, ctx) => statistics.statisticsAgreement(ctx, stats),
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
    resolve: (_root, args, ctx) => {
      const period = statistics.statisticsPeriod(ctx, args.year, args.month);
      let figures: Promise<Statistics> | undefined;
      return { ...period, figures: () => (figures ??= statistics.statisticsFigures(ctx, period)) };
    },
  }),
}));
