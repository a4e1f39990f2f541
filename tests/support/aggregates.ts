// reportAggregates checked against the lists (issue 17): every group rebuilt from the `reports`
// connection itself, its amounts computed by the money rules in TypeScript.
import type { ReportCounts } from '@constats/domain/line-amounts';
import { Decimal } from '@constats/domain/money';
import { parisYearMonth } from '../../api/src/lib/periods.js';
import { gql } from './http.js';

export interface ListRow extends ReportCounts {
  databaseId: number;
  createdAt: string;
  status: string;
  bailiff: { databaseId: number; groupName: string | null };
  secretary: { databaseId: number } | null;
  retrocessionAmounts: { total: string } | null;
  billingAmounts: { total: string } | null;
}

const LIST = `query($filter: ReportFilter, $after: String) {
  reports(filter: $filter, first: 100, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges { node {
      databaseId createdAt status bailiff { databaseId groupName } secretary { databaseId }
      countPagesProvisional countPhotosProvisional countPagesRetrocession countPhotosRetrocession countPagesBilling countPhotosBilling
      retrocessionAmounts { total } billingAmounts { total }
    } }
  }
}`;

/** Every row of a list, page by page over the connection. */
export async function wholeList(url: string, token: string, filter: Record<string, unknown> | null = null): Promise<ListRow[]> {
  const rows: ListRow[] = [];
  let after: string | null = null;
  for (;;) {
    const result: { data?: any; errors?: any[] } = await gql(url, LIST, { filter, after }, token);
    expect(result.errors).toBeUndefined();
    rows.push(...result.data!.reports.edges.map((edge: any) => edge.node));
    if (!result.data!.reports.pageInfo.hasNextPage) return rows;
    after = result.data!.reports.pageInfo.endCursor;
  }
}

export const AGGREGATES = `query($filter: ReportFilter, $groupBy: [ReportAggregateDimension!]!) {
  reportAggregates(filter: $filter, groupBy: $groupBy) {
    year month bailiff { databaseId } secretary { databaseId } groupName status
    reports pagesProvisional photosProvisional pagesRetrocession photosRetrocession pagesBilling photosBilling
    billingAmountHT retrocessionAmountHT
  }
}`;

export type Dimension = 'MONTH' | 'YEAR' | 'BAILIFF' | 'SECRETARY' | 'GROUP' | 'STATUS';

function keyOf(row: ListRow, dimensions: Dimension[]): string {
  const { year, month } = parisYearMonth(new Date(row.createdAt));
  return JSON.stringify({
    year: dimensions.includes('MONTH') || dimensions.includes('YEAR') ? year : null,
    month: dimensions.includes('MONTH') ? month : null,
    bailiff: dimensions.includes('BAILIFF') ? row.bailiff.databaseId : null,
    secretary: dimensions.includes('SECRETARY') ? (row.secretary?.databaseId ?? null) : null,
    groupName: dimensions.includes('GROUP') ? row.bailiff.groupName : null,
    status: dimensions.includes('STATUS') ? row.status : null,
  });
}

/** The groups as the list's rows add up. */
export function expected(rows: ListRow[], dimensions: Dimension[]) {
  const groups = new Map<string, any>();
  for (const row of rows) {
    const key = keyOf(row, dimensions);
    const group = groups.get(key) ?? {
      reports: 0,
      pagesProvisional: 0,
      photosProvisional: 0,
      pagesRetrocession: 0,
      photosRetrocession: 0,
      pagesBilling: 0,
      photosBilling: 0,
      billing: row.billingAmounts ? new Decimal(0) : null,
      retrocession: row.retrocessionAmounts ? new Decimal(0) : null,
    };
    group.reports += 1;
    group.pagesProvisional += row.countPagesProvisional;
    group.photosProvisional += row.countPhotosProvisional;
    group.pagesRetrocession += row.countPagesRetrocession;
    group.photosRetrocession += row.countPhotosRetrocession;
    group.pagesBilling += row.countPagesBilling;
    group.photosBilling += row.countPhotosBilling;
    if (row.billingAmounts) group.billing = group.billing.plus(row.billingAmounts.total);
    if (row.retrocessionAmounts) group.retrocession = group.retrocession.plus(row.retrocessionAmounts.total);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(([key, group]) => ({
      key,
      ...group,
      billing: group.billing?.toFixed(2) ?? null,
      retrocession: group.retrocession?.toFixed(2) ?? null,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

export async function aggregates(url: string, token: string, groupBy: Dimension[], filter: Record<string, unknown> | null = null) {
  const result: { data?: any; errors?: any[] } = await gql(url, AGGREGATES, { filter, groupBy }, token);
  expect(result.errors).toBeUndefined();
  return result.data!.reportAggregates.map((row: any) => ({
    key: JSON.stringify({
      year: row.year,
      month: row.month,
      bailiff: row.bailiff?.databaseId ?? null,
      secretary: row.secretary?.databaseId ?? null,
      groupName: row.groupName,
      status: row.status,
    }),
    reports: row.reports,
    pagesProvisional: row.pagesProvisional,
    photosProvisional: row.photosProvisional,
    pagesRetrocession: row.pagesRetrocession,
    photosRetrocession: row.photosRetrocession,
    pagesBilling: row.pagesBilling,
    photosBilling: row.photosBilling,
    billing: row.billingAmountHT === null ? null : new Decimal(row.billingAmountHT).toFixed(2),
    retrocession: row.retrocessionAmountHT === null ? null : new Decimal(row.retrocessionAmountHT).toFixed(2),
  }));
}

export const GROUPINGS: Dimension[][] = [
  [],
  ['MONTH'],
  ['YEAR'],
  ['BAILIFF'],
  ['SECRETARY'],
  ['GROUP'],
  ['STATUS'],
  ['YEAR', 'STATUS', 'BAILIFF'],
  ['MONTH', 'SECRETARY', 'GROUP'],
];
