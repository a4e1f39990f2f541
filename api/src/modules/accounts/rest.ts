// /api/v1/users calls of product.md §7 (list, read, create, update), mapped onto the GraphQL operations.
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Services } from '../../context.js';
import { json, readFields } from '../../http/request.js';
import { collectConnection, legacyFailure, positiveInt, withMultipart, type FieldNames } from '../../http/legacy.js';
import { graphql, type ResultOf } from '../../http/graphql-documents.js';
import type { GraphQLFailure, RestContext, Route } from '../../http/rest.js';
import type { Civility, Role } from '../../generated/prisma/enums.js';
import {
  accountFieldsFor,
  accountMessages,
  avatarKeyOf,
  civilityLabels,
  parseCivility,
  roleIds,
  roleNames,
  type AccountField,
  type AccountFields,
  type AccountForm,
} from './rules.js';

/** A user as every legacy call answers it (accounts, auth). */
export const LEGACY_USER = graphql(`
  fragment LegacyUser on User {
    databaseId
    role
    civility
    firstName
    lastName
    telephone
    email
    identity
    avatarUrl
    status
    groupName
    group {
      databaseId
      telephone
      email
    }
    siret
    address
    city
    zip
    rib
    secretaryPricePage
    secretaryPricePhoto
    instructions
    description
    createdBy {
      databaseId
    }
    matrices {
      url
    }
  }
`);

