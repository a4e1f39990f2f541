import type { AppContext } from '../../context.js';
import { builder } from '../../graphql/builder.js';
import { UserNode } from '../accounts/schema.js';
import { messages } from './rules.js';
import { register } from './registration.js';
import * as auth from './service.js';

const LoginPayload = builder.objectRef<auth.SignedIn>('LoginPayload').implement({
  description: 'Session ouverte : son jeton et le compte connecté.',
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Jeton de session à envoyer en Authorization: Bearer.' }),
    user: t.prismaField({
      description: 'Le compte connecté.',
      type: UserNode,
      resolve: (query, payload, _args, ctx) => ctx.db.user.findUniqueOrThrow({ ...query, where: { id: payload.userId } }),
    }),
  }),
});

const MessagePayload = builder.objectRef<{ message: string }>('MessagePayload').implement({
  description: "Résultat d'une action : message à afficher à l'utilisateur.",
  fields: (t) => ({ message: t.exposeString('message', { description: 'Message à afficher.' }) }),
});

const LoginInput = builder.inputType('LoginInput', {
  description: 'Identifiants de connexion.',
  fields: (t) => ({
    email: t.string({ required: true, description: 'Adresse e-mail ou identifiant.' }),
    password: t.string({ description: 'Mot de passe.', required: true }),
    remember: t.boolean({ description: 'Se rappeler de moi : session longue (vrai par défaut).' }),
  }),
});

const RegisterInput = builder.inputType('RegisterInput', {
  description: 'Demande d’inscription d’un huissier depuis l’application, à approuver par un administrateur.',
  fields: (t) => ({
    civility: t.string({ description: 'MONSIEUR (défaut), MADAME ou MAITRE ; les libellés français sont acceptés.' }),
    firstName: t.string({ description: 'Prénom.', required: true }),
    lastName: t.string({ description: 'Nom.', required: true }),
    telephone: t.string({ description: 'Téléphone.', required: true }),
    address: t.string({ description: 'Adresse postale.', required: true }),
    zip: t.string({ description: 'Code postal.', required: true }),
    city: t.string({ description: 'Ville.', required: true }),
    identity: t.string({ description: 'Identifiant de connexion souhaité.', required: true }),
    email: t.string({ description: 'Adresse e-mail.', required: true }),
    password: t.string({ description: 'Mot de passe.', required: true }),
  }),
});

const EmailInput = builder.inputType('RequestPasswordResetInput', {
  description: 'Demande de lien de réinitialisation du mot de passe.',
  fields: (t) => ({ email: t.string({ description: 'Adresse e-mail du compte.', required: true }) }),
});

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  description: 'Nouveau mot de passe choisi depuis le lien reçu par e-mail.',
  fields: (t) => ({
    token: t.string({ description: 'Jeton du lien reçu par e-mail.', required: true }),
    password: t.string({ description: 'Nouveau mot de passe.', required: true }),
  }),
});

const LoginAsInput = builder.inputType('LoginAsInput', {
  description: 'Connexion « en tant que » un autre compte (administrateur).',
  fields: (t) => ({ email: t.string({ description: 'Adresse e-mail ou identifiant du compte.', required: true }) }),
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
    description: 'Vrai si le lien de réinitialisation est encore utilisable.',
    args: { token: t.arg.string({ description: 'Jeton du lien reçu par e-mail.', required: true }) },
    resolve: (_root, args, ctx) => auth.isResetTokenUsable(ctx, args.token),
  }),
}));

builder.mutationFields((t) => ({
  login: t.field({
    description: 'Ouvre une session ; le jeton rendu s’envoie ensuite en Authorization: Bearer.',
    type: LoginPayload,
    args: { input: t.arg({ description: 'Identifiants.', type: LoginInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const signedIn = await auth.login(ctx, { login: input.email, password: input.password, remember: input.remember ?? true });
      return actAs(ctx, signedIn);
    },
  }),
  logout: t.boolean({
    description: 'Ferme la session courante.',
    authScopes: { authenticated: true },
    resolve: async (_root, _args, ctx) => {
      await auth.logout(ctx);
      return true;
    },
  }),
  register: t.field({
    description: 'Demande la création d’un compte huissier (à approuver par un administrateur).',
    type: MessagePayload,
    args: { input: t.arg({ description: 'La demande.', type: RegisterInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await register(ctx, input);
      return { message: messages.registrationSent };
    },
  }),
  requestPasswordReset: t.field({
    description: 'Envoie par e-mail un lien de réinitialisation du mot de passe (même réponse que le compte existe ou non).',
    type: MessagePayload,
    args: { input: t.arg({ description: 'L’adresse e-mail.', type: EmailInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await auth.requestPasswordReset(ctx, input.email);
      return { message: messages.recoverySent };
    },
  }),
  resetPassword: t.field({
    description: 'Change le mot de passe depuis le lien reçu par e-mail.',
    type: MessagePayload,
    args: { input: t.arg({ description: 'Le jeton et le nouveau mot de passe.', type: ResetPasswordInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await auth.resetPassword(ctx, input.token, input.password);
      return { message: messages.passwordChanged };
    },
  }),
  loginAs: t.field({
    description: 'Ouvre une session « en tant que » un autre compte (administrateur) ; la session garde la trace de l’administrateur.',
    type: LoginPayload,
    authScopes: { admin: true },
    args: { input: t.arg({ description: 'Le compte à prendre.', type: LoginAsInput, required: true }) },
    resolve: async (_root, { input }, ctx) => actAs(ctx, await auth.loginAs(ctx, input.email)),
  }),
}));
