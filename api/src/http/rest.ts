import type { GraphQLError } from 'graphql';
import { errorStatus, type ErrorCode, type FieldErrors } from '../errors.js';
import type { Viewer } from '../context.js';
import { viewerOfRequest } from './caller.js';
import { DATABASE_UNAVAILABLE_REASON, databaseUnavailable } from '../infra/db-unavailable.js';
import { sourceOf, type CheckedDocument } from './graphql-documents.js';
import { BodyError, json, type RunOperation, type ServerContext } from './request.js';

export interface GraphQLFailure {
  /** An ErrorCode, INTERNAL_SERVER_ERROR, or the code another GraphQL error carries. */
  code: string;
  status: number;
  message: string;
  fields?: FieldErrors;
  /** HTTP headers the error asks for (Retry-After of a 429). */
  headers?: Record<string, string>;
}

export type GraphQLOutcome<T> = { ok: true; data: T } | { ok: false; error: GraphQLFailure };

/** A document's variables as arguments: optional when it requires none. */
export type VariablesArgument<Variables> = object extends Variables ? [variables?: Variables] : [variables: Variables];

export interface RestContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
  /** The raw Node request, for shims that stream multipart bodies. */
  serverContext: ServerContext;
  /** The caller, authenticated from the headers before any body byte is read (null: anonymous). */
  viewer: Viewer | null;
  /**
   * Runs an operation through the same Yoga pipeline (auth, limits, masking) as /graphql. Its
   * document is typed from the schema (http/graphql-documents.ts): its data and variables are too.
   */
  graphql<Result, Variables>(
    document: CheckedDocument<Result, Variables>,
    ...variables: VariablesArgument<Variables>
  ): Promise<GraphQLOutcome<Result>>;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Literal segments and `:name` parameters, e.g. '/admin/recovery/:token'. */
  path: string;
  handler: (ctx: RestContext) => Promise<Response>;
  /**
   * Callable without a session (sign-in, registration, password recovery). Every other route's
   * body is read only once the caller's session is known: an anonymous body gets 401 unread.
   */
  anonymous?: boolean;
  /**
   * Readable with a personal API token (a GET, whose handler checks the token's scopes and spends
   * its budget as apiTokens/guard.ts does for /graphql); app.ts refuses a token on any other route.
   */
  apiToken?: boolean;
}

/**
 * The REST shims are thin translators: each runs a GraphQL operation and maps its result to the
 * legacy JSON shape, so authorization and validation exist once, in the GraphQL layer.
 */
export function createRestRouter(routes: Route[], run: RunOperation) {
  const compiled = routes.map((route) => ({ ...route, segments: route.path.split('/').filter(Boolean) }));

  /** Whether a route of this method and path takes an API token (asked from the headers, before any lookup). */
  const acceptsApiToken = (method: string, pathname: string) => {
    const segments = pathname.split('/').filter(Boolean);
    return compiled.some((route) => route.apiToken && route.method === method && matchSegments(route.segments, segments) !== null);
  };

  async function handleRest(request: Request, context: ServerContext): Promise<Response | null> {
    const url = new URL(request.url);
    const segments = url.pathname.split('/').filter(Boolean);
    for (const route of compiled) {
      const params = matchSegments(route.segments, segments);
      if (!params || route.method !== request.method) continue;
      // The caller was authenticated by app.ts from the headers: an anonymous body is refused unread.
      const viewer = viewerOfRequest(context);
      if (route.method !== 'GET' && !viewer && !route.anonymous) return refuseBody(new BodyError('Veuillez vous connecter.', 401));
      try {
        return await route.handler({
          request,
          url,
          params,
          serverContext: context,
          viewer,
          graphql: (document, ...variables) => runGraphQL(run, request, context, sourceOf(document), variables[0]),
        });
      } catch (error) {
        if (error instanceof BodyError) return refuseBody(error);
        throw error;
      }
    }
    return null;
  }
  return Object.assign(handleRest, { acceptsApiToken });
}

/**
 * A body refused unread (or read only in part): the connection is closed after the answer, so
 * neither the rest of the body is read nor the next request waits behind it.
 */
export function refuseBody(error: BodyError): Response {
  return json({ code: error.status, message: error.message }, error.status, { connection: 'close' });
}

/** False for a malformed percent-encoding ('/%', '/%E0%A4%A'), which decodeURIComponent throws on. */
export function decodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(':')) params[pattern[i].slice(1)] = decodeURIComponent(actual[i]);
    else if (pattern[i] !== actual[i]) return null;
  }
  return params;
}

async function runGraphQL<Result>(
  run: RunOperation,
  request: Request,
  serverContext: ServerContext,
  query: string,
  variables: unknown,
): Promise<GraphQLOutcome<Result>> {
  const result = await run(
    request,
    { ...serverContext, serverAuthored: true },
    {
      query,
      variables: (variables ?? {}) as Record<string, unknown>,
    },
  );
  const first = result.errors?.[0];
  // Every shim answers the database's absence alike (app.ts), whatever it makes of other failures.
  if (first?.extensions?.reason === DATABASE_UNAVAILABLE_REASON) throw databaseUnavailable();
  // The document was checked against the schema when the shim was compiled: its data has its type.
  return first ? failure(first) : { ok: true, data: result.data as Result };
}

function failure(error: GraphQLError): { ok: false; error: GraphQLFailure } {
  // graphql-jit's variable errors carry no extensions at all.
  const extensions = (error.extensions ?? {}) as { code?: string; fields?: FieldErrors; http?: { headers?: Record<string, string> } };
  // Without a code it is a GraphQL validation or variable error: the caller's request is at fault.
  const code = extensions.code ?? 'BAD_USER_INPUT';
  const status = code in errorStatus ? errorStatus[code as ErrorCode] : code === 'INTERNAL_SERVER_ERROR' ? 500 : 400;
  return { ok: false, error: { code, status, message: error.message, fields: extensions.fields, headers: extensions.http?.headers } };
}
