import { encodeGlobalID } from '@pothos/plugin-relay';
import type { AppContext } from '../../context.js';
import { pages, STANDARD_PAGES } from '../../graphql/page-sizes.js';
import { builder } from '../../graphql/builder.js';
import { CivilityEnum, RoleEnum, UserStatusEnum } from './enums.js';
import {
  CreateAccountInput,
  ReviewPendingAccountInput,
  SetAccountActiveInput,
  StageAvatarInput,
  UpdateAccountInput,
  UpdateMyProfileInput,
  accountInput,
  userId,
} from './inputs.js';
import { accountMessages, formatUnitPrice, roleIds, searchWords } from './rules.js';
import * as accounts from './service.js';
import { CHOICES_TAKE, MAX_CHOICES, allChoices } from '../../lib/choices.js';
import { stageAvatar } from './staged-avatars.js';

// Who may read which part of an account. Fields a viewer may not read resolve to null (no error),
// so one fragment serves every role.
const isAdminOrSelf = (user: { id: number }, ctx: AppContext) => ctx.viewer?.role === 'ADMIN' || ctx.viewer?.id === user.id;
const adminOrSelf = (user: { id: number }, _args: object, ctx: AppContext) => isAdminOrSelf(user, ctx);
/** Secretaries read a bailiff's instructions and matrices in the bailiff info modal (product.md §2). */
const adminSelfOrSecretary = (user: { id: number }, _args: object, ctx: AppContext) =>
  isAdminOrSelf(user, ctx) || ctx.viewer?.role === 'SECRETARY';
/** Signed-in viewers read a gated field as null; an anonymous caller gets the type's refusal. */
const hidden = (_parent: unknown, _args: unknown, ctx: AppContext, _info: unknown, error: Error) => {
  if (!ctx.viewer) throw error;
  return null;
};
/** The options of a private field: admins and the account's owner read it, other viewers null. */
const PRIVATE = { nullable: true, authScopes: adminOrSelf, unauthorizedResolver: hidden } as const;
/** Likewise, secretaries too. */
const SECRETARY_READABLE = { nullable: true, authScopes: adminSelfOrSecretary, unauthorizedResolver: hidden } as const;

