import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import SyncGlobalIdPlugin from './sync-global-id.js';
import TotalCountDescriptionPlugin from './total-count-description.js';
import TypeVisibilityPlugin from './type-visibility.js';
import type PrismaTypes from '../generated/pothos-types.js';
import { getDatamodel } from '../generated/pothos-types.js';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import type { AppContext } from '../context.js';
import { toDecimal, type DecimalInput } from '@constats/domain/money';
import { AppError, refusalFor } from '../errors.js';
import { visibleNode } from './node-visibility.js';
import { decodeGlobalId } from './ids.js';

/** The only place that lists the Pothos plugins (scope-auth first, as its docs require). */
export const builder = new SchemaBuilder<{
  Context: AppContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: { authenticated: boolean; admin: boolean; bailiff: boolean; secretary: boolean };
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    Upload: { Input: Promise<FileUpload>; Output: never };
    Decimal: { Input: string; Output: DecimalInput };
  };
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
}>({
  // Fields are non-null unless declared otherwise: clients never have to guess.
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin, SyncGlobalIdPlugin, TotalCountDescriptionPlugin, TypeVisibilityPlugin],
  scopeAuth: {
    // Refuse anonymous subscribers when they subscribe, not on each event.
    authorizeOnSubscribe: true,
    authScopes: (ctx) => ({
      authenticated: !!ctx.viewer,
      admin: ctx.viewer?.role === 'ADMIN',
      bailiff: ctx.viewer?.role === 'BAILIFF',
      secretary: ctx.viewer?.role === 'SECRETARY',
    }),
    unauthorizedError: (_parent, ctx) => refusalFor(ctx.viewer),
  },
  prisma: {
    client: (ctx) => ctx.db,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === 'production' ? null : 'warn',
  },
  relay: {
    clientMutationId: 'omit',
    decodeGlobalID: decodeGlobalId,
    cursorType: 'String',
    // Relay's generated types and arguments are described once here, for every connection.
    nodeTypeOptions: { description: 'Tout objet identifiable par son identifiant global, relisible par `node(id:)`.' },
    pageInfoTypeOptions: { description: 'Où en est la pagination par curseur d’une liste.' },
    hasNextPageFieldOptions: { description: 'Vrai s’il reste des éléments après cette page : passer `endCursor` en `after`.' },
    hasPreviousPageFieldOptions: { description: 'Vrai s’il reste des éléments avant cette page : passer `startCursor` en `before`.' },
    startCursorFieldOptions: { description: 'Curseur du premier élément de la page (null si la page est vide).' },
    endCursorFieldOptions: { description: 'Curseur du dernier élément de la page (null si la page est vide).' },
    defaultConnectionTypeOptions: { description: 'Une page d’une liste paginée par curseur (connexion Relay).' },
    defaultEdgeTypeOptions: { description: 'Un élément d’une page et son curseur.' },
    edgesFieldOptions: { nullable: false, description: 'Les éléments de la page, dans l’ordre de la liste.' },
    pageInfoFieldOptions: { description: 'Curseurs de la page et présence de pages avant et après.' },
    cursorFieldOptions: { description: 'Curseur opaque de cet élément, pour `after` ou `before`.' },
    nodeFieldOptions: { nullable: false, description: 'L’élément.' },
    firstArgOptions: {
      description: 'Nombre d’éléments à lire après `after` (au-delà du maximum de la liste, une erreur : voir docs/api.md).',
    },
    afterArgOptions: { description: 'Curseur (`endCursor` de la page précédente) après lequel lire.' },
    lastArgOptions: { description: 'Nombre d’éléments à lire avant `before` (au-delà du maximum de la liste, une erreur).' },
    beforeArgOptions: { description: 'Curseur (`startCursor` de la page suivante) avant lequel lire.' },
    // No node type is public: anonymous callers are refused whether the id exists or not; for the
    // signed-in, a forbidden node reads as a missing one (null, no error), see node-visibility.ts.
    nodeQueryOptions: {
      description: 'Relit un objet par son identifiant global ; null s’il n’existe pas ou n’est pas visible.',
      args: { id: { description: 'Identifiant global de l’objet.' } },
      authScopes: { authenticated: true },
      resolve: async (_root, { id }, ctx, info, resolveNode) => visibleNode(await resolveNode(id), id.typename, ctx, info),
    },
    nodesQueryOptions: {
      description:
        'Relit plusieurs objets par leurs identifiants globaux, dans le même ordre ; null pour chacun qui n’existe pas ou n’est pas visible.',
      args: { ids: { description: 'Identifiants globaux des objets.' } },
      authScopes: { authenticated: true },
      resolve: async (_root, { ids }, ctx, info, resolveNodes) =>
        Promise.all((await resolveNodes(ids)).map((node, index) => visibleNode(node, ids[index].typename, ctx, info))),
    },
  },
});

builder.scalarType('DateTime', {
  description: 'Date et heure ISO 8601 (UTC).',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) {
      throw new AppError('BAD_USER_INPUT', 'Date invalide (format ISO 8601 attendu, par exemple 2026-11-29T10:00:00Z).', {
        reason: 'INVALID_DATE_TIME',
      });
    }
    return date;
  },
});

builder.scalarType('Decimal', {
  description: 'Nombre décimal exact en chaîne, au moins deux décimales ("1234.50", "1.255") : montants en euros, tarifs.',
  serialize: (value) => {
    const decimal = toDecimal(value);
    return decimal.toFixed(Math.max(2, decimal.decimalPlaces()));
  },
  parseValue: (value) => {
    if (typeof value !== 'string' || !/^\d{1,7}(\.\d{1,3})?$/.test(value)) {
      throw new AppError('BAD_USER_INPUT', 'Nombre décimal invalide (chiffres, point décimal, trois décimales au plus : "1234.50").', {
        reason: 'INVALID_DECIMAL',
      });
    }
    return value;
  },
});

// GraphQL multipart request spec: files arrive as streams while the request is still uploading.
builder.addScalarType('Upload', GraphQLUpload);

builder.queryType({ description: 'Lectures : chaque champ applique la visibilité de l’utilisateur connecté.' });
builder.mutationType({ description: 'Écritures (refusées aux jetons d’API, en lecture seule).' });
builder.subscriptionType({ description: 'Événements en direct, sur WebSocket (graphql-ws).' });

/** The builder's resolved schema types, for helpers that build fields outside a `fields` callback. */
export type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;
