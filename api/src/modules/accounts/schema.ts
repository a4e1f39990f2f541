import { builder } from '../../graphql/builder.js';
import { Civility, Role } from '../../generated/prisma/enums.js';
import { roleIds } from './rules.js';

export const RoleEnum = builder.enumType(Role, { name: 'Role', description: 'ADMIN (1), BAILIFF / huissier (2), SECRETARY / secrétaire (3).' });
export const CivilityEnum = builder.enumType(Civility, { name: 'Civility' });

export const UserNode = builder.prismaNode('User', {
  id: { field: 'id' },
  // Until the accounts issue widens it, a user record is visible to admins and to its owner.
  authScopes: (user, ctx) => ctx.viewer?.role === 'ADMIN' || ctx.viewer?.id === user.id,
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'Identifiant numérique (ancienne API REST).' }),
    role: t.expose('role', { type: RoleEnum }),
    roleId: t.string({ description: "role_id de l'ancienne API : '1', '2' ou '3'.", resolve: (user) => roleIds[user.role] }),
    civility: t.expose('civility', { type: CivilityEnum }),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    fullName: t.string({ select: { firstName: true, lastName: true }, resolve: (user) => `${user.firstName} ${user.lastName}` }),
    email: t.exposeString('email'),
    identity: t.exposeString('identity', { description: 'Identifiant de connexion.' }),
    telephone: t.exposeString('telephone', { nullable: true }),
    avatarUrl: t.string({
      nullable: true,
      description: 'Adresse de la photo de profil ; null : le client affiche l’avatar par défaut.',
      select: { avatarKey: true },
      resolve: (user) => (user.avatarKey ? `/files/${user.avatarKey}` : null),
    }),
  }),
});
