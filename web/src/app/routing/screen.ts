import { lazy, type ComponentType } from 'react';
import type { PreloadFetchPolicy, PreloadedQuery, UseQueryLoaderLoadQueryOptions } from 'react-relay/hooks';
import type { ConcreteRequest, OperationType, Variables } from 'relay-runtime';

/** What a screen's page query may depend on: the URL alone. */
export interface ScreenUrl {
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
}

/** The props of a screen whose page query its route started: it reads it with `usePreloadedQuery`. */
export interface ScreenProps<Q extends OperationType> {
  queryRef: PreloadedQuery<Q>;
}

/** A screen's page query as its route starts it: the compiled query and its variables for a URL. */
export interface ScreenQuery<Q extends OperationType> {
  request: ConcreteRequest;
  variables: (url: ScreenUrl) => Q['variables'];
  fetchPolicy?: PreloadFetchPolicy;
}

/** How a route loads a query: the `loadQuery` of Relay's `useQueryLoader`, which disposes what it loaded before. */
export type QueryLoader = (variables: Variables, options: UseQueryLoaderLoadQueryOptions) => void;

/** A dashboard screen: opening it starts its code and its data at once, so on a slow network they arrive together. */
export interface Screen {
  /** The screen's component: lazy, its code fetched by `open` (or on first render). */
  Component: ComponentType<{ queryRef?: PreloadedQuery<OperationType> }>;
  /** The page query the route starts, for screens that have one. */
  query: ScreenQuery<OperationType> | null;
  /** Starts the screen's code and, through `loadQuery`, its page query for `url`. */
  open: (url: ScreenUrl, loadQuery: QueryLoader) => void;
}

/**
 * A screen loaded on demand, each its own chunk. With `query`, opening the route also starts the page
 * query for the URL (Relay's preloaded queries): the component receives it as `queryRef`. A screen whose
 * variables then follow in-page state (a month, a year) is given its opening variables and keeps
 * reading with its own hook: Relay joins the request already running and finds its answer retained.
 */
export function screen(load: () => Promise<ComponentType>): Screen;
export function screen<Q extends OperationType>(load: () => Promise<ComponentType<ScreenProps<Q>>>, query: ScreenQuery<Q>): Screen;
export function screen<Q extends OperationType>(
  load: () => Promise<ComponentType<ScreenProps<Q>> | ComponentType>,
  query?: ScreenQuery<Q>,
): Screen {
  // One download however often the screen opens; the lazy component waits on the same promise.
  let code: Promise<ComponentType<ScreenProps<Q>> | ComponentType> | null = null;
  const loadCode = () => (code ??= load());
  const Component = lazy(() => loadCode().then((component) => ({ default: component })));
  return {
    Component,
    query: (query as ScreenQuery<OperationType> | undefined) ?? null,
    open(url, loadQuery) {
      if (query) loadQuery(query.variables(url), { fetchPolicy: query.fetchPolicy ?? 'store-or-network' });
      // In a task of its own: Relay's store check and the request on one side, the chunk's import and
      // its preload links on the other, each take tens of milliseconds on a slow phone; together they
      // would keep it from answering a tap for as long as both.
      setTimeout(() => {
        loadCode().catch(() => {
          // Rendering the lazy component rethrows the failure, for the route's error boundary.
        });
      });
    },
  };
}
