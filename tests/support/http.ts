import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface GraphQLResponse<T = Record<string, any>> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string; fields?: Record<string, string>; reason?: string } }[];
}

/** POSTs a GraphQL operation to the real server, optionally as a signed-in user. */
export async function gql<T = Record<string, any>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GraphQLResponse<T>> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLResponse<T>;
}

export async function loginToken(baseUrl: string, email: string, password: string): Promise<string> {
  const result = await gql<{ login: { token: string } }>(baseUrl, 'mutation($input: LoginInput!) { login(input: $input) { token } }', {
    input: { email, password },
  });
  if (!result.data?.login) throw new Error(`login ${email} failed: ${JSON.stringify(result.errors)}`);
  return result.data.login.token;
}

export const demo = {
  admin: { email: 'admin@demo.fr', password: 'Admin#2026' },
  bailiff: { email: 'huissier@demo.fr', password: 'Huissier#2026' },
  secretary: { email: 'secretaire@demo.fr', password: 'Secretaire#2026' },
} as const;

/** Sends JSON, a form-encoded body or nothing to a REST route and returns status + parsed body. */
export async function rest(
  baseUrl: string,
  method: string,
  route: string,
  options: { json?: unknown; form?: Record<string, string>; token?: string } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl}${route}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** Every message the outbox transport wrote, oldest first, parsed. */
export async function readOutbox(outboxDir: string): Promise<ParsedMail[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map(async (name) => simpleParser(await readFile(path.join(outboxDir, name)))));
}

/** The outbox messages `match` accepts, once there are at least `count` of them (waited for up to `ms`). */
export async function waitForMails(
  outboxDir: string,
  match: (mail: ParsedMail) => boolean,
  count: number,
  ms = 15_000,
): Promise<ParsedMail[]> {
  const end = Date.now() + ms;
  for (;;) {
    const found = (await readOutbox(outboxDir)).filter(match);
    if (found.length >= count) return found;
    if (Date.now() > end) throw new Error(`${found.length} matching e-mails in the outbox, ${count} expected`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The latest outbox message `match` accepts, waited for: some e-mails leave after the answer. */
export async function waitForMail(outboxDir: string, match: (mail: ParsedMail) => boolean, ms = 5000): Promise<ParsedMail> {
  return (await waitForMails(outboxDir, match, 1, ms)).pop()!;
}

/** The first link in a message's HTML whose URL contains `fragment`. */
export function findLink(mail: ParsedMail, fragment: string): string {
  const html = typeof mail.html === 'string' ? mail.html : '';
  const match = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&')).find((href) => href.includes(fragment));
  if (!match) throw new Error(`no link containing ${fragment} in "${mail.subject}"`);
  return match;
}