export const UserNode = builder.prismaNode('User', {
  description:
    'Un compte : administrateur, huissier ou secrétaire. Les coordonnées et données privées ne sont lisibles que par un administrateur et par le titulaire (null pour les autres).',
  id: { field: 'id' },
  // node(id:) of a missing record is null, not an error.
  nullable: true,
  // Any signed-in user may see who someone is (names on reports, comments, calendars); contact and
  // private details are gated field by field below.
  visibleTo: (_user, ctx) => !!ctx.viewer,
  // Select mode: a query reads only the columns its fields need (a report list showing names does
  // not load every column of each bailiff and secretary, password hash included).
  // Names always: they are what every list shows of a person, so a person handed over by another
  // type's plain row (the Report's, reports/rows.ts) answers them without a query.
  select: { id: true, firstName: true, lastName: true },
  fields: (t) => ({
    // Read from the type's own selection (plain resolvers, not exposes that would select again).
    databaseId: t.int({ description: 'Identifiant numérique (ancienne API REST).', resolve: (user) => user.id }),
    role: t.expose('role', { description: 'Type de compte.', type: RoleEnum }),
    roleId: t.string({
      description: "role_id de l'ancienne API : '1', '2' ou '3'.",
      select: { role: true },
      resolve: (user) => roleIds[user.role],
    }),
    civility: t.expose('civility', { description: 'Civilité.', type: CivilityEnum }),
    firstName: t.string({ description: 'Prénom.', resolve: (user) => user.firstName }),
    lastName: t.string({ description: 'Nom.', resolve: (user) => user.lastName }),
    fullName: t.string({ description: 'Prénom et nom, pour l’affichage.', resolve: (user) => `${user.firstName} ${user.lastName}` }),
    avatarUrl: t.string({
      nullable: true,
      description: 'Lien signé et temporaire vers la photo de profil ; null : le client affiche l’avatar par défaut.',
      select: { avatarKey: true },
      resolve: (user, _args, ctx) => (user.avatarKey ? ctx.files.file(user.avatarKey, `photo${extensionOf(user.avatarKey)}`) : null),
    }),
    groupName: t.string({
      nullable: true,
      description: "Nom de l'étude d'un huissier.",
      select: { group: { select: { name: true } } },
      resolve: (user) => user.group?.name ?? null,
    }),
    // Contact and private details: admins and the account's owner only.
    status: t.expose('status', { description: 'État du compte (administrateur ou titulaire).', type: UserStatusEnum, ...PRIVATE }),
    email: t.exposeString('email', { description: 'Adresse e-mail (administrateur ou titulaire).', ...PRIVATE }),
    identity: t.exposeString('identity', { description: 'Identifiant de connexion.', ...PRIVATE }),
    telephone: t.exposeString('telephone', { description: 'Téléphone (administrateur ou titulaire).', ...PRIVATE }),
    group: t.relation('group', { description: "L'étude d'un huissier (coordonnées et tarifs).", ...PRIVATE }),
    siret: t.exposeString('siret', { description: 'Secrétaire : numéro Siret (administrateur ou titulaire).', ...PRIVATE }),
    address: t.exposeString('address', { description: 'Secrétaire : adresse postale (administrateur ou titulaire).', ...PRIVATE }),
    zip: t.exposeString('zip', { description: 'Secrétaire : code postal (administrateur ou titulaire).', ...PRIVATE }),
    city: t.exposeString('city', { description: 'Secrétaire : ville (administrateur ou titulaire).', ...PRIVATE }),
    rib: t.exposeString('rib', { description: 'Secrétaire : RIB (administrateur ou titulaire).', ...PRIVATE }),
    secretaryPricePage: t.string({
      description: 'Tarif par page de la secrétaire, en euros (« 1.20 »).',
      ...PRIVATE,
      select: { secretaryPricePage: true },
      resolve: (user) => formatUnitPrice(user.secretaryPricePage),
    }),
    secretaryPricePhoto: t.string({
      description: 'Tarif par photo de la secrétaire, en euros (« 0.35 »).',
      ...PRIVATE,
      select: { secretaryPricePhoto: true },
      resolve: (user) => formatUnitPrice(user.secretaryPricePhoto),
    }),
    description: t.exposeString('description', {
      description: 'Administrateur : description libre (administrateur ou titulaire).',
      ...PRIVATE,
    }),
    lastActivityAt: t.expose('lastActivityAt', {
      description: 'Dernière activité connue sur l’application.',
      type: 'DateTime',
      ...PRIVATE,
    }),
    createdAt: t.expose('createdAt', { description: 'Date de création du compte.', type: 'DateTime', ...PRIVATE }),
    createdBy: t.relation('createdBy', { description: "L'administrateur qui a créé le compte (null pour une inscription).", ...PRIVATE }),
    // What a bailiff asks of the secretaries who type for them.
    instructions: t.exposeString('instructions', {
      description: 'Consignes aux secrétaires (HTML nettoyé) ; null quand il n’y en a pas.',
      ...SECRETARY_READABLE,
    }),
    matrices: t.relation('matrices', {
      type: MatrixNode,
      description: 'Matrices associées (documents modèles d’un huissier), des plus anciennes aux plus récentes.',
      ...SECRETARY_READABLE,
      query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    }),
  }),
});

const extensionOf = (key: string) => /\.[a-z0-9]+$/.exec(key)?.[0] ?? '';

