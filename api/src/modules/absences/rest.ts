// /api/v1/calendar calls of product.md §7 (declare an absence, mine, everyone's for the admin calendar).
import { json, readFields } from '../../http/request.js';
import { collectConnection, legacyFailure, type FieldNames } from '../../http/legacy.js';
import type { RestContext, Route } from '../../http/rest.js';

const ABSENCE_FIELDS = 'databaseId startDate endDate comment user { databaseId firstName lastName }';

interface AbsenceData {
  databaseId: number;
  startDate: string;
  endDate: string;
  comment: string;
  user: { databaseId: number; firstName: string; lastName: string };
}

/** product.md §3 Absence/Unavailability: dates YYYY-MM-DD with the person's names. */
function legacyAbsence(absence: AbsenceData) {
  return {
    id: absence.databaseId,
    start_date: absence.startDate,
    end_date: absence.endDate,
    comment: absence.comment,
    user_id: absence.user.databaseId,
    first_name: absence.user.firstName,
    last_name: absence.user.lastName,
  };
}

const FIELD_NAMES: FieldNames = { startDate: 'start_date', endDate: 'end_date' };

/** product.md §7: getAllAbsences without startDate starts in 2021. */
const DEFAULT_START = '2021-01-01';

async function createAbsence(ctx: RestContext): Promise<Response> {
  const body = await readFields(ctx.request);
  const result = await ctx.graphql<{ createAbsence: { message: string; absence: AbsenceData } }>(
    `mutation($input: CreateAbsenceInput!) { createAbsence(input: $input) { message absence { ${ABSENCE_FIELDS} } } }`,
    { input: { startDate: body.start_date ?? '', endDate: body.end_date ?? '', comment: body.comment ?? '' } },
  );
  if (!result.ok) return legacyFailure(result.error, FIELD_NAMES);
  return json({ message: result.data.createAbsence.message, absence: legacyAbsence(result.data.createAbsence.absence) }, 201);
}

async function list(
  ctx: RestContext,
  field: 'myAbsences' | 'absences',
  range: { from: string | null; to: string | null },
): Promise<Response> {
  const result = await collectConnection<AbsenceData, Record<string, never>>(
    ctx,
    `query($first: Int, $after: String, $from: String, $to: String) {
      ${field}(first: $first, after: $after, from: $from, to: $to) { edges { node { ${ABSENCE_FIELDS} } } pageInfo { hasNextPage endCursor } }
    }`,
    range,
    (data) => data[field],
    { pageSize: 500, maxItems: 5000 },
  );
  if (!result.ok) return legacyFailure(result.error);
  return json(result.data.map(legacyAbsence));
}

const param = (ctx: RestContext, ...names: string[]) => names.map((name) => ctx.url.searchParams.get(name)).find(Boolean) ?? null;

export const absenceRoutes: Route[] = [
  { method: 'POST', path: '/api/v1/calendar', handler: createAbsence },
  {
    method: 'GET',
    path: '/api/v1/calendar',
    handler: (ctx) =>
      list(ctx, 'myAbsences', { from: param(ctx, 'startDate', 'start_date', 'from'), to: param(ctx, 'endDate', 'end_date', 'to') }),
  },
  {
    method: 'GET',
    path: '/api/v1/calendar/getAllAbsences',
    handler: (ctx) =>
      list(ctx, 'absences', {
        from: param(ctx, 'startDate', 'start_date', 'from') ?? DEFAULT_START,
        to: param(ctx, 'endDate', 'end_date', 'to'),
      }),
  },
];
