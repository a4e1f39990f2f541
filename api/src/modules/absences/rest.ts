// /api/v1/calendar calls of product.md §7 (declare an absence, mine, everyone's for the admin calendar).
import { json, readFields } from '../../http/request.js';
import { collectConnection, legacyFailure, type FieldNames } from '../../http/legacy.js';
import { graphql, type ResultOf } from '../../http/graphql-documents.js';
import type { GraphQLOutcome, RestContext, Route } from '../../http/rest.js';

const ABSENCE = graphql(`
  fragment LegacyAbsence on Absence {
    databaseId
    startDate
    endDate
    comment
    user {
      databaseId
      firstName
      lastName
    }
  }
`);

const CREATE_ABSENCE = graphql(
  `
    mutation CreateAbsence($input: CreateAbsenceInput!) {
      createAbsence(input: $input) {
        message
        absence {
          ...LegacyAbsence
        }
      }
    }
  `,
  [ABSENCE],
);

const MY_ABSENCES = graphql(
  `
    query MyAbsences($first: Int, $after: String, $from: String, $to: String) {
      myAbsences(first: $first, after: $after, from: $from, to: $to) {
        edges {
          node {
            ...LegacyAbsence
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [ABSENCE],
);

const ALL_ABSENCES = graphql(
  `
    query AllAbsences($first: Int, $after: String, $from: String, $to: String) {
      absences(first: $first, after: $after, from: $from, to: $to) {
        edges {
          node {
            ...LegacyAbsence
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [ABSENCE],
);

/** product.md §3 Absence/Unavailability: dates YYYY-MM-DD with the person's names. */
function legacyAbsence(absence: ResultOf<typeof ABSENCE>) {
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
  const result = await ctx.graphql(CREATE_ABSENCE, {
    input: { startDate: body.start_date ?? '', endDate: body.end_date ?? '', comment: body.comment ?? '' },
  });
  if (!result.ok) return legacyFailure(result.error, FIELD_NAMES);
  return json({ message: result.data.createAbsence.message, absence: legacyAbsence(result.data.createAbsence.absence) }, 201);
}

function answerList(result: GraphQLOutcome<ResultOf<typeof ABSENCE>[]>): Response {
  if (!result.ok) return legacyFailure(result.error);
  return json(result.data.map(legacyAbsence));
}

const LIST_SIZES = { pageSize: 500, maxItems: 5000 };

const param = (ctx: RestContext, ...names: string[]) => names.map((name) => ctx.url.searchParams.get(name)).find(Boolean) ?? null;

async function myAbsences(ctx: RestContext): Promise<Response> {
  const range = { from: param(ctx, 'startDate', 'start_date', 'from'), to: param(ctx, 'endDate', 'end_date', 'to') };
  return answerList(await collectConnection(ctx, MY_ABSENCES, range, (data) => data.myAbsences, LIST_SIZES));
}

async function allAbsences(ctx: RestContext): Promise<Response> {
  const range = { from: param(ctx, 'startDate', 'start_date', 'from') ?? DEFAULT_START, to: param(ctx, 'endDate', 'end_date', 'to') };
  return answerList(await collectConnection(ctx, ALL_ABSENCES, range, (data) => data.absences, LIST_SIZES));
}

export const absenceRoutes: Route[] = [
  { method: 'POST', path: '/api/v1/calendar', handler: createAbsence },
  { method: 'GET', path: '/api/v1/calendar', handler: myAbsences },
  { method: 'GET', path: '/api/v1/calendar/getAllAbsences', handler: allAbsences },
];
