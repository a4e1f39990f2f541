// GraphiQL keeps its tabs, history and favourites in localStorage. Headers may hold a token being
// tried (a pasted Authorization): they are never written there, whatever GraphiQL asks. Its own
// `shouldPersistHeaders={false}` covers the tabs only; its history stores the headers of every run.

const NAMESPACE = 'graphiql:';

/** The subset of Storage that GraphiQL's StorageAPI uses. */
export interface GraphiQLStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
  readonly length: number;
}

const HEADERS = `${NAMESPACE}headers`;
/** GraphiQL's records with a `headers` field; the query and variables are kept as typed. */
const RECORDS = new Set(['tabState', 'queries', 'favorites'].map((name) => NAMESPACE + name));

/** A stored record (tabs, history, favourites) with every `headers` field emptied. */
export function withoutHeaders(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), (key, field: unknown) => (key === 'headers' ? null : field));
  } catch {
    // Not GraphiQL's JSON (edited by hand): nothing of it is handed back or kept.
    return '';
  }
}

const filtered = (key: string, value: string) => (RECORDS.has(key) ? withoutHeaders(value) : value);

/** GraphiQL's storage over `backing` (localStorage), where headers never land. */
export function headerlessStorage(backing: Storage): GraphiQLStorage {
  const ownKeys = () =>
    Array.from({ length: backing.length }, (_, index) => backing.key(index)).filter((key) => key?.startsWith(NAMESPACE));
  return {
    // Read through the filter too: what an earlier version stored is not handed back.
    getItem: (key) => {
      const value = backing.getItem(key);
      return value === null || key === HEADERS ? null : filtered(key, value) || null;
    },
    setItem: (key, value) => (key === HEADERS ? backing.removeItem(key) : backing.setItem(key, filtered(key, value))),
    removeItem: (key) => backing.removeItem(key),
    clear: () => ownKeys().forEach((key) => backing.removeItem(key!)),
    get length() {
      return ownKeys().length;
    },
  };
}
