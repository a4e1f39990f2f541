import { pages, STANDARD_PAGES } from '../../graphql/page-sizes.js';
import { builder, type BuilderTypes } from '../../graphql/builder.js';
import { databaseId } from '../../graphql/ids.js';
import { formatUnitPrice, searchTextClauses, searchWords } from '../accounts/rules.js';
import { CHOICES_TAKE, MAX_CHOICES, allChoices } from '../../lib/choices.js';
import { sirenOfSiret } from '@constats/domain/identifiers';
import { groupMessages } from './rules.js';
import * as groups from './service.js';

export const GroupNode = builder.prismaNode('Group', {
  id: { field: 'id' },
  // node(id:) of a missing record is null, not an error.
  nullable: true,
  description: 'Une étude (client facturé) avec ses tarifs.',
  // Admins manage every étude; a bailiff sees their own (read-only study info of the profile).
  visibleTo: async (group, ctx) => {
    if (ctx.viewer?.role === 'ADMIN') return true;
    return ctx.viewer?.role === 'BAILIFF' && (await groups.viewerGroupId(ctx)) === group.id;
  },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Identifiant numérique (ancienne API REST).' }),
    name: t.exposeString('name', { description: 'Nom de l’étude.' }),
    siret: t.exposeString('siret', { description: 'Siret de l’étude.' }),
    telephone: t.exposeString('telephone', { description: 'Téléphone de l’étude.' }),
    email: t.exposeString('email', { description: 'Adresse e-mail de la comptabilité (envoi des factures).' }),
    address: t.exposeString('address', { description: 'Adresse postale.' }),
    zip: t.exposeString('zip', { description: 'Code postal.' }),
    city: t.exposeString('city', { description: 'Ville.' }),
    siren: t.string({
      nullable: true,
      description:
        'SIREN tiré du Siret (ses 9 premiers chiffres) quand le Siret est valide ; identifiant de l’acheteur sur les factures Factur-X.',
      resolve: (group) => sirenOfSiret(group.siret),
    }),
    vatNumber: t.exposeString('vatNumber', { nullable: true, description: 'Numéro de TVA intracommunautaire (FR, clé, SIREN).' }),
    billingAddress: t.exposeString('billingAddress', {
      nullable: true,
      description: 'Adresse de facturation, quand elle diffère de l’adresse de l’étude.',
    }),
    billingZip: t.exposeString('billingZip', { nullable: true, description: 'Code postal de l’adresse de facturation.' }),
    billingCity: t.exposeString('billingCity', { nullable: true, description: 'Ville de l’adresse de facturation.' }),
    electronicAddress: t.exposeString('electronicAddress', {
      nullable: true,
      description: 'Adresse électronique de facturation (annuaire, schéma 0225) saisie ; null : le SIREN est utilisé.',
    }),
    pricePage: t.string({ description: 'Tarif par page, en euros (« 2.50 »).', resolve: (group) => formatUnitPrice(group.pricePage) }),
    pricePhoto: t.string({ description: 'Tarif par photo, en euros (« 0.80 »).', resolve: (group) => formatUnitPrice(group.pricePhoto) }),
    memberCount: t.relationCount('members', { description: 'Nombre de personnes liées à l’étude.' }),
    members: t.relatedConnection('members', {
      cursor: 'id',
      ...pages(STANDARD_PAGES),
      description: 'Huissiers de l’étude (nom, dernière activité).',
      authScopes: { admin: true },
      query: () => ({ orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }] }),
    }),
    createdAt: t.expose('createdAt', { description: 'Date de création.', type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { description: 'Date de dernière modification.', type: 'DateTime' }),
  }),
});

const GroupPayload = builder.objectRef<{ groupId: number; message: string }>('GroupPayload').implement({
  description: 'Résultat d’une création ou d’une modification d’étude.',
  fields: (t) => ({
    message: t.exposeString('message', { description: 'Message de succès à afficher.' }),
    group: t.prismaField({
      description: 'L’étude, relue après l’enregistrement.',
      type: GroupNode,
      resolve: (query, payload, _args, ctx) => ctx.db.group.findUniqueOrThrow({ ...query, where: { id: payload.groupId } }),
    }),
  }),
});

