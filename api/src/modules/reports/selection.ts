// What a list's query reads of its constats: a page builds only that (read-model/rows.ts
// RowContent), so a list that shows no files or comments never queries them.
import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { RowContent } from './read-model/rows.js';

// The Report fields that read the row's files, and those that read its comments. A new field
// reading either belongs here (tests/api/lists-query-count.test.ts checks the statements).
const FILE_FIELDS = new Set(['deposited', 'returned', 'detectionCheck']);
const COMMENT_FIELDS = new Set(['comments', 'unreadCommentCount', 'unreadCommentIds']);

/** The fields of `set` (fragments and inline fragments flattened). */
function fields(info: GraphQLResolveInfo, set: SelectionSetNode | undefined): FieldNode[] {
  if (!set) return [];
  return set.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection];
    if (selection.kind === Kind.INLINE_FRAGMENT) return fields(info, selection.selectionSet);
    return fields(info, info.fragments[selection.name.value]?.selectionSet);
  });
}

/** What the connection being resolved reads on its nodes (edges { node } and nodes). */
export function connectionContent(info: GraphQLResolveInfo): RowContent {
  const connection = info.fieldNodes.flatMap((node) => fields(info, node.selectionSet));
  const nodes = [
    ...connection
      .filter((field) => field.name.value === 'edges')
      .flatMap((edges) => fields(info, edges.selectionSet).filter((field) => field.name.value === 'node')),
    ...connection.filter((field) => field.name.value === 'nodes'),
  ].flatMap((node) => fields(info, node.selectionSet).map((field) => field.name.value));
  return { files: nodes.some((name) => FILE_FIELDS.has(name)), comments: nodes.some((name) => COMMENT_FIELDS.has(name)) };
}