const USERS = graphql(
  `
    query LegacyUsers($first: Int, $after: String, $role: Role, $keyword: String) {
      users(first: $first, after: $after, role: $role, keyword: $keyword) {
        edges {
          node {
            ...LegacyUser
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [LEGACY_USER],
);

const USER = graphql(
  `
    query LegacyUserById($id: ID!) {
      node(id: $id) {
        ... on User {
          ...LegacyUser
        }
      }
    }
  `,
  [LEGACY_USER],
);

const VIEWER = graphql(`
  query LegacyViewerRole {
    me {
      databaseId
      role
    }
  }
`);

const CREATE_ACCOUNT = graphql(
  `
    mutation LegacyCreateAccount($input: CreateAccountInput!) {
      createAccount(input: $input) {
        message
        user {
          ...LegacyUser
        }
      }
    }
  `,
  [LEGACY_USER],
);

// Aliased `payload`: the admin's form and the profile answer alike.
const UPDATE_ACCOUNT = graphql(
  `
    mutation LegacyUpdateAccount($input: UpdateAccountInput!) {
      payload: updateAccount(input: $input) {
        message
        user {
          ...LegacyUser
        }
      }
    }
  `,
  [LEGACY_USER],
);

const UPDATE_MY_PROFILE = graphql(
  `
    mutation LegacyUpdateMyProfile($input: UpdateMyProfileInput!) {
      payload: updateMyProfile(input: $input) {
        message
        user {
          ...LegacyUser
        }
      }
    }
  `,
  [LEGACY_USER],
);

const STAGE_AVATAR = graphql(`
  mutation LegacyStageAvatar($input: StageAvatarInput!) {
    stageAvatar(input: $input) {
      avatarKey
      url
    }
  }
`);

/** product.md §3 User, legacy field names. Fields the caller may not see are null. */
export function legacyAccount(user: ResultOf<typeof LEGACY_USER>) {
  return {
    id: user.databaseId,
    role_id: roleIds[user.role],
    role_name: roleNames[user.role],
    civility: civilityLabels[user.civility],
    first_name: user.firstName,
    last_name: user.lastName,
    telephone: user.telephone,
    email: user.email,
    identity: user.identity,
    profile: user.avatarUrl ?? '',
    status: user.status,
    group_id: user.group?.databaseId ?? null,
    group_name: user.groupName,
    group_telephone: user.group?.telephone ?? null,
    group_email: user.group?.email ?? null,
    // product.md §3: the legacy `street` field holds the Siret.
    street: user.siret,
    address: user.address,
    city: user.city,
    zip: user.zip,
    rib: user.rib,
    secretary_price_page: user.secretaryPricePage,
    secretary_price_photo: user.secretaryPricePhoto,
    matrices_associated: (user.matrices ?? []).map((matrix) => matrix.url),
    Instructions_to_secretaries: user.instructions,
    created_by: user.createdBy?.databaseId ?? null,
    description: user.description,
  };
}

/** Legacy body field → GraphQL input field. */
const BODY_FIELDS: [string, Exclude<AccountField, 'civility'>][] = [
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['telephone', 'telephone'],
  ['email', 'email'],
  ['identity', 'identity'],
  ['password', 'password'],
  ['password_confirmation', 'passwordConfirmation'],
  ['confirm_password', 'passwordConfirmation'],
  ['street', 'siret'],
  ['siret', 'siret'],
  ['address', 'address'],
  ['zip', 'zip'],
  ['city', 'city'],
  ['rib', 'rib'],
  ['secretary_price_page', 'secretaryPricePage'],
  ['secretary_price_photo', 'secretaryPricePhoto'],
  ['Instructions_to_secretaries', 'instructions'],
  ['instructions_to_secretaries', 'instructions'],
  ['description', 'description'],
];

const FIELD_NAMES: FieldNames = {
  firstName: 'first_name',
  lastName: 'last_name',
  siret: 'street',
  secretaryPricePage: 'secretary_price_page',
  secretaryPricePhoto: 'secretary_price_photo',
  groupId: 'group_id',
  instructions: 'Instructions_to_secretaries',
  passwordConfirmation: 'password_confirmation',
  currentPassword: 'current_password',
  avatar: 'profile',
  matrices: 'matrices_associated',
};

/** product.md §8: duplicates come back as top-level `email` / `user`; a missing étude as message 'group_id'. */
function accountFailure(error: GraphQLFailure): Response {
  const fields = error.fields ?? {};
  const extra: Record<string, unknown> = {};
  if (fields.email === accountMessages.duplicateEmail) extra.email = fields.email;
  if (fields.identity === accountMessages.duplicateIdentity) extra.user = fields.identity;
  if (fields.groupId) Object.assign(extra, { message: 'group_id', description: fields.groupId });
  return legacyFailure(error, FIELD_NAMES, extra);
}

const ROLE_BY_NAME: Record<string, Role> = {
  admin: 'ADMIN',
  '1': 'ADMIN',
  bailiff: 'BAILIFF',
  '2': 'BAILIFF',
  secretary: 'SECRETARY',
  '3': 'SECRETARY',
};
const roleOf = (value: string | undefined | null): Role | null => ROLE_BY_NAME[(value ?? '').trim().toLowerCase()] ?? null;

/** What the three account mutations' inputs take from a legacy body. */
type AccountInput = Omit<AccountFields, 'civility'> & {
  civility?: Civility;
  currentPassword?: string;
  avatarKey?: string;
  groupId?: string | null;
};

/** The GraphQL input of a legacy account body, keeping only what the form in question carries. */
function accountInput(body: Record<string, string>, form: AccountForm): { input: AccountInput } | { error: Response } {
  const carried = accountFieldsFor(form);
  const input: AccountInput = {};
  for (const [legacy, field] of BODY_FIELDS) {
    if (body[legacy] === undefined || !carried.includes(field) || input[field] !== undefined) continue;
    input[field] = body[legacy];
  }
  if (form.kind !== 'create') {
    delete input.email;
    // product.md §5: the password is sent (and changed) only when typed. The spec's call has no field
    // for the current password a new one needs: `current_password` (docs/decisions.md).
    if (!input.password) {
      delete input.password;
      delete input.passwordConfirmation;
    } else if (body.current_password !== undefined) input.currentPassword = body.current_password;
  }
  if (body.civility !== undefined && carried.includes('civility')) {
    const civility = parseCivility(body.civility);
    if (!civility)
      return { error: json({ code: 400, message: accountMessages.civility, errors: { civility: accountMessages.civility } }, 400) };
    input.civility = civility;
  }
  // product.md §7: the picture sent by users/image comes back as `profile`, its link.
  if (avatarKeyOf(body.profile)) input.avatarKey = body.profile;
  if (form.kind !== 'profile' && form.role === 'BAILIFF' && (form.kind === 'create' || body.group_id !== undefined)) {
    // product.md §5: group_id 0 (or none) means no étude selected.
    const groupId = positiveInt(body.group_id);
    input.groupId = groupId ? encodeGlobalID('Group', groupId) : null;
  }
  return { input };
}

async function listUsers(ctx: RestContext): Promise<Response> {
  const params = ctx.url.searchParams;
  const role = roleOf(params.get('role_name') ?? params.get('role_id'));
  const result = await collectConnection(ctx, USERS, { role, keyword: params.get('keyword') || null }, (data) => data.users);
  if (!result.ok) return legacyFailure(result.error);
  return json(result.data.map(legacyAccount));
}

async function readUser(
  ctx: RestContext,
  id: number,
): Promise<{ ok: true; user: ResultOf<typeof LEGACY_USER> } | { ok: false; response: Response }> {
  const result = await ctx.graphql(USER, { id: encodeGlobalID('User', id) });
  if (!result.ok) return { ok: false, response: legacyFailure(result.error) };
  const user = result.data.node;
  if (!user || !('databaseId' in user)) return { ok: false, response: json({ code: 404, message: accountMessages.notFound }, 404) };
  return { ok: true, user };
}

async function getUser(ctx: RestContext): Promise<Response> {
  const id = positiveInt(ctx.params.id);
  if (!id) return json({ code: 404, message: accountMessages.notFound }, 404);
  const found = await readUser(ctx, id);
  return found.ok ? json(legacyAccount(found.user)) : found.response;
}

async function createUser(ctx: RestContext): Promise<Response> {
  const body = await readFields(ctx.request);
  // product.md §3: role_id '1' admin, '2' bailiff, '3' secretary.
  const role = roleOf(body.role_id ?? body.role_name);
  if (!role) return json({ code: 400, message: 'Type de compte invalide.', errors: { role_id: 'Type de compte invalide.' } }, 400);
  const mapped = accountInput(body, { kind: 'create', role });
  if ('error' in mapped) return mapped.error;
  const result = await ctx.graphql(CREATE_ACCOUNT, { input: { ...mapped.input, role } });
  if (!result.ok) return accountFailure(result.error);
  return json({ message: result.data.createAccount.message, user: legacyAccount(result.data.createAccount.user) }, 201);
}

/**
 * One legacy call saves both the admin's account form and everyone's profile: a user saving their
 * own record goes through the profile rules (with its read-only fields), anything else is the
 * admin form of the account's type.
 */
async function updateUser(ctx: RestContext): Promise<Response> {
  const id = positiveInt(ctx.params.id);
  if (!id) return json({ code: 404, message: accountMessages.notFound }, 404);
  const me = await ctx.graphql(VIEWER);
  if (!me.ok) return legacyFailure(me.error);
  if (!me.data.me) return json({ code: 401, message: 'Veuillez vous connecter.' }, 401);
  const body = await readFields(ctx.request);

  const self = me.data.me.databaseId === id;
  let role = me.data.me.role;
  if (!self) {
    const target = await readUser(ctx, id);
    if (!target.ok) return target.response;
    role = target.user.role;
  }
  const mapped = accountInput(body, { kind: self ? 'profile' : 'update', role });
  if ('error' in mapped) return mapped.error;
  const result = self
    ? await ctx.graphql(UPDATE_MY_PROFILE, { input: mapped.input })
    : await ctx.graphql(UPDATE_ACCOUNT, { input: { ...mapped.input, id: encodeGlobalID('User', id) } });
  if (!result.ok) return accountFailure(result.error);
  return json({ message: result.data.payload.message, user: legacyAccount(result.data.payload.user) });
}

/**
 * product.md §7 `POST users/image` (multipart field `profile`, answer `url`). The spec's call carries no
 * Authorization header; it takes a session here, so the upload endpoint is never anonymous. The
 * picture is linked to an account by the next save that sends its link as `profile`.
 */
async function uploadImage(ctx: RestContext, services: Pick<Services, 'config' | 'db' | 'rateLimits'>): Promise<Response> {
  return withMultipart(ctx, services, async (form) => {
    const image = (form.files.profile ?? form.files.image ?? [])[0];
    if (!image) return json({ code: 400, message: 'Veuillez choisir une image.', errors: { profile: 'Veuillez choisir une image.' } }, 400);
    const result = await ctx.graphql(STAGE_AVATAR, { input: { image } });
    if (!result.ok) return legacyFailure(result.error, { image: 'profile' });
    return json({ url: result.data.stageAvatar.url, key: result.data.stageAvatar.avatarKey });
  });
}

export const accountRoutes = (services: Pick<Services, 'config' | 'db' | 'rateLimits'>): Route[] => [
  { method: 'POST', path: '/api/v1/users/image', handler: (ctx) => uploadImage(ctx, services) },
  { method: 'GET', path: '/api/v1/users', handler: listUsers },
  { method: 'POST', path: '/api/v1/users', handler: createUser },
  { method: 'GET', path: '/api/v1/users/:id', handler: getUser },
  { method: 'PUT', path: '/api/v1/users/:id', handler: updateUser },
  { method: 'PATCH', path: '/api/v1/users/:id', handler: updateUser },
];
