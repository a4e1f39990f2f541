/**
 * How deeply JSON sent by a client (GraphQL variables, REST bodies) may nest. The deepest input
 * the API accepts is a few levels (a filter holding a list); recursive walkers (the NUL check, the
 * cost walk, graphql-js's coercion, JSON.stringify) overflow the stack near 10,000 levels, which a
 * 2 MB body reaches with `[[[[…`.
 */
export const MAX_JSON_DEPTH = 32;

export const jsonTooDeepMessage = `Données trop imbriquées (${MAX_JSON_DEPTH} niveaux au plus).`;

/**
 * True when arrays and plain objects in `value` nest deeper than `maxDepth` (a scalar is depth 0,
 * `[]` and `{}` depth 1). Walked with its own stack, so a value of any depth is measured without
 * recursion, and left as soon as the limit is passed.
 */
export function nestsDeeperThan(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    const children = Array.isArray(item) ? item : isPlainObject(item) ? Object.values(item) : null;
    if (!children) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of children) if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
