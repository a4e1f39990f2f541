// /api/v1/auth/* and the legacy /admin/* calls of product.md §7, mapped onto the GraphQL operations.
import { json, readFields, redirect } from '../../http/request.js';
import type { GraphQLFailure, RestContext, Route } from '../../http/rest.js';
import { LEGACY_USER_FIELDS, legacyAccount, type LegacyUserData } from '../accounts/rest.js';
import { messages } from './rules.js';

const failure = (error: GraphQLFailure, extra: Record<string, unknown> = {}) =>
  json({ code: error.status, message: error.message, ...(error.fields && { errors: error.fields }), ...extra }, error.status);

async function signIn(ctx: RestContext, mutation: 'login' | 'loginAs', input: Record<string, unknown>): Promise<Response> {
  const inputType = mutation === 'login' ? 'LoginInput' : 'LoginAsInput';
  const result = await ctx.graphql<Record<string, { token: string; user: LegacyUserData }>>(
    `mutation($input: ${inputType}!) { ${mutation}(input: $input) { token user { ${LEGACY_USER_FIELDS} } } }`,
    { input },
  );
  if (!result.ok) return failure(result.error);
  const { token, user } = result.data[mutation];
  return json({ tokens: { access: { token } }, user: legacyAccount(user) });
}

async function me(ctx: RestContext): Promise<Response> {
  const result = await ctx.graphql<{ me: LegacyUserData | null }>(`query { me { ${LEGACY_USER_FIELDS} } }`);
  if (!result.ok) return failure(result.error);
  if (!result.data.me) return json({ code: 401, message: 'Veuillez vous connecter.' }, 401);
  return json(legacyAccount(result.data.me));
}

async function logout(ctx: RestContext): Promise<Response> {
  const result = await ctx.graphql<{ logout: boolean }>('mutation { logout }');
  return result.ok ? new Response(null, { status: 204 }) : failure(result.error);
}

/** product.md §7/§8: success carries `msg`; any failure is status 400 with message 'error.idexists'. */
async function forgotPassword(ctx: RestContext): Promise<Response> {
  const { email = '' } = await readFields(ctx.request);
  const result = await ctx.graphql<{ requestPasswordReset: { message: string } }>(
    'mutation($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { message } }',
    { input: { email } },
  );
  if (!result.ok) {
    return json({ status: 400, message: 'error.idexists', title: result.error.message }, result.error.status === 429 ? 429 : 400);
  }
  const msg = result.data.requestPasswordReset.message;
  return json({ status: 200, title: 'E-mail envoyé', message: msg, msg });
}

async function resetPassword(ctx: RestContext, token: string, password: string): Promise<Response> {
  const result = await ctx.graphql<{ resetPassword: { message: string } }>(
    'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { message } }',
    { input: { token, password } },
  );
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
  const result = await ctx.graphql<{ register: { message: string } }>(
    'mutation($input: RegisterInput!) { register(input: $input) { message } }',
    { input },
  );
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
  const result = await ctx.graphql<{ passwordResetTokenValid: boolean }>(
    'query($token: String!) { passwordResetTokenValid(token: $token) }',
    { token: ctx.params.token },
  );
  if (result.ok && result.data.passwordResetTokenValid) return json({ valid: true });
  return json({ valid: false, errors: { message: messages.invalidResetToken } }, 400);
}

export const authRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/v1/auth/login',
    anonymous: true,
    handler: async (ctx) => {
      const body = await readFields(ctx.request);
      const rememberParam = ctx.url.searchParams.get('remember') ?? body.remember;
      return signIn(ctx, 'login', {
        email: body.email ?? '',
        password: body.password ?? '',
        remember: rememberParam === undefined ? true : ['1', 'true', 'on'].includes(String(rememberParam)),
      });
    },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/login-as',
    handler: async (ctx) => signIn(ctx, 'loginAs', { email: (await readFields(ctx.request)).email ?? '' }),
  },
  { method: 'POST', path: '/api/v1/auth/logout', handler: logout, anonymous: true },
  { method: 'GET', path: '/api/v1/auth/session', handler: me },
  { method: 'GET', path: '/api/v1/users/me', handler: me },
  { method: 'POST', path: '/api/v1/auth/register', handler: register, anonymous: true },
  { method: 'POST', path: '/api/v1/auth/forgot-password', handler: forgotPassword, anonymous: true },
  {
    method: 'POST',
    path: '/api/v1/auth/reset-password',
    anonymous: true,
    handler: async (ctx) => resetPassword(ctx, ctx.url.searchParams.get('token') ?? '', (await readFields(ctx.request)).password ?? ''),
  },
  { method: 'GET', path: '/api/v1/auth/account-request/approve', handler: toAccountsList },
  { method: 'GET', path: '/api/v1/auth/account-request/deny', handler: toAccountsList },
  // Legacy /admin/* calls (product.md §7), answered by the same operations.
  { method: 'GET', path: '/admin/me', handler: me },
  { method: 'GET', path: '/admin/logout', handler: logout },
  { method: 'POST', path: '/admin/recovery', handler: forgotPassword, anonymous: true },
  { method: 'GET', path: '/admin/recovery/:token', handler: checkResetToken },
  {
    method: 'PUT',
    path: '/admin/recovery',
    anonymous: true,
    handler: async (ctx) => {
      const body = await readFields(ctx.request);
      return resetPassword(ctx, body.token ?? '', body.password ?? '');
    },
  },
];
