// Helpers shared by the REST shims of the legacy calls (product.md §7): reading whole connections,
// answering errors with the legacy field names, reading multipart forms.
import path from 'node:path';
import type { Services } from '../context.js';
import type { Role } from '../generated/prisma/enums.js';
import { forbidden, notAuthenticated, type AppError, type FieldErrors } from '../errors.js';
import { uploadRefusal } from '../infra/storage-quota.js';
import { readMultipart, type MultipartForm } from './multipart.js';
import { bareFieldName, BodyError, fieldText, json } from './request.js';
import type { CheckedDocument } from './graphql-documents.js';
import { refuseBody, type GraphQLFailure, type GraphQLOutcome, type RestContext, type VariablesArgument } from './rest.js';

/** A connection page as the shims' documents select it. */
export interface Page<T> {
  edges: { node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** The paging variables a connection's document declares (`$first: Int, $after: String`). */
export type PageVariables = { first?: number | null; after?: string | null };

/**
 * The legacy calls return whole lists: reads a connection page after page. `document` takes
 * `$first: Int, $after: String` and `pick` finds the connection in its data. Past `maxItems` the
 * call fails (TOO_MANY_ROWS: narrow the period) rather than answer a list missing some.
 */
export async function collectConnection<Result, Variables extends PageVariables, T>(
  ctx: RestContext,
  document: CheckedDocument<Result, Variables>,
  variables: Omit<Variables, keyof PageVariables>,
  pick: (data: Result) => Page<T>,
  options: { pageSize?: number; maxItems?: number } = {},
): Promise<GraphQLOutcome<T[]>> {
  const pageSize = options.pageSize ?? 100;
  const maxItems = options.maxItems ?? 2000;
  const items: T[] = [];
  let after: string | null = null;
  for (;;) {
    const pageVariables = { ...variables, first: pageSize, after } as Variables;
    const result: GraphQLOutcome<Result> = await ctx.graphql(document, ...([pageVariables] as VariablesArgument<Variables>));
    if (!result.ok) return result;
    const page = pick(result.data);
    items.push(...page.edges.map((edge) => edge.node));
    if (items.length > maxItems) return { ok: false, error: tooManyRows(maxItems) };
    if (!page.pageInfo.hasNextPage) return { ok: true, data: items };
    after = page.pageInfo.endCursor;
  }
}

const tooManyRows = (maxItems: number): GraphQLFailure => ({
  code: 'BAD_USER_INPUT',
  status: 400,
  message: `Plus de ${maxItems.toLocaleString('fr-FR')} lignes : précisez la période (un mois) ou la personne.`,
});

/** GraphQL field names → the legacy JSON's, for per-field messages. */
export type FieldNames = Record<string, string>;

export function renameFields(fields: FieldErrors | undefined, names: FieldNames): FieldErrors | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [names[field] ?? field, message]));
}

/** `{ code, message, errors: { legacy_field: message } }` with the error's HTTP status (and headers: Retry-After). */
export function legacyFailure(error: GraphQLFailure, names: FieldNames = {}, extra: Record<string, unknown> = {}): Response {
  const errors = renameFields(error.fields, names);
  return json({ code: error.status, message: error.message, ...(errors && { errors }), ...extra }, error.status, error.headers);
}

/** An upload refused before its body is read (quota reached, hourly budget spent): 413 or 429, connection closed. */
export function refuseUpload(error: AppError, body: unknown = { code: error.httpStatus, message: error.message }): Response {
  const headers = (error.extensions.http as { headers?: Record<string, string> }).headers;
  return json(body, error.httpStatus, { ...headers, connection: 'close' });
}

/**
 * Every value of a list parameter of the query string, however the client spells lists:
 * `states=EC&states=RS`, axios' `states[]=EC&states[]=RS`, qs' `states[0]=EC`, or `states=EC,RS`.
 */
export function queryList(params: URLSearchParams, name: string): string[] {
  const values: string[] = [];
  params.forEach((value, key) => {
    if (bareFieldName(key) === name) values.push(...value.split(','));
  });
  return values.map((value) => value.trim()).filter(Boolean);
}

/** true for true, 'true', '1', 'on'; false for false, 'false', '0', '' ; undefined when not sent. */
export function bool(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  return ['true', '1', 'on', 'yes'].includes(fieldText(value).toLowerCase());
}

/** A positive integer path or body value, or null. */
export function positiveInt(value: unknown): number | null {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/**
 * Reads a legacy multipart form (files spooled to temporary files as they stream in), runs
 * `handle` with it, and removes the spooled files whatever happens. The caller must be signed in
 * with one of `roles` (any role when omitted) before a byte of the body is read.
 */
export async function withMultipart(
  ctx: RestContext,
  services: Pick<Services, 'config' | 'db' | 'rateLimits'>,
  handle: (form: MultipartForm) => Promise<Response>,
  roles?: readonly Role[],
): Promise<Response> {
  if (!ctx.viewer) return refuseBody(new BodyError(notAuthenticated().message, 401));
  if (roles && !roles.includes(ctx.viewer.role)) return refuseBody(new BodyError(forbidden().message, 403));
  if (!ctx.serverContext.req || !ctx.request.headers.get('content-type')?.includes('multipart/form-data')) {
    return json({ code: 400, message: 'Envoyez un formulaire multipart/form-data.' }, 400);
  }
  const refused = await uploadRefusal(services, ctx.viewer.id);
  if (refused) return refuseUpload(refused);
  const { dataDir, maxUploadBytes, maxUploadFiles, maxUploadRequestBytes } = services.config;
  const form = await readMultipart(ctx.serverContext.req, {
    tmpDir: path.join(dataDir, 'tmp'),
    maxFileBytes: maxUploadBytes,
    maxFiles: maxUploadFiles,
    maxTotalBytes: maxUploadRequestBytes,
  });
  try {
    return await handle(form);
  } finally {
    await form.cleanup();
  }
}
