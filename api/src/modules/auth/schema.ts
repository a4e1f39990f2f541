import type { AppContext } from '../../context.js';
import { builder } from '../../graphql/builder.js';
import { UserNode } from '../accounts/schema.js';
import { messages } from './rules.js';
import * as auth from './service.js';

const LoginPayload = builder.objectRef<auth.SignedIn>('LoginPayload').implement({
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Jeton de session à envoyer en Authorization: Bearer.' }),
    user: t.prismaField({
      type: UserNode,
      resolve: (query, payload, _args, ctx) => ctx.db.user.findUniqueOrThrow({ ...query, where: { id: payload.userId } }),
    }),
  }),
});

const MessagePayload = builder.objectRef<{ message: string }>('MessagePayload').implement({
  description: "Résultat d'une action : message à afficher à l'utilisateur.",
  fields: (t) => ({ message: t.exposeString('message') }),
});

const LoginInput = builder.inputType('LoginInput', {
  fields: (t) => ({
    email: t.string({ required: true, description: 'Adresse e-mail ou identifiant.' }),
    password: t.string({ required: true }),
    remember: t.boolean({ description: 'Se rappeler de moi : session longue (vrai par défaut).' }),
  }),
});

const RegisterInput = builder.inputType('RegisterInput', {
  fields: (t) => ({
    civility: t.string({ description: 'MONSIEUR (défaut), MADAME ou MAITRE ; les libellés français sont acceptés.' }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    telephone: t.string({ required: true }),
    address: t.string({ required: true }),
    zip: t.string({ required: true }),
    city: t.string({ required: true }),
    identity: t.string({ required: true }),
    email: t.string({ required: true }),
    password: t.string({ required: true }),
  }),
});

const EmailInput = builder.inputType('RequestPasswordResetInput', {
  fields: (t) => ({ email: t.string({ required: true }) }),
});

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  fields: (t) => ({ token: t.string({ required: true }), password: t.string({ required: true }) }),
});

const LoginAsInput = builder.inputType('LoginAsInput', {
  fields: (t) => ({ email: t.string({ required: true }) }),
});

/** The rest of this request (the payload's user) is answered as the session just opened. */
async function actAs(ctx: AppContext, signedIn: auth.SignedIn): Promise<auth.SignedIn> {
  ctx.viewer = await auth.resolveSession(ctx, signedIn.token);
  return signedIn;
}

builder.queryFields((t) => ({
  me: t.prismaField({
    type: UserNode,
    nullable: true,
    description: "L'utilisateur connecté, ou null sans session valide.",
    resolve: (query, _root, _args, ctx) => {
      if (ctx.viewer) return ctx.db.user.findUnique({ ...query, where: { id: ctx.viewer.id } });
      // Nobody to load: reading the selection marks it consumed, so Pothos' unused-query warning keeps meaning a forgotten spread.
      void { ...query };
      return null;
    },
  }),
  impersonated: t.boolean({
    description: 'Vrai pour une session ouverte par « Se connecter » (connexion en tant que) : le mot de passe ne peut pas y être changé.',
    resolve: (_root, _args, ctx) => ctx.viewer?.impersonatorId != null,
  }),
  passwordResetTokenValid: t.boolean({
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => auth.isResetTokenUsable(ctx, args.token),
  }),
}));

builder.mutationFields((t) => ({
  login: t.field({
    type: LoginPayload,
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const signedIn = await auth.login(ctx, { login: input.email, password: input.password, remember: input.remember ?? true });
      return actAs(ctx, signedIn);
    },
  }),
  logout: t.boolean({
    authScopes: { authenticated: true },
    resolve: async (_root, _args, ctx) => {
      await auth.logout(ctx);
      return true;
    },
  }),
  register: t.field({
    type: MessagePayload,
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await auth.register(ctx, input);
      return { message: messages.registrationSent };
    },
  }),
  requestPasswordReset: t.field({
    type: MessagePayload,
    args: { input: t.arg({ type: EmailInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await auth.requestPasswordReset(ctx, input.email);
      return { message: messages.recoverySent };
    },
  }),
  resetPassword: t.field({
    type: MessagePayload,
    args: { input: t.arg({ type: ResetPasswordInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await auth.resetPassword(ctx, input.token, input.password);
      return { message: messages.passwordCreated };
    },
  }),
  loginAs: t.field({
    type: LoginPayload,
    authScopes: { admin: true },
    args: { input: t.arg({ type: LoginAsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => actAs(ctx, await auth.loginAs(ctx, input.email)),
  }),
}));
