// The account enums, shared by the account type (schema.ts) and the account inputs (inputs.ts).
import { builder } from '../../graphql/builder.js';
import { Civility, Role, UserStatus } from '../../generated/prisma/enums.js';

export const RoleEnum = builder.enumType(Role, {
  name: 'Role',
  description: 'ADMIN (1), BAILIFF / huissier (2), SECRETARY / secrétaire (3).',
  values: {
    ADMIN: { description: 'Administrateur : attribue, compte, facture et gère les comptes (role_id 1).' },
    BAILIFF: { description: 'Huissier : dépose ses constats et les retrouve (role_id 2).' },
    SECRETARY: { description: 'Secrétaire : tape les constats qui lui sont attribués (role_id 3).' },
  },
});
export const CivilityEnum = builder.enumType(Civility, {
  name: 'Civility',
  description: 'Civilité d’une personne.',
  values: { MONSIEUR: { description: 'Monsieur.' }, MADAME: { description: 'Madame.' }, MAITRE: { description: 'Maître.' } },
});
export const UserStatusEnum = builder.enumType(UserStatus, {
  name: 'UserStatus',
  description: 'PENDING : inscription en attente de validation ; ACTIVE ; DISABLED : compte désactivé.',
  values: {
    PENDING: { description: 'Inscription depuis l’application, en attente d’approbation par un administrateur.' },
    ACTIVE: { description: 'Compte actif.' },
    DISABLED: { description: 'Compte désactivé : plus de connexion possible.' },
  },
});
