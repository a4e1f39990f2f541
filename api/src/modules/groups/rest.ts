// /api/v1/group calls of product.md §7 (list, read with members, create, update), mapped onto GraphQL.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { json, readFields } from '../../http/request.js';
import { collectConnection, legacyFailure, positiveInt, type FieldNames } from '../../http/legacy.js';
import { graphql, type ResultOf } from '../../http/graphql-documents.js';
import type { RestContext, Route } from '../../http/rest.js';
import { groupMessages } from './rules.js';

/** An étude as the legacy calls answer it (groups, billing). */
export const LEGACY_GROUP = graphql(`
  fragment LegacyGroup on Group {
    databaseId
    name
    siret
    telephone
    email
    address
    zip
    city
    pricePage
    pricePhoto
    memberCount
  }
`);

const GROUPS = graphql(
  `
    query LegacyGroups($first: Int, $after: String, $keyword: String) {
      groups(first: $first, after: $after, keyword: $keyword) {
        edges {
          node {
            ...LegacyGroup
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [LEGACY_GROUP],
);

// `first` as a variable: the cost limit multiplies literal page sizes.
const GROUP_WITH_MEMBERS = graphql(
  `
    query LegacyGroupWithMembers($id: ID!, $first: Int) {
      node(id: $id) {
        ... on Group {
          ...LegacyGroup
          members(first: $first) {
            edges {
              node {
                databaseId
                firstName
                lastName
                createdAt
                lastActivityAt
              }
            }
          }
        }
      }
    }
  `,
  [LEGACY_GROUP],
);

const CREATE_GROUP = graphql(
  `
    mutation LegacyCreateGroup($input: CreateGroupInput!) {
      createGroup(input: $input) {
        message
        group {
          ...LegacyGroup
        }
      }
    }
  `,
  [LEGACY_GROUP],
);

const UPDATE_GROUP = graphql(
  `
    mutation LegacyUpdateGroup($input: UpdateGroupInput!) {
      updateGroup(input: $input) {
        message
        group {
          ...LegacyGroup
        }
      }
    }
  `,
  [LEGACY_GROUP],
);

/** product.md §3 Group, legacy field names (`group_street` holds the Siret). */
export function legacyGroup(group: ResultOf<typeof LEGACY_GROUP>) {
  return {
    id: group.databaseId,
    group_name: group.name,
    group_street: group.siret,
    group_telephone: group.telephone,
    group_email: group.email,
    group_address: group.address,
    group_zip: group.zip,
    group_city: group.city,
    group_price_page: group.pricePage,
    group_price_photo: group.pricePhoto,
    count: group.memberCount,
  };
}

const FIELD_NAMES: FieldNames = {
  name: 'group_name',
  siret: 'group_street',
  telephone: 'group_telephone',
  email: 'group_email',
  address: 'group_address',
  zip: 'group_zip',
  city: 'group_city',
  pricePage: 'group_price_page',
  pricePhoto: 'group_price_photo',
};

const BODY_FIELDS = Object.entries(FIELD_NAMES).map(([field, legacy]) => [legacy, field] as const);

function groupInput(body: Record<string, string>): Record<string, string> {
  const input: Record<string, string> = {};
  for (const [legacy, field] of BODY_FIELDS) if (body[legacy] !== undefined) input[field] = body[legacy];
  return input;
}

async function listGroups(ctx: RestContext): Promise<Response> {
  const result = await collectConnection(ctx, GROUPS, { keyword: ctx.url.searchParams.get('keyword') || null }, (data) => data.groups);
  if (!result.ok) return legacyFailure(result.error);
  return json(result.data.map(legacyGroup));
}

/** product.md §7: the answer is an array whose first element is the group, with its members. */
async function getGroup(ctx: RestContext): Promise<Response> {
  const id = positiveInt(ctx.params.id);
  if (!id) return json({ code: 404, message: groupMessages.notFound }, 404);
  const result = await ctx.graphql(GROUP_WITH_MEMBERS, { id: encodeGlobalID('Group', id), first: 100 });
  if (!result.ok) return legacyFailure(result.error);
  const group = result.data.node;
  if (!group || !('databaseId' in group)) return json({ code: 404, message: groupMessages.notFound }, 404);
  const members = group.members.edges.map(({ node }) => ({
    user_id: node.databaseId,
    first_name: node.firstName,
    last_name: node.lastName,
    created_at: node.createdAt,
    last_activity: node.lastActivityAt,
  }));
  return json([{ ...legacyGroup(group), members }]);
}

async function createGroup(ctx: RestContext): Promise<Response> {
  const result = await ctx.graphql(CREATE_GROUP, { input: groupInput(await readFields(ctx.request)) });
  if (!result.ok) return legacyFailure(result.error, FIELD_NAMES);
  return json({ message: result.data.createGroup.message, group: legacyGroup(result.data.createGroup.group) }, 201);
}

async function updateGroup(ctx: RestContext): Promise<Response> {
  const id = positiveInt(ctx.params.id);
  if (!id) return json({ code: 404, message: groupMessages.notFound }, 404);
  const result = await ctx.graphql(UPDATE_GROUP, {
    input: { ...groupInput(await readFields(ctx.request)), id: encodeGlobalID('Group', id) },
  });
  if (!result.ok) return legacyFailure(result.error, FIELD_NAMES);
  return json({ message: result.data.updateGroup.message, group: legacyGroup(result.data.updateGroup.group) });
}

export const groupRoutes: Route[] = [
  { method: 'GET', path: '/api/v1/group', handler: listGroups },
  { method: 'POST', path: '/api/v1/group', handler: createGroup },
  { method: 'GET', path: '/api/v1/group/:id', handler: getGroup },
  // product.md §7: the edit form's method is not shown; both are accepted.
  { method: 'PATCH', path: '/api/v1/group/:id', handler: updateGroup },
  { method: 'PUT', path: '/api/v1/group/:id', handler: updateGroup },
];
