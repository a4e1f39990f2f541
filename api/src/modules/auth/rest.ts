// /api/v1/auth/* and the legacy /admin/* calls of product.md §7, mapped onto the GraphQL operations.
import { json, readFields, redirect } from '../../http/request.js';
import { graphql, type ResultOf } from '../../http/graphql-documents.js';
import type { GraphQLFailure, GraphQLOutcome, RestContext, Route } from '../../http/rest.js';
import { LEGACY_USER, legacyAccount } from '../accounts/rest.js';
import { messages } from './rules.js';

// Aliased `payload`: both sign-ins answer alike.
const LOGIN = graphql(
  `
    mutation LegacyLogin($input: LoginInput!) {
      payload: login(input: $input) {
        token
        user {
          ...LegacyUser
        }
      }
    }
  `,
  [LEGACY_USER],
);

const LOGIN_AS = graphql(
  `
    mutation LegacyLoginAs($input: LoginAsInput!) {
      payload: loginAs(input: $input) {
        token
        user {
          ...LegacyUser
        }
      }
    }
  `,
  [LEGACY_USER],
);

const ME = graphql(
  `
    query LegacyMe {
      me {
        ...LegacyUser
      }
    }
  `,
  [LEGACY_USER],
);

const LOGOUT = graphql(`
  mutation LegacyLogout {
    logout
  }
`);

const REQUEST_PASSWORD_RESET = graphql(`
  mutation LegacyRequestPasswordReset($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      message
    }
  }
`);

const RESET_PASSWORD = graphql(`
  mutation LegacyResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      message
    }
  }
`);

const REGISTER = graphql(`
  mutation LegacyRegister($input: RegisterInput!) {
    register(input: $input) {
      message
    }
  }
`);

const RESET_TOKEN_VALID = graphql(`
  query LegacyResetTokenValid($token: String!) {
    passwordResetTokenValid(token: $token)
  }
`);

const failure = (error: GraphQLFailure, extra: Record<string, unknown> = {}) =>
  json({ code: error.status, message: error.message, ...(error.fields && { errors: error.fields }), ...extra }, error.status);

/** The answer of a sign-in (`login` or `loginAs`): the session's token and the user. */
function signedIn(result: GraphQLOutcome<ResultOf<typeof LOGIN>>): Response {
  if (!result.ok) return failure(result.error);
  const { token, user } = result.data.payload;
  return json({ tokens: { access: { token } }, user: legacyAccount(user) });
}

async function me(ctx: RestContext): Promise<Response> {
  const result = await ctx.graphql(ME);
  if (!result.ok) return failure(result.error);
  if (!result.data.me) return json({ code: 401, message: 'Veuillez vous connecter.' }, 401);
  return json(legacyAccount(result.data.me));
}

async function logout(ctx: RestContext): Promise<Response> {
  const result = await ctx.graphql(LOGOUT);
  return result.ok ? new Response(null, { status: 204 }) : failure(result.error);
}

/** product.md §7/§8: success carries `msg`; any failure is status 400 with message 'error.idexists'. */
async function forgotPassword(ctx: RestContext): Promise<Response> {
  const { email = '' } = await readFields(ctx.request);
  const result = await ctx.graphql(REQUEST_PASSWORD_RESET, { input: { email } });
  if (!result.ok) {
    return json({ status: 400, message: 'error.idexists', title: result.error.message }, result.error.status === 429 ? 429 : 400);
  }
  const msg = result.data.requestPasswordReset.message;
  return json({ status: 200, title: 'E-mail envoyé', message: msg, msg });
}

async function resetPassword(ctx: RestContext, token: string, password: string): Promise<Response> {
  const result = await ctx.graphql(RESET_PASSWORD, { input: { token, password } });
  if (!result.ok) return json({ errors: { message: result.error.message } }, result.error.status);
  return json({ message: result.data.resetPassword.message });
}

