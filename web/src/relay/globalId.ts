/** The server's Relay ids are base64('Type:databaseId') (Pothos); the legacy routes carry the number. */
export function toGlobalId(type: string, databaseId: string | number): string {
  return btoa(`${type}:${databaseId}`);
}
