// An event published on the pub/sub reaches every subscription of its topic as one object (in
// process, or as parsed once from Redis). A subscriber's resolver reads what the event names
// through this cache, keyed by that object, so the reads of one event are shared by all the
// subscriptions asking the same (same viewer, same selection): one statement per event, not one
// per open subscription. The cache goes with the event once every subscriber has had it.
const loads = new WeakMap<object, Map<string, Promise<unknown>>>();

/** `load()` once per `event` and `key`; every later caller with both gets the same promise. */
export function loadOncePerEvent<T>(event: object, key: string, load: () => Promise<T>): Promise<T> {
  let byKey = loads.get(event);
  if (!byKey) loads.set(event, (byKey = new Map<string, Promise<unknown>>()));
  let loaded = byKey.get(key) as Promise<T> | undefined;
  if (!loaded) byKey.set(key, (loaded = load()));
  return loaded;
}
