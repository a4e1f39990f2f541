import type { ExecutionResult } from 'graphql';
import type { ServerContext } from '../http/request.js';
import type { GraphQLServer } from './yoga.js';

export interface Operation {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/**
 * Executes an operation in process through Yoga's envelop pipeline: the same context (session from
 * the caller's Authorization header), limits, validation and error masking as /graphql. Used by
 * the REST shims and by multipart uploads, whose variables hold streaming files.
 */
export async function executeOperation(
  yoga: GraphQLServer,
  request: Request,
  serverContext: ServerContext,
  operation: Operation,
): Promise<ExecutionResult> {
  // Seen by Yoga as a POST to /graphql (a legacy GET such as /admin/logout may run a mutation),
  // carrying the caller's headers, hence its session.
  const graphqlRequest = new Request('http://internal/graphql', { method: 'POST', headers: request.headers });
  const enveloped = yoga.getEnveloped({ ...serverContext, request: graphqlRequest, params: operation } as never);
  let document;
  try {
    document = enveloped.parse(operation.query);
  } catch (error) {
    return { errors: [error as never] };
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
