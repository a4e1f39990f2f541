import { useEffect, useState, useTransition } from 'react';
import type { DataTablePagination } from './DataTable';

/** product.md §9: page sizes 10 to 60, 10 by default. */
export const ROWS_PER_PAGE = [10, 20, 30, 40, 50, 60] as const;
/** product.md §9: bailiff lists and bills, 10 to 50. */
export const ROWS_PER_PAGE_BAILIFF = [10, 20, 30, 40, 50] as const;

interface Connection<Node> {
  edges: readonly { readonly node: Node }[];
  totalCount: number;
}

interface Paginator {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number) => unknown;
}

/**
 * Pages of a Relay connection (`usePaginationFragment` + `@connection`) for a DataTable: the
 * table shows page N of the rows loaded so far, and reaching a page not loaded yet fetches just
 * what it lacks with `loadNext`. `reload` starts again from page 1 with other variables (a search,
 * another year): the rows stay on screen, the table marked loading, until the new ones arrive.
 */
export function useConnectionPages<Node>(
  connection: Connection<Node>,
  paginator: Paginator,
  options: { rowsPerPageOptions?: readonly number[]; defaultRowsPerPage?: number } = {},
): {
  rows: Node[];
  loading: boolean;
  pagination: DataTablePagination;
  resetPage: () => void;
  /** `refetch` is the fragment's refetch with the page size it is given (`count`). */
  reload: (refetch: (count: number) => void) => void;
} {
  const rowsPerPageOptions = options.rowsPerPageOptions ?? ROWS_PER_PAGE;
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(options.defaultRowsPerPage ?? rowsPerPageOptions[0]);
  const [reloading, startReload] = useTransition();
  const { edges, totalCount } = connection;
  const { hasNext, isLoadingNext, loadNext } = paginator;

  const start = page * rowsPerPage;
  const needed = Math.min(totalCount, start + rowsPerPage);
  const missing = needed - edges.length;
  useEffect(() => {
    if (missing > 0 && hasNext && !isLoadingNext) loadNext(missing);
  }, [missing, hasNext, isLoadingNext, loadNext]);

  // A list that shrank (a search, an item gone) must not leave us past its end.
  const lastPage = Math.max(0, Math.ceil(totalCount / rowsPerPage) - 1);
  const shownPage = Math.min(page, lastPage);

  return {
    rows: edges.slice(shownPage * rowsPerPage, (shownPage + 1) * rowsPerPage).map((edge) => edge.node),
    loading: isLoadingNext || reloading,
    resetPage: () => setPage(0),
    reload: (refetch) =>
      startReload(() => {
        setPage(0);
        refetch(rowsPerPage);
      }),
    pagination: {
      page: shownPage,
      rowsPerPage,
      rowsPerPageOptions,
      total: totalCount,
      onPageChange: setPage,
      onRowsPerPageChange: (next) => {
        setRowsPerPage(next);
        setPage(0);
      },
    },
  };
}
