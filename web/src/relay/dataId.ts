/**
 * Relay keys every record by its `id`. Nodes carry global ids (unique across types), but a few
 * types that are not nodes (ReportFile, ReportComment) carry their table's plain number: file 5
 * and comment 5 would be one record and overwrite each other's fields (both have `createdAt`).
 * Plain numeric ids are therefore keyed by type.
 */
export function dataIdOf(value: { readonly [key: string]: unknown }, typeName: string): unknown {
  const id = value.id;
  return typeof id === 'string' && /^\d+$/.test(id) ? `${typeName}:${id}` : id;
}