async function register(ctx: RestContext): Promise<Response> {
  const body = await readFields(ctx.request);
  const input = {
    civility: body.civility,
    firstName: body.first_name ?? '',
    lastName: body.last_name ?? '',
    telephone: body.telephone ?? '',
    address: body.address ?? '',
    zip: body.zip ?? '',
    city: body.city ?? '',
    identity: body.identity ?? '',
    email: body.email ?? '',
    password: body.password ?? '',
  };
  const result = await ctx.graphql(REGISTER, { input });
  if (!result.ok) return failure(result.error);
  // The legacy client treats a response without `tokens` as a failure; a pending account gets no session.
  return json({ m: result.data.register.message, tokens: {} }, 201);
}

/**
 * Approve / deny links e-mailed before they opened the app's page: a GET never decides anything, it
 * only leads to the accounts list, where the pending account waits for an admin's click.
 */
const toAccountsList = () => Promise.resolve(redirect('/dashboard/seetheaccount'));

async function checkResetToken(ctx: RestContext): Promise<Response> {
  const result = await ctx.graphql(RESET_TOKEN_VALID, { token: ctx.params.token });
  if (result.ok && result.data.passwordResetTokenValid) return json({ valid: true });
  return json({ valid: false, errors: { message: messages.invalidResetToken } }, 400);
}

async function login(ctx: RestContext): Promise<Response> {
  const body = await readFields(ctx.request);
  const rememberParam = ctx.url.searchParams.get('remember') ?? body.remember;
  const remember = rememberParam === undefined ? true : ['1', 'true', 'on'].includes(String(rememberParam));
  return signedIn(await ctx.graphql(LOGIN, { input: { email: body.email ?? '', password: body.password ?? '', remember } }));
}

const loginAs = async (ctx: RestContext) =>
  signedIn(await ctx.graphql(LOGIN_AS, { input: { email: (await readFields(ctx.request)).email ?? '' } }));

/** `auth/reset-password?token=`: the token in the query string, the password in the body. */
const resetFromLink = async (ctx: RestContext) =>
  resetPassword(ctx, ctx.url.searchParams.get('token') ?? '', (await readFields(ctx.request)).password ?? '');

/** Legacy `PUT /admin/recovery`: token and password in the body. */
async function resetFromBody(ctx: RestContext): Promise<Response> {
  const body = await readFields(ctx.request);
  return resetPassword(ctx, body.token ?? '', body.password ?? '');
}

export const authRoutes: Route[] = [
  { method: 'POST', path: '/api/v1/auth/login', handler: login, anonymous: true },
  { method: 'POST', path: '/api/v1/auth/login-as', handler: loginAs },
  { method: 'POST', path: '/api/v1/auth/logout', handler: logout, anonymous: true },
  { method: 'GET', path: '/api/v1/auth/session', handler: me },
  { method: 'GET', path: '/api/v1/users/me', handler: me },
  { method: 'POST', path: '/api/v1/auth/register', handler: register, anonymous: true },
  { method: 'POST', path: '/api/v1/auth/forgot-password', handler: forgotPassword, anonymous: true },
  { method: 'POST', path: '/api/v1/auth/reset-password', handler: resetFromLink, anonymous: true },
  { method: 'GET', path: '/api/v1/auth/account-request/approve', handler: toAccountsList },
  { method: 'GET', path: '/api/v1/auth/account-request/deny', handler: toAccountsList },
  // Legacy /admin/* calls (product.md §7), answered by the same operations.
  { method: 'GET', path: '/admin/me', handler: me },
  { method: 'GET', path: '/admin/logout', handler: logout },
  { method: 'POST', path: '/admin/recovery', handler: forgotPassword, anonymous: true },
  { method: 'GET', path: '/admin/recovery/:token', handler: checkResetToken },
  { method: 'PUT', path: '/admin/recovery', handler: resetFromBody, anonymous: true },
];