export const MatrixNode = builder.prismaNode('UserMatrix', {
  variant: 'Matrix',
  id: { field: 'id' },
  // node(id:) of a missing record is null, not an error.
  nullable: true,
  description: 'Une matrice associée : document modèle qu’un huissier met à disposition des secrétaires.',
  visibleTo: (matrix, ctx) => ctx.viewer?.role === 'ADMIN' || ctx.viewer?.role === 'SECRETARY' || ctx.viewer?.id === matrix.userId,
  select: { userId: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Identifiant numérique.' }),
    name: t.exposeString('originalName', { description: 'Nom du fichier envoyé.' }),
    size: t.exposeInt('size', { description: 'Taille en octets.' }),
    mimeType: t.exposeString('mimeType', { description: 'Type MIME du fichier (application/pdf…).' }),
    url: t.string({
      description: 'Lien signé et temporaire pour l’afficher (visionneuse).',
      select: { storageKey: true, originalName: true },
      resolve: (matrix, _args, ctx) => ctx.files.file(matrix.storageKey, matrix.originalName),
    }),
    downloadUrl: t.string({
      description: 'Lien signé et temporaire pour le télécharger.',
      select: { storageKey: true, originalName: true },
      resolve: (matrix, _args, ctx) => ctx.files.file(matrix.storageKey, matrix.originalName, { download: true }),
    }),
    createdAt: t.expose('createdAt', { description: 'Date d’envoi de la matrice.', type: 'DateTime' }),
  }),
});

const AccountPayload = builder.objectRef<{ userId: number; message: string }>('AccountPayload').implement({
  description: 'Résultat d’une création ou d’une modification de compte.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Message de succès à afficher.' }),
    user: t.prismaField({
      description: 'Le compte créé ou modifié, relu après l’enregistrement.',
      type: UserNode,
      resolve: (query, payload, _args, ctx) => ctx.db.user.findUniqueOrThrow({ ...query, where: { id: payload.userId } }),
    }),
  }),
});

const ReviewPendingAccountPayload = builder
  .objectRef<{ userId: number; approved: boolean; message: string }>('ReviewPendingAccountPayload')
  .implement({
    description: 'Résultat de l’examen d’une demande de création de compte.',
    fields: (t) => ({
      message: t.exposeString('message', { description: 'Message de succès à afficher.' }),
      user: t.prismaField({
        type: UserNode,
        nullable: true,
        description: 'Le compte approuvé ; null quand la demande est refusée (le compte est supprimé).',
        resolve: (query, payload, _args, ctx) => {
          if (payload.approved) return ctx.db.user.findUnique({ ...query, where: { id: payload.userId } });
          // Nothing to load: reading the selection marks it consumed (no unused-query warning).
          void { ...query };
          return null;
        },
      }),
      deletedUserId: t.id({
        nullable: true,
        description: 'Identifiant global du compte supprimé, pour le retirer des listes.',
        resolve: (payload) => (payload.approved ? null : encodeGlobalID('User', payload.userId)),
      }),
    }),
  });

const StagedAvatarPayload = builder.objectRef<{ key: string }>('StagedAvatarPayload').implement({
  description: 'Photo enregistrée, à lier au compte par avatarKey lors de l’enregistrement du formulaire.',
  fields: (t) => ({
    avatarKey: t.exposeString('key', { description: 'Clé de la photo, à passer en avatarKey.' }),
    url: t.string({
      description: 'Lien signé et temporaire vers l’image.',
      resolve: (payload, _args, ctx) => ctx.files.file(payload.key, `photo${extensionOf(payload.key)}`),
    }),
  }),
});

