// GET /api/v1/statistics/get?month=&year= (product.md §7): `data.data` is the list of the period's reports
// with their counts and prices (product.md §3 "Statistics item"); the chart series come along.
import { collectConnection, legacyFailure } from '../../http/legacy.js';
import { graphql } from '../../http/graphql-documents.js';
import { json } from '../../http/request.js';
import type { RestContext, Route } from '../../http/rest.js';
import { parisYearMonth } from '../../lib/periods.js';

const STATISTICS = graphql(`
  query LegacyStatistics($year: Int!, $month: Int) {
    statistics(year: $year, month: $month) {
      year
      month
      reportCount
      secretariesTotal
      bailiffsTotal
      series {
        id
        data {
          x
          y
          amount
        }
      }
    }
  }
`);

const STATISTICS_ITEMS = graphql(`
  query LegacyStatisticsItems($year: Int!, $month: Int, $first: Int, $after: String) {
    statistics(year: $year, month: $month) {
      items(first: $first, after: $after) {
        edges {
          node {
            reportDatabaseId
            createdAt
            countPagesRetrocession
            countPhotosRetrocession
            countPagesBilling
            countPhotosBilling
            secretaryPricePage
            secretaryPricePhoto
            groupPricePage
            groupPricePhoto
            secretaryAmount
            bailiffAmount
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

/** An integer query value, or undefined when absent or not a whole number. */
function integer(value: string | null): number | undefined {
  if (value === null || value.trim() === '' || !/^-?\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

async function getStatistics(ctx: RestContext): Promise<Response> {
  const params = ctx.url.searchParams;
  // month=-1 (or none) is the whole year; the current Paris year when none is given.
  const period = { year: integer(params.get('year')) ?? parisYearMonth(new Date()).year, month: integer(params.get('month')) ?? null };
  const result = await ctx.graphql(STATISTICS, period);
  if (!result.ok) return legacyFailure(result.error);
  // The legacy answer holds every constat of the period: read page after page, none left out.
  const items = await collectConnection(ctx, STATISTICS_ITEMS, period, (data) => data.statistics.items, {
    maxItems: Number.POSITIVE_INFINITY,
  });
  if (!items.ok) return legacyFailure(items.error);
  const stats = result.data.statistics;
  return json({
    data: {
      data: items.data.map((item) => ({
        id: item.reportDatabaseId,
        createdAt: item.createdAt,
        created_at: item.createdAt,
        count_pages_retrocession: item.countPagesRetrocession,
        count_photos_retrocession: item.countPhotosRetrocession,
        count_pages_billing: item.countPagesBilling,
        count_photos_billing: item.countPhotosBilling,
        secretary_price_page: item.secretaryPricePage,
        secretary_price_photo: item.secretaryPricePhoto,
        group_price_page: item.groupPricePage,
        group_price_photo: item.groupPricePhoto,
        secretary_amount: item.secretaryAmount,
        bailiff_amount: item.bailiffAmount,
      })),
      series: stats.series,
      totals: { reports: stats.reportCount, secretaries: stats.secretariesTotal, bailiffs: stats.bailiffsTotal },
      year: stats.year,
      month: stats.month ?? -1,
    },
  });
}

export const statisticsRoutes: Route[] = [{ method: 'GET', path: '/api/v1/statistics/get', handler: getStatistics }];