// Fields are optional in the schema so a missing one gets the form's French message; the edit
// form sends the same fields (absent ones stay unchanged).
const groupFormFields = (t: PothosSchemaTypes.InputFieldBuilder<BuilderTypes, 'InputObject'>) => ({
  name: t.string({ description: 'Nom de l’étude.' }),
  siret: t.string({ description: 'Siret.' }),
  telephone: t.string({ description: 'Téléphone de l’étude (au moins 9 caractères).' }),
  email: t.string({ description: 'E-mail de la comptabilité.' }),
  address: t.string({ description: 'Adresse.' }),
  zip: t.string({ description: 'Code postal (les caractères autres que des chiffres sont retirés).' }),
  city: t.string({ description: 'Ville.' }),
  pricePage: t.string({ description: 'Tarif par page en euros (« 2.50 » ou « 2,50 »).' }),
  pricePhoto: t.string({ description: 'Tarif par photo en euros.' }),
  vatNumber: t.string({ description: 'Numéro de TVA intracommunautaire (FR, clé de 2 chiffres, SIREN du Siret) ; vide : effacé.' }),
  billingAddress: t.string({ description: 'Adresse de facturation si elle diffère (avec code postal et ville) ; vide : effacée.' }),
  billingZip: t.string({ description: 'Code postal de l’adresse de facturation (5 chiffres).' }),
  billingCity: t.string({ description: 'Ville de l’adresse de facturation.' }),
  electronicAddress: t.string({
    description: 'Adresse électronique de facturation de l’étude (annuaire, schéma 0225) : lettres, chiffres, + - _ . ; vide : le SIREN.',
  }),
});

const CreateGroupInput = builder.inputType('CreateGroupInput', {
  description: 'Une nouvelle étude et ses tarifs.',
  fields: groupFormFields,
});

const UpdateGroupInput = builder.inputType('UpdateGroupInput', {
  description: 'Champs absents : inchangés.',
  fields: (t) => ({ id: t.globalID({ description: 'L’étude à modifier.', required: true }), ...groupFormFields(t) }),
});

const groupsWhere = (keyword: string | null | undefined) => ({
  AND: searchTextClauses(searchWords(keyword)),
});

builder.queryFields((t) => ({
  groups: t.prismaConnection({
    type: GroupNode,
    cursor: 'id',
    ...pages(STANDARD_PAGES),
    description: 'Études (« Voir les groupes »), triées par nom ; mot-clé sans accents ni casse sur le nom et la ville.',
    authScopes: { admin: true },
    args: { keyword: t.arg.string({ description: 'Mot-clé cherché dans le nom et la ville.' }) },
    totalCount: (_parent, args, ctx) => ctx.db.group.count({ where: groupsWhere(args.keyword) }),
    resolve: (query, _root, args, ctx) =>
      ctx.db.group.findMany({ ...query, where: groupsWhere(args.keyword), orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
  }),
  groupChoices: t.prismaField({
    type: [GroupNode],
    description: `Toutes les études, triées par nom, sans page : le sélecteur « Lier à » d’un huissier. Au-delà de ${MAX_CHOICES} études, une erreur plutôt qu’une liste tronquée.`,
    authScopes: { admin: true },
    resolve: async (query, _root, _args, ctx) =>
      allChoices(await ctx.db.group.findMany({ ...query, orderBy: [{ name: 'asc' }, { id: 'asc' }], take: CHOICES_TAKE })),
  }),
}));

builder.mutationFields((t) => ({
  createGroup: t.field({
    description: 'Crée une étude (client facturé).',
    type: GroupPayload,
    authScopes: { admin: true },
    args: { input: t.arg({ description: 'L’étude.', type: CreateGroupInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ groupId: await groups.createGroup(ctx, input), message: groupMessages.created }),
  }),
  updateGroup: t.field({
    description: 'Modifie une étude.',
    type: GroupPayload,
    authScopes: { admin: true },
    args: { input: t.arg({ description: 'Les champs à modifier.', type: UpdateGroupInput, required: true }) },
    resolve: async (_root, { input: { id, ...fields } }, ctx) => {
      const groupId = databaseId(id, 'Group', groupMessages.notFound);
      await groups.updateGroup(ctx, groupId, fields);
      return { groupId, message: groupMessages.updated };
    },
  }),
}));
