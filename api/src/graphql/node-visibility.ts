import { isObjectType, type GraphQLResolveInfo } from 'graphql';
import type { AppContext } from '../context.js';
import { visibilityRule } from './type-visibility.js';

/**
 * `node(id:)` and `nodes(ids:)` answer null, without an error, for a node the viewer may not see,
 * exactly as for one that does not exist: an error would tell an outsider which ids are real.
 * The node type's own `visibleTo` decides (type-visibility.ts), so every node type is covered by
 * the rule it already declares.
 */
export async function visibleNode(node: unknown, typename: string, ctx: AppContext, info: GraphQLResolveInfo): Promise<unknown> {
  if (node == null) return null;
  const type = info.schema.getType(typename);
  const rule = isObjectType(type) ? visibilityRule(type) : undefined;
  if (!rule) return node;
  return (await rule(node as never, ctx)) ? node : null;
}