builder.queryFields((t) => ({
  users: t.prismaConnection(
    {
      type: UserNode,
      cursor: 'id',
      ...pages(STANDARD_PAGES),
      description: 'Comptes (« Voir les comptes »), triés par nom : filtre par type, statut et mot-clé (sans accents ni casse).',
      authScopes: { admin: true },
      args: {
        role: t.arg({ description: 'Seulement ce type de compte.', type: RoleEnum }),
        status: t.arg({ description: 'Seulement cet état (PENDING : demandes d’inscription à examiner).', type: UserStatusEnum }),
        selectable: t.arg.boolean({
          description: 'Seulement les comptes proposés dans les sélecteurs et filtres : jamais un compte en attente de validation.',
        }),
        keyword: t.arg.string({ description: 'Cherché dans nom, prénom, e-mail et identifiant.' }),
      },
      totalCount: (_parent, args, ctx) =>
        ctx.db.user.count({ where: accounts.accountsWhere({ ...args, words: searchWords(args.keyword) }) }),
      resolve: (query, _root, args, ctx) =>
        ctx.db.user.findMany({
          ...query,
          where: accounts.accountsWhere({ ...args, words: searchWords(args.keyword) }),
          orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
        }),
    },
    {},
  ),
  peopleChoices: t.prismaField({
    type: [UserNode],
    description:
      'Tous les comptes d’un type à proposer dans un sélecteur (attribution, filtres des listes, création d’un constat), triés par nom, ' +
      `sans page : jamais un compte en attente de validation. Au-delà de ${MAX_CHOICES} comptes, une erreur plutôt qu’une liste tronquée.`,
    authScopes: { admin: true },
    args: {
      role: t.arg({ description: 'Le type de compte.', type: RoleEnum, required: true }),
      activeOnly: t.arg.boolean({
        description: 'Seulement les comptes actifs (attribution, création d’un constat) ; sinon les désactivés aussi (filtres des listes).',
      }),
    },
    resolve: async (query, _root, args, ctx) =>
      allChoices(
        await ctx.db.user.findMany({
          ...query,
          where: accounts.accountsWhere({ role: args.role, status: args.activeOnly ? 'ACTIVE' : null, selectable: true, words: [] }),
          orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
          take: CHOICES_TAKE,
        }),
      ),
  }),
}));

builder.mutationFields((t) => ({
  createAccount: t.field({
    type: AccountPayload,
    description: 'Crée un compte actif (huissier, administrateur ou secrétaire).',
    authScopes: { admin: true },
    args: { input: t.arg({ description: 'Le compte à créer.', type: CreateAccountInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({
      userId: await accounts.createAccount(ctx, input.role, accountInput(input)),
      message: accountMessages.created,
    }),
  }),
  updateAccount: t.field({
    description: 'Modifie un compte (administrateur).',
    type: AccountPayload,
    authScopes: { admin: true },
    args: { input: t.arg({ description: 'Les champs à modifier.', type: UpdateAccountInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const id = userId(input.id);
      await accounts.updateAccount(ctx, id, accountInput(input));
      return { userId: id, message: accountMessages.updated };
    },
  }),
  updateMyProfile: t.field({
    description: 'Modifie le profil de l’utilisateur connecté.',
    type: AccountPayload,
    authScopes: { authenticated: true },
    args: { input: t.arg({ description: 'Les champs à modifier.', type: UpdateMyProfileInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await accounts.updateProfile(ctx, accountInput(input));
      return { userId: ctx.viewer!.id, message: accountMessages.updated };
    },
  }),
  setAccountActive: t.field({
    type: AccountPayload,
    description: 'Active ou désactive un compte ; la désactivation ferme toutes ses sessions.',
    authScopes: { admin: true },
    args: { input: t.arg({ description: 'Le compte et son nouvel état.', type: SetAccountActiveInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const id = userId(input.id);
      await accounts.setAccountStatus(ctx, id, input.active);
      return { userId: id, message: input.active ? 'Compte activé.' : 'Compte désactivé.' };
    },
  }),
  stageAvatar: t.field({
    type: StagedAvatarPayload,
    description: 'Ancienne API users/image : envoie une photo de profil avant d’enregistrer le formulaire du compte.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ description: 'La photo.', type: StageAvatarInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ key: await stageAvatar(ctx, input.image) }),
  }),
  reviewPendingAccount: t.field({
    type: ReviewPendingAccountPayload,
    description: "Approuve ou refuse une demande de création de compte depuis l'application.",
    authScopes: { admin: true },
    args: { input: t.arg({ description: 'Le compte et la décision.', type: ReviewPendingAccountInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const id = userId(input.id);
      await accounts.reviewPendingAccount(ctx, id, input.approve);
      return {
        userId: id,
        approved: input.approve,
        message: input.approve
          ? 'La demande de création de compte a été approuvée. Le nouveau compte est maintenant actif.'
          : 'La demande de création de compte a été refusée. Le nouveau compte a été supprimé.',
      };
    },
  }),
}));
