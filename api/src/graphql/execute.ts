import type { DocumentNode, ExecutionArgs, ExecutionResult, GraphQLError, GraphQLSchema } from 'graphql';
import type { OperationResult } from 'graphql-ws';
import type { YogaServerInstance } from 'graphql-yoga';
import type { AppContext } from '../context.js';
import type { Operation, ServerContext } from '../http/request.js';

/** The Yoga server app.ts builds (server/yoga.ts): the pipeline every operation runs through. */
export type GraphQLServer = YogaServerInstance<ServerContext, AppContext>;

/** Yoga's envelop pipeline for one request, with graphql-js's types on its functions. */
export interface Enveloped {
  schema: GraphQLSchema;
  parse: (source: string) => DocumentNode;
  validate: (schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[];
  contextFactory: () => AppContext | Promise<AppContext>;
  execute: (args: ExecutionArgs) => OperationResult;
  subscribe: (args: ExecutionArgs) => OperationResult;
}

/**
 * Envelop types its pipeline with `any` to stay independent of graphql-js's version; Yoga's is
 * graphql-js's own, so the functions it returns have graphql-js's signatures.
 */
export function envelopedFor(yoga: GraphQLServer, initialContext: ServerContext & { request?: Request; params: unknown }): Enveloped {
  return yoga.getEnveloped(initialContext as never);
}

/**
 * Executes an operation in process through Yoga's envelop pipeline: the same context (the viewer
 * app.ts authenticated, in `serverContext`), limits, validation and error masking as /graphql. Used by
 * the REST shims and by multipart uploads, whose variables hold streaming files.
 */
export async function executeOperation(
  yoga: GraphQLServer,
  request: Request,
  serverContext: ServerContext,
  operation: Operation,
): Promise<ExecutionResult> {
  // Seen by Yoga as a POST to /graphql (a legacy GET such as /admin/logout may run a mutation),
  // carrying the caller's headers (Idempotency-Key, User-Agent).
  const graphqlRequest = new Request('http://internal/graphql', { method: 'POST', headers: request.headers });
  const enveloped = envelopedFor(yoga, { ...serverContext, request: graphqlRequest, params: operation });
  let document: DocumentNode;
  try {
    document = enveloped.parse(operation.query);
  } catch (error) {
    // graphql-js's parser throws a GraphQLError (a syntax error) for a malformed query.
    return { errors: [error as GraphQLError] };
  }
  const invalid = enveloped.validate(enveloped.schema, document);
  if (invalid.length > 0) return { errors: invalid };
  return (await enveloped.execute({
    schema: enveloped.schema,
    document,
    operationName: operation.operationName,
    variableValues: operation.variables,
    contextValue: await enveloped.contextFactory(),
  })) as ExecutionResult;
}
