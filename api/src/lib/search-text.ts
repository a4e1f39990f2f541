/**
 * The longest text a list's search box (or keyword, or typed date) may send, in GraphQL, the REST
 * shims and the CSV export alike: a name or a few words, never a document. A 1.5 MB search cost
 * 4.4 s of database time (ILIKE over every row).
 */
export const MAX_SEARCH_LENGTH = 200;

export const searchTooLongMessage = `Recherche trop longue (${MAX_SEARCH_LENGTH} caractères au plus).`;
