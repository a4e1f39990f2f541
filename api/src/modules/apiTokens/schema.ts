import { pages, STANDARD_PAGES } from '../../graphql/page-sizes.js';
import { builder } from '../../graphql/builder.js';
import { databaseId } from '../../graphql/ids.js';
import { GroupNode } from '../groups/schema.js';
import { apiTokenMessages, MAX_TOKEN_GROUPS, tokenStatus } from './rules.js';
import { API_TOKEN_SCOPES, ROLE_SCOPES, scopeLabels } from './scopes.js';
import * as apiTokens from './service.js';

const ApiTokenStatusEnum = builder.enumType('ApiTokenStatus', {
  description: 'État d’un jeton d’API.',
  values: {
    ACTIVE: { description: 'Utilisable jusqu’à sa date d’expiration.' },
    EXPIRED: { description: 'Date d’expiration passée : refusé (HTTP 401).' },
    REVOKED: { description: 'Révoqué par son créateur ou un administrateur : refusé (HTTP 401).' },
  } as const,
});

const ApiTokenScopeEnum = builder.enumType('ApiTokenScope', {
  description: 'Portée de lecture d’un jeton d’API : chaque champ d’une requête exige la sienne (docs/api.md).',
  values: Object.fromEntries(API_TOKEN_SCOPES.map((scope) => [scope, { description: scopeLabels[scope] }])) as Record<
    (typeof API_TOKEN_SCOPES)[number],
    { description: string }
  >,
});

export const ApiTokenNode = builder.prismaNode('ApiToken', {
  id: { field: 'id' },
  nullable: true,
  description:
    'Jeton d’API personnel (« Jetons d’API ») : accès en lecture seule à /graphql, au plus avec la visibilité de son créateur, ' +
    'restreint à ses portées (et à ses études), envoyé en « Authorization: Bearer cst_… ». Seule son empreinte est conservée.',
  visibleTo: (token, ctx) => apiTokens.canManageToken(ctx.viewer, token),
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Nom donné à la création (l’outil ou la personne qui l’utilise).' }),
    creator: t.relation('user', { description: 'Compte qui l’a créé ; le jeton lit au plus ce que ce compte peut lire.' }),
    scopes: t.field({
      type: [ApiTokenScopeEnum],
      description: 'Portées de lecture du jeton.',
      select: { scopes: true },
      resolve: (token) => token.scopes,
    }),
    groups: t.field({
      type: [GroupNode],
      description: 'Études auxquelles le jeton d’un administrateur est limité ; vide : toutes.',
      select: { groups: { select: { group: true }, orderBy: { groupId: 'asc' } } },
      resolve: (token) => token.groups.map((limit) => limit.group),
    }),
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
    scopes: t.field({
      type: [ApiTokenScopeEnum],
      required: true,
      description: 'Portées de lecture (au moins une), parmi celles que le rôle du créateur peut lire.',
    }),
    groupIds: t.globalIDList({
      for: GroupNode,
      description: `Administrateurs : les études (${MAX_TOKEN_GROUPS} au plus) auxquelles limiter le jeton, qui ne lit alors que les constats et la facturation ; absent : toutes.`,
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
  apiTokenScopeChoices: t.field({
    type: [ApiTokenScopeEnum],
    description: 'Les portées que l’utilisateur connecté peut donner à un jeton d’API (celles que son rôle lit).',
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => [...ROLE_SCOPES[ctx.viewer!.role]],
  }),
  apiTokens: t.prismaConnection({
    type: ApiTokenNode,
    cursor: 'id',
    ...pages(STANDARD_PAGES),
    description: 'Jetons d’API, des plus récents aux plus anciens : tous pour un administrateur, les siens pour les autres.',
    authScopes: { authenticated: true },
    totalCount: (_parent, _args, ctx) => ctx.db.apiToken.count({ where: apiTokens.manageableTokens(ctx.viewer!) }),
    resolve: (query, _root, _args, ctx) =>
      ctx.db.apiToken.findMany({
        ...query,
        where: apiTokens.manageableTokens(ctx.viewer!),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),
  }),
}));

builder.mutationFields((t) => ({
  createApiToken: t.field({
    type: CreateApiTokenPayload,
    description: 'Crée un jeton d’API en lecture seule au nom de l’utilisateur connecté ; le secret n’est rendu qu’ici.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: CreateApiTokenInput, required: true, description: 'Nom, date d’expiration, portées et études.' }) },
    resolve: async (_root, { input }, ctx) => {
      const { token, id } = await apiTokens.createApiToken(ctx, {
        name: input.name,
        expiresAt: input.expiresAt,
        scopes: input.scopes,
        groupIds: input.groupIds?.map((groupId) => databaseId(groupId, 'Group', apiTokenMessages.groupNotFound)),
      });
      return { token, apiTokenId: id };
    },
  }),
  revokeApiToken: t.field({
    type: RevokeApiTokenPayload,
    description:
      'Révoque un jeton d’API (un des siens, ou n’importe lequel pour un administrateur) : ses requêtes suivantes reçoivent HTTP 401.',
    authScopes: { authenticated: true },
    args: { input: t.arg({ type: RevokeApiTokenInput, required: true, description: 'Le jeton à révoquer.' }) },
    resolve: async (_root, { input }, ctx) => {
      const apiTokenId = databaseId(input.id, 'ApiToken', apiTokenMessages.notFound);
      await apiTokens.revokeApiToken(ctx, apiTokenId);
      return { apiTokenId };
    },
  }),
}));
