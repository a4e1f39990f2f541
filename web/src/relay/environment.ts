import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type FetchFunction,
  type GraphQLResponse,
  type SubscribeFunction,
} from 'relay-runtime';
import type { Client } from 'graphql-ws';
import { ApiError, type GraphQLErrorPayload } from './ApiError';
import { readAuthToken } from './authToken';
import { dataIdOf } from './dataId';
import { actionFingerprint, createIdempotencyKeys, IDEMPOTENT_OPERATIONS } from './idempotency';
import { buildMultipartForm, sendMultipart, type UploadProgress } from './multipart';
import { createQueriesInFlight, type QueriesInFlight } from './queriesInFlight';

const endpoint = '/graphql';

// graphql-ws closes a socket whose session is not (or no longer) valid with this code.
const FORBIDDEN_CLOSE_CODE = 4403;

/**
 * `cacheConfig.metadata` keys a mutation may pass to the network layer (see `commit`): upload
 * progress goes back to the screen, which cancels by disposing the mutation.
 */
export interface NetworkMetadata {
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface RelayEnvironmentOptions {
  /**
   * The server no longer accepts the stored token (expired, revoked, account disabled): the
   * session provider signs the user out.
   */
  onSessionExpired?: () => void;
}

interface Live {
  client: Client | null;
  reconnectListeners: Set<() => void>;
  disposed: boolean;
  queriesInFlight: QueriesInFlight;
}

// Per-environment state that Relay's Environment has no room for: its graphql-ws client, who
// wants to know when that client reconnected (events may have been missed meanwhile), and the
// queries in flight (see `afterQueriesInFlight`).
const liveState = new WeakMap<Environment, Live>();

function authorizationHeader(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

type ResponseBody = { data?: unknown; errors?: GraphQLErrorPayload[] };

function toResult(body: ResponseBody, sentToken: string | null, options: RelayEnvironmentOptions): GraphQLResponse {
  // Any error fails the whole operation: screens get one ApiError to branch on instead of
  // partial data they would have to second-guess.
  if (body.errors?.length) {
    const error = ApiError.fromGraphQLErrors(body.errors);
    if (error.code === 'UNAUTHENTICATED' && sentToken) options.onSessionExpired?.();
    throw error;
  }
  return body as GraphQLResponse;
}

function parseBody(text: string): ResponseBody {
  try {
    return JSON.parse(text) as ResponseBody;
  } catch {
    throw new ApiError('NETWORK_ERROR', 'GraphQL answer is not JSON');
  }
}

function createFetch(options: RelayEnvironmentOptions, queriesInFlight: QueriesInFlight): FetchFunction {
  const idempotencyKeys = createIdempotencyKeys();
  return (operation, variables, cacheConfig, uploadables) =>
    Observable.create<GraphQLResponse>((sink) => {
      const token = readAuthToken();
      // A creation carries its action's key, the same on a retry of an unanswered try (idempotency.ts).
      const fingerprint = IDEMPOTENT_OPERATIONS.has(operation.name) ? actionFingerprint(operation.name, variables, uploadables) : null;
      const idempotency: Record<string, string> = fingerprint ? { 'Idempotency-Key': idempotencyKeys.keyFor(fingerprint) } : {};
      const controller = new AbortController();
      const request: { query: string; variables: Record<string, unknown>; operationName: string } = {
        query: operation.text ?? '',
        variables,
        operationName: operation.name,
      };
      const metadata = (cacheConfig.metadata ?? {}) as NetworkMetadata;

      const answer: Promise<string> = uploadables
        ? sendMultipart({
            url: endpoint,
            headers: { Accept: 'application/json', ...authorizationHeader(token), ...idempotency },
            body: buildMultipartForm(request, uploadables),
            onProgress: metadata.onUploadProgress,
            signal: controller.signal,
          }).then((response) => response.text)
        : fetch(endpoint, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Accept: 'application/graphql-response+json, application/json',
              ...authorizationHeader(token),
              ...idempotency,
            },
            body: JSON.stringify(request),
            signal: controller.signal,
          }).then((response) => response.text());
      if (operation.operationKind === 'query') queriesInFlight.track(answer);

      answer
        .then((text) => {
          const result = toResult(parseBody(text), token, options);
          // Created: a next try is a new action. After a failure, whether the server stored the
          // creation or not (a 500, a proxy's 502), the retry keeps the key and cannot double it.
          if (fingerprint) idempotencyKeys.settle(fingerprint);
          sink.next(result);
          sink.complete();
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          sink.error(error instanceof ApiError ? error : new ApiError('NETWORK_ERROR', String(error)));
        });

      // Disposing the request (an upload's 'Annuler', a screen left early) aborts it.
      return () => controller.abort();
    });
}

