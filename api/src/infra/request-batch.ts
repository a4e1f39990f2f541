// The API's one per-request batching mechanism: loads asked for within one tick of the same
// request (the resolvers of a list's rows, the payloads of a document) share ONE call of `load`,
// so a page costs the same statements for 2 rows and for 100. With `memo`, a key's result is also
// kept for the rest of the request (values that cannot change within it: the viewer's étude, a
// count already read off another statement); without, every tick loads afresh, so a mutation's
// payload reads the row as the mutation left it.
import { createContextCache } from '@pothos/core';

interface Pending<K, V> {
  keys: K[];
  values: Promise<V[]>;
}

export interface RequestBatch<Ctx extends object, K, V> {
  (ctx: Ctx, key: K): Promise<V>;
  /** Makes `value` the result of `key` for the rest of the request (`memo` loaders only). */
  prime(ctx: Ctx, key: K, value: Promise<V>): void;
}

export function requestBatch<Ctx extends object, K, V>(
  load: (ctx: Ctx, keys: K[]) => Promise<V[]>,
  options: { memo?: boolean; keyOf?: (key: K) => string } = {},
): RequestBatch<Ctx, K, V> {
  const keyOf = options.keyOf ?? ((key: K) => String(key));
  const state = createContextCache((_ctx: Ctx) => ({ pending: null as Pending<K, V> | null, known: new Map<string, Promise<V>>() }));
  const batch = (ctx: Ctx, key: K): Promise<V> => {
    const request = state(ctx);
    const known = options.memo ? request.known.get(keyOf(key)) : undefined;
    if (known) return known;
    if (!request.pending) {
      const keys: K[] = [];
      // The keys of this tick are collected first, then loaded together.
      const values = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        request.pending = null;
        return load(ctx, keys);
      });
      request.pending = { keys, values };
    }
    const { keys, values } = request.pending;
    const index = keys.push(key) - 1;
    const value = values.then((loaded) => loaded[index]);
    if (options.memo) request.known.set(keyOf(key), value);
    return value;
  };
  return Object.assign(batch, {
    prime: (ctx: Ctx, key: K, value: Promise<V>) => {
      state(ctx).known.set(keyOf(key), value);
    },
  });
}
