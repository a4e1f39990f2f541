import { isObjectType, type GraphQLResolveInfo } from 'graphql';
import type { AppContext } from '../context.js';
import { appErrorOf } from './errors.js';

/**
 * `node(id:)` and `nodes(ids:)` answer null, without an error, for a node the viewer may not see,
 * exactly as for one that does not exist: an error would tell an outsider which ids are real.
 * The node's own type scopes decide (scope-auth runs them in the type's isTypeOf), so every node
 * type is covered by the rule it already declares.
 */
export async function visibleNode(node: unknown, typename: string, ctx: AppContext, info: GraphQLResolveInfo): Promise<unknown> {
  if (node == null) return null;
  const type = info.schema.getType(typename);
  if (!isObjectType(type) || !type.isTypeOf) return node;
  try {
    return (await type.isTypeOf(node, ctx, info)) ? node : null;
  } catch (error) {
    const code = appErrorOf(error)?.code;
    if (code === 'FORBIDDEN' || code === 'UNAUTHENTICATED') return null;
    throw error;
  }
}
