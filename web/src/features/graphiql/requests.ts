// How GraphiQL's requests name their caller, and the cURL command that replays one. A
// request carries one Authorization header, which alone decides its caller on the server
// (api/src/server/authenticate.ts): the token the admin is trying, else the session's.

/** A pasted token without the `Bearer ` an admin may have copied with it; null when nothing is left. */
export function pastedToken(text: string): string | null {
  const token = text.trim().replace(/^Bearer(?:\s+|$)/i, '');
  return token === '' || /\s/.test(token) ? null : token;
}

/** What an admin may read on screen of a token being tried: its prefix, never the secret. */
export const tokenPreview = (token: string) => `${token.slice(0, 8)}…`;

const isAuthorization = (name: string) => name.toLowerCase() === 'authorization';

/**
 * The Authorization a request runs with, other than the session's: the token tried in the page, else
 * one typed in GraphiQL's headers editor (it replaces the session, it is not added to it). Null: the
 * session's.
 */
export function chosenAuthorization(editorHeaders: Record<string, unknown> | undefined, token: string | null): string | null {
  if (token) return `Bearer ${token}`;
  const typed = Object.entries(editorHeaders ?? {}).find(([name]) => isAuthorization(name));
  return typed ? String(typed[1]) : null;
}

/** The request's headers: the editor's, with exactly one Authorization, the chosen one or the session's. */
export function requestHeaders(
  headers: Record<string, string>,
  authorization: string | null,
  sessionToken: string | null,
): Record<string, string> {
  const others = Object.fromEntries(Object.entries(headers).filter(([name]) => !isAuthorization(name)));
  const value = authorization ?? (sessionToken ? `Bearer ${sessionToken}` : null);
  return value ? { ...others, authorization: value } : others;
}

/** A POSIX shell word: single quotes, each quote inside closed, escaped and reopened. */
export const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

export interface CurlRequest {
  url: string;
  query: string;
  /** Parsed from the variables editor; absent or empty: not sent. */
  variables?: Record<string, unknown>;
  operationName?: string | null;
  /** The token tried in the page; absent, `$TOKEN` is left for the shell to expand. */
  token?: string | null;
}

/**
 * A curl command replaying the request with an API token, never with the session: the session is
 * the admin's own login and a script never holds it.
 */
export function curlCommand({ url, query, variables, operationName, token }: CurlRequest): string {
  const body = {
    query,
    ...(variables && Object.keys(variables).length > 0 && { variables }),
    ...(operationName && { operationName }),
  };
  // Double quotes around the placeholder alone, so that the shell expands it.
  const authorization = token ? shellQuote(`Authorization: Bearer ${token}`) : '"Authorization: Bearer $TOKEN"';
  return [
    `curl ${shellQuote(url)}`,
    `-H ${shellQuote('Content-Type: application/json')}`,
    `-H ${authorization}`,
    `--data-raw ${shellQuote(JSON.stringify(body))}`,
  ].join(' \\\n  ');
}