/** The graphql-ws address of this origin (the app's subscriptions, GraphiQL's). */
export function webSocketUrl(): string {
  const url = new URL(endpoint, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

function createSubscribe(environment: () => Environment, options: RelayEnvironmentOptions): SubscribeFunction {
  // graphql-ws is loaded with the first subscription, i.e. once signed in: the login page
  // does not pay for it.
  let client: Promise<Client> | null = null;
  const getClient = (): Promise<Client> => {
    client ??= import('graphql-ws').then(({ createClient }) => {
      const live = liveState.get(environment())!;
      const created = createClient({
        url: webSocketUrl(),
        // The socket opens with the first subscription and closes after the last one.
        lazy: true,
        // Read on every (re)connection, so it always carries the current token.
        connectionParams: () => {
          const token = readAuthToken();
          return token ? { authorization: `Bearer ${token}` } : {};
        },
        // A server restart or a network cut must not end live updates for good; a refused
        // session must not be retried.
        retryAttempts: Number.POSITIVE_INFINITY,
        shouldRetry: (event) => !(typeof event === 'object' && event !== null && 'code' in event && event.code === FORBIDDEN_CLOSE_CODE),
        on: {
          connected: (_socket, _payload, wasRetry) => {
            if (wasRetry) for (const listener of live.reconnectListeners) listener();
          },
          closed: (event) => {
            const code = (event as { code?: number } | undefined)?.code;
            if (code === FORBIDDEN_CLOSE_CODE && !live.disposed) options.onSessionExpired?.();
          },
        },
      });
      if (live.disposed) void created.dispose();
      else live.client = created;
      return created;
    });
    return client;
  };

  return (operation, variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      let cleanup: (() => void) | null = null;
      let cancelled = false;
      getClient().then(
        (ws) => {
          if (cancelled) return;
          cleanup = ws.subscribe<Record<string, unknown>>(
            { query: operation.text ?? '', variables, operationName: operation.name },
            {
              next: (value) => {
                if (value.errors?.length) {
                  sink.error(ApiError.fromGraphQLErrors(value.errors));
                  return;
                }
                sink.next(value as GraphQLResponse);
              },
              error: (error: unknown) => {
                if (Array.isArray(error)) sink.error(ApiError.fromGraphQLErrors(error as GraphQLErrorPayload[]));
                else sink.error(new ApiError('NETWORK_ERROR', 'Live updates connection closed'));
              },
              complete: () => sink.complete(),
            },
          );
        },
        () => sink.error(new ApiError('NETWORK_ERROR', 'graphql-ws could not be loaded')),
      );
      return () => {
        cancelled = true;
        cleanup?.();
      };
    });
}

/**
 * One environment per session: HTTP queries and mutations (JSON, or a multipart request with
 * upload progress when a mutation has `uploadables`) and graphql-ws subscriptions on the same
 * `/graphql` path, all authenticated with the stored bearer token. A fresh environment (and so an
 * empty store) per session: nothing fetched for one user may be shown to the next one signing in
 * from the same tab.
 */
export function createRelayEnvironment(options: RelayEnvironmentOptions = {}): Environment {
  const queriesInFlight = createQueriesInFlight();
  const environment: Environment = new Environment({
    // The subscribe function reads the environment on the first subscription, once it exists.
    network: Network.create(
      createFetch(options, queriesInFlight),
      createSubscribe(() => environment, options),
    ),
    store: new Store(new RecordSource()),
    getDataID: dataIdOf,
  });
  liveState.set(environment, { client: null, reconnectListeners: new Set(), disposed: false, queriesInFlight });
  return environment;
}

/** Closes the environment's live-updates socket (sign-out, impersonation). */
export function disposeRelayEnvironment(environment: Environment): void {
  const live = liveState.get(environment);
  if (!live) return;
  live.disposed = true;
  live.reconnectListeners.clear();
  void live.client?.dispose();
  live.client = null;
}

/**
 * Calls `listener` each time the live-updates socket reconnects after a cut: events sent while
 * it was down are lost, so lists kept live by subscriptions refetch.
 */
export function onLiveReconnect(environment: Environment, listener: () => void): () => void {
  const live = liveState.get(environment);
  if (!live) return () => {};
  live.reconnectListeners.add(listener);
  return () => live.reconnectListeners.delete(listener);
}

/** Resolves once every query the environment has in flight now has been answered (queriesInFlight.ts). */
export async function afterQueriesInFlight(environment: Environment): Promise<void> {
  await liveState.get(environment)?.queriesInFlight.settled();
}
