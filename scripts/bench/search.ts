// The search figure (docs/benchmarks.md): CPU per request (server + PostgreSQL) of the admin's list searched by a
// fragment of a constat's name, the trigram-indexed ILIKE (docs/decisions.md), next to the same
// page without search in the same rounds. At 1,000,000 constats it becomes growth.search_by_name.
import { benchTokens } from './dataset.js';
import { cpuShown, measureCost, type CostFigure, type CostSettings } from './cost.js';
import { graphql } from './process.js';
import type { Row } from './report.js';

/**
 * An address of the dataset's names (« Constat de chantier — 137 quai Saint-Antoine, Nantes »), in
 * another case than stored: a handful of constats in 100,000, as a real search finds.
 */
export const SEARCH_FRAGMENT = '137 QUAI SAINT-ANTOINE, NANTES';
/** The spec's default page. */
const PAGE = 10;

/** The admin's list page as a search fills it (reports list, first page, with its count). */
export const SEARCH_QUERY = `query SearchByName($search: String!, $first: Int!) {
  reports(first: $first, filter: { search: $search }) {
    totalCount
    edges { node { id name status createdAt bailiff { id fullName } secretary { id fullName } } }
  }
}`;

const LIST_QUERY = SEARCH_QUERY.replace('SearchByName($search: String!, $first: Int!)', 'ListPage($first: Int!)').replace('filter: { search: $search }', '');

export interface SearchFigure {
  found: number;
  search: CostFigure;
  list: CostFigure;
}

export async function measureSearchCost(
  url: string,
  settings: CostSettings,
  log: (message: string) => void,
): Promise<SearchFigure> {
  const variables = { search: SEARCH_FRAGMENT, first: PAGE };
  const probe = await graphql<{ reports: { totalCount: number } }>(url, benchTokens.admin, SEARCH_QUERY, variables);
  const found = probe.data?.reports.totalCount ?? 0;
  // A fragment that finds nothing would measure an empty answer: the dataset changed, say so.
  if (found === 0) throw new Error(`la recherche « ${SEARCH_FRAGMENT} » ne trouve aucun constat : ${JSON.stringify(probe.errors ?? [])}`);
  log(`  « ${SEARCH_FRAGMENT} » : ${found} constats`);
  const headers = { authorization: `Bearer ${benchTokens.admin}`, 'content-type': 'application/json' };
  const [search, list] = await measureCost(
    [
      { name: 'search by name', target: { url: `${url}/graphql`, method: 'POST', headers, body: JSON.stringify({ query: SEARCH_QUERY, variables }) } },
      { name: 'same page without search', target: { url: `${url}/graphql`, method: 'POST', headers, body: JSON.stringify({ query: LIST_QUERY, variables: { first: PAGE } }) } },
    ],
    settings,
    log,
  );
  return { found, search, list };
}

export function searchRows({ found, search, list }: SearchFigure): Row[] {
  return [
    { key: 'search.by_name.cpu', figure: `searchByName: « ${SEARCH_FRAGMENT} » (${found} constats, page of ${PAGE}), CPU server + PostgreSQL`, value: search.median.totalMs, display: cpuShown(search), target: '—', pass: null, load1: null },
    { key: 'search.list.cpu', figure: 'Same page without search (same rounds): CPU', value: list.median.totalMs, display: cpuShown(list), target: '—', pass: null, load1: null },
  ];
}
