import type { ExecutionResult, GraphQLError } from 'graphql';
import type { GraphQLServer } from '../graphql/yoga.js';
import { errorStatus, type ErrorCode, type FieldErrors } from '../graphql/errors.js';
import type { ServerContext } from './request.js';

export interface GraphQLFailure {
  code: ErrorCode | 'INTERNAL_SERVER_ERROR';
  status: number;
  message: string;
  fields?: FieldErrors;
}

export type GraphQLOutcome<T> = { ok: true; data: T } | { ok: false; error: GraphQLFailure };

export interface RestContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
  /** The raw Node request, for shims that stream multipart bodies. */
  serverContext: ServerContext;
  /** Runs an operation through the same Yoga pipeline (auth, limits, masking) as /graphql. */
  graphql<T>(query: string, variables?: Record<string, unknown>): Promise<GraphQLOutcome<T>>;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Literal segments and `:name` parameters, e.g. '/admin/recovery/:token'. */
  path: string;
  handler: (ctx: RestContext) => Promise<Response>;
}

/**
 * The REST shims are thin translators: each runs a GraphQL operation and maps its result to the
 * legacy JSON shape, so authorization and validation exist once, in the GraphQL layer.
 */
export function createRestRouter(routes: Route[], yoga: GraphQLServer) {
  const compiled = routes.map((route) => ({ ...route, segments: route.path.split('/').filter(Boolean) }));

  return async function handleRest(request: Request, serverContext: ServerContext): Promise<Response | null> {
    const url = new URL(request.url);
    const segments = url.pathname.split('/').filter(Boolean);
    for (const route of compiled) {
      const params = matchSegments(route.segments, segments);
      if (!params || route.method !== request.method) continue;
      return route.handler({ request, url, params, serverContext, graphql: (query, variables) => runGraphQL(yoga, request, serverContext, query, variables) });
    }
    return null;
  };
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

/**
 * Executes in process through Yoga's envelop pipeline, so the shims get the same context (session
 * from the Authorization header), limits, validation and error masking as /graphql, and can pass
 * file uploads as variables.
 */
async function runGraphQL<T>(
  yoga: GraphQLServer,
  request: Request,
  serverContext: ServerContext,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLOutcome<T>> {
  // Seen by Yoga as a POST to /graphql (a legacy GET such as /admin/logout may run a mutation),
  // carrying the caller's headers, hence its session.
  const graphqlRequest = new Request('http://internal/graphql', { method: 'POST', headers: request.headers });
  const enveloped = yoga.getEnveloped({ ...serverContext, request: graphqlRequest, params: { query, variables } } as never);
  const document = enveloped.parse(query);
  const invalid = enveloped.validate(enveloped.schema, document);
  if (invalid.length > 0) return failure(invalid[0]);
  const result = (await enveloped.execute({
    schema: enveloped.schema,
    document,
    variableValues: variables,
    contextValue: await enveloped.contextFactory(),
  })) as ExecutionResult<T>;
  const first = result.errors?.[0];
  return first ? failure(first) : { ok: true, data: result.data as T };
}

function failure(error: GraphQLError): { ok: false; error: GraphQLFailure } {
  const extensions = error.extensions as { code?: string; fields?: FieldErrors };
  const code = (extensions.code ?? 'INTERNAL_SERVER_ERROR') as GraphQLFailure['code'];
  const status = code in errorStatus ? errorStatus[code as ErrorCode] : code === 'INTERNAL_SERVER_ERROR' ? 500 : 400;
  return { ok: false, error: { code, status, message: error.message, fields: extensions.fields } };
}
