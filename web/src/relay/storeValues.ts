// Reading scalar fields of the Relay store in updaters. `@types/relay-runtime` types
// `RecordProxy<{}>.getValue(name)` through its generic overload, whose `{}[name]` resolves to an
// unchecked type; read through `ReadOnlyRecordProxy` the value is `unknown`, narrowed here.
import type { ReadOnlyRecordProxy, RecordProxy } from 'relay-runtime';

/** A field's value as the store holds it, to be narrowed by the caller. */
export function readValue(record: ReadOnlyRecordProxy, name: string): unknown {
  return record.getValue(name);
}

/** Adds `delta` to a count field (a connection's totalCount, the unread count), never below 0; a count not loaded yet stays so. */
export function addToCount(record: RecordProxy, name: string, delta: number): void {
  const count = readValue(record, name);
  if (typeof count === 'number') record.setValue(Math.max(0, count + delta), name);
}
