import { pages, STANDARD_PAGES } from '../../graphql/page-sizes.js';
import { builder } from '../../graphql/builder.js';
import { databaseId } from '../../graphql/ids.js';
import { apiTokenMessages, tokenStatus } from './rules.js';
import * as apiTokens from './service.js';

const ApiTokenStatusEnum = builder.enumType('ApiTokenStatus', {
  description: 'État d’un jeton d’API.',
  values: {
    ACTIVE: { description: 'Utilisable jusqu’à sa date d’expiration.' },
    EXPIRED: { description: 'Date d’expiration passée : refusé (HTTP 401).' },
    REVOKED: { description: 'Révoqué par un administrateur : refusé (HTTP 401).' },
  } as const,
});

export const ApiTokenNode = builder.prismaNode('ApiToken', {
  id: { field: 'id' },
  nullable: true,
  description:
    'Jeton d’API personnel (« Jetons d’API ») : accès en lecture seule à /graphql avec la visibilité de son créateur, ' +
    'envoyé en « Authorization: Bearer cst_… ». Seule son empreinte est conservée.',
  visibleTo: (_token, ctx) => ctx.viewer?.role === 'ADMIN',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Nom donné à la création (l’outil ou la personne qui l’utilise).' }),
    creator: t.relation('user', { description: 'Administrateur qui l’a créé ; le jeton lit ce que ce compte peut lire.' }),
    status: t.field({
      type: ApiTokenStatusEnum,
      description: 'Actif, expiré ou révoqué.',
      resolve: (token) => tokenStatus(token, new Date()),
    }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'Date d’expiration (au plus un an après la création).' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true, description: 'Date de révocation, le cas échéant.' }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Dernière utilisation (à la minute près), null s’il n’a jamais servi.',
    }),
    lastUsedIp: t.exposeString('lastUsedIp', { nullable: true, description: 'Adresse IP de la dernière utilisation.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Date de création.' }),
  }),
});

const CreateApiTokenInput = builder.inputType('CreateApiTokenInput', {
  description: 'Création d’un jeton d’API.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'Nom du jeton (1 à 100 caractères).' }),
    expiresAt: t.field({
      type: 'DateTime',
      description: 'Date d’expiration, dans le futur et au plus un an après maintenant ; 90 jours si absente.',
    }),
  }),
});

const RevokeApiTokenInput = builder.inputType('RevokeApiTokenInput', {
  description: 'Révocation d’un jeton d’API.',
  fields: (t) => ({ id: t.globalID({ required: true, description: 'Identifiant du jeton.' }) }),
});

const CreateApiTokenPayload = builder.objectRef<{ token: string; apiTokenId: number }>('CreateApiTokenPayload').implement({
  description: 'Le jeton créé et son secret.',
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Le secret du jeton (« cst_… »), affiché cette seule fois : il n’est pas conservé.' }),
    apiToken: t.prismaField({
      type: ApiTokenNode,
      description: 'Le jeton créé.',
      resolve: (query, payload, _args, ctx) => ctx.db.apiToken.findUniqueOrThrow({ ...query, where: { id: payload.apiTokenId } }),
    }),
  }),
});

const RevokeApiTokenPayload = builder.objectRef<{ apiTokenId: number }>('RevokeApiTokenPayload').implement({
  description: 'Le jeton révoqué.',
  fields: (t) => ({
    apiToken: t.prismaField({
      type: ApiTokenNode,
      description: 'Le jeton, désormais révoqué.',
      resolve: (query, payload, _args, ctx) => ctx.db.apiToken.findUniqueOrThrow({ ...query, where: { id: payload.apiTokenId } }),
    }),
  }),
});

builder.queryFields((t) => ({
  apiTokens: t.prismaConnection({
    type: ApiTokenNode,
    cursor: 'id',
    ...pages(STANDARD_PAGES),
    description: 'Jetons d’API de tous les administrateurs, des plus récents aux plus anciens (administrateurs).',
    authScopes: { admin: true },
    totalCount: (_parent, _args, ctx) => ctx.db.apiToken.count(),
    resolve: (query, _root, _args, ctx) => ctx.db.apiToken.findMany({ ...query, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
  }),
}));

builder.mutationFields((t) => ({
  createApiToken: t.field({
    type: CreateApiTokenPayload,
    description: 'Crée un jeton d’API en lecture seule au nom de l’administrateur connecté ; le secret n’est rendu qu’ici.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: CreateApiTokenInput, required: true, description: 'Nom et date d’expiration.' }) },
    resolve: async (_root, { input }, ctx) => {
      const { token, id } = await apiTokens.createApiToken(ctx, { name: input.name, expiresAt: input.expiresAt });
      return { token, apiTokenId: id };
    },
  }),
  revokeApiToken: t.field({
    type: RevokeApiTokenPayload,
    description: 'Révoque un jeton d’API : ses requêtes suivantes reçoivent HTTP 401.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: RevokeApiTokenInput, required: true, description: 'Le jeton à révoquer.' }) },
    resolve: async (_root, { input }, ctx) => {
      const apiTokenId = databaseId(input.id, 'ApiToken', apiTokenMessages.notFound);
      await apiTokens.revokeApiToken(ctx, apiTokenId);
      return { apiTokenId };
    },
  }),
}));
