// The account forms' inputs. The admin's edit form and the profile share their field definitions
// (one description per field); creation adds what only a new account has.
import { builder, type BuilderTypes } from '../../graphql/builder.js';
import { databaseId } from '../../graphql/ids.js';
import { CivilityEnum, RoleEnum } from './enums.js';
import { accountMessages } from './rules.js';
import type { AccountInput } from './service.js';

type Fields = PothosSchemaTypes.InputFieldBuilder<BuilderTypes, 'InputObject'>;

/** Who the person is: every form. */
const personFields = (t: Fields) => ({
  civility: t.field({ description: 'Civilité (MONSIEUR par défaut).', type: CivilityEnum }),
  firstName: t.string({ description: 'Prénom.' }),
  lastName: t.string({ description: 'Nom.' }),
  telephone: t.string({ description: 'Téléphone.' }),
  identity: t.string({ description: 'Identifiant de connexion.' }),
});

/** Role-specific details a profile edits too (each form keeps only its role's, rules.ts). */
const roleFields = (t: Fields) => ({
  instructions: t.string({ description: 'Huissier : consignes aux secrétaires (HTML, nettoyé à l’enregistrement).' }),
  description: t.string({ description: 'Administrateur : description libre.' }),
  siret: t.string({ description: 'Secrétaire : Siret.' }),
  address: t.string({ description: 'Secrétaire : adresse postale.' }),
  zip: t.string({ description: 'Secrétaire : code postal.' }),
  city: t.string({ description: 'Secrétaire : ville.' }),
});

/** What only an admin sets on a secretary. */
const secretaryAdminFields = (t: Fields) => ({
  rib: t.string({ description: 'Secrétaire : RIB.' }),
  secretaryPricePage: t.string({
    description: 'Secrétaire : tarif par page en euros, 1 à 3 chiffres et jusqu’à 3 décimales (0 par défaut).',
  }),
  secretaryPricePhoto: t.string({ description: 'Secrétaire : tarif par photo en euros (0 par défaut).' }),
});

const avatarFields = (t: Fields) => ({
  avatar: t.field({ type: 'Upload', description: 'Nouvelle photo de profil (image, 5 Mo au plus).' }),
  avatarKey: t.string({ description: 'Photo déjà envoyée par users/image (ancienne API) : sa clé ou son lien.' }),
});

/** An existing account's password and files. */
const changeFields = (t: Fields) => ({
  password: t.string({ description: 'Nouveau mot de passe : changé seulement quand il est renseigné.' }),
  passwordConfirmation: t.string({ description: 'Confirmation du nouveau mot de passe.' }),
  currentPassword: t.string({ description: 'Mot de passe actuel : exigé pour changer le mot de passe de son propre compte.' }),
  ...avatarFields(t),
  removeAvatar: t.boolean({ description: 'Revenir à l’avatar par défaut.' }),
  matrices: t.field({ type: ['Upload'], description: 'Huissier : matrices à ajouter (.doc, .docx, .odt, .pdf, .txt).' }),
  removeMatrixIds: t.globalIDList({ description: 'Huissier : matrices à retirer.' }),
});

// Every text field is optional in the schema: a missing value gets the form's French message
// ('Champ requis', …) instead of a GraphQL type error.
export const CreateAccountInput = builder.inputType('CreateAccountInput', {
  description:
    'Un nouveau compte actif. Les champs texte manquants reçoivent le message du formulaire (« Champ requis ») plutôt qu’une erreur de type.',
  fields: (t) => ({
    role: t.field({ type: RoleEnum, required: true, description: 'Type de compte.' }),
    ...personFields(t),
    email: t.string({ description: 'Adresse e-mail, unique (obligatoire).' }),
    password: t.string({ description: 'Mot de passe (obligatoire).' }),
    passwordConfirmation: t.string({ description: 'Vérifiée quand elle est fournie.' }),
    groupId: t.globalID({ description: 'Étude (« Lier à ») : obligatoire pour un huissier.' }),
    ...avatarFields(t),
    matrices: t.field({ type: ['Upload'], description: 'Huissier : matrices associées (.doc, .docx, .odt, .pdf, .txt).' }),
    ...roleFields(t),
    ...secretaryAdminFields(t),
  }),
});

export const UpdateAccountInput = builder.inputType('UpdateAccountInput', {
  description: "Champs absents : inchangés. L'adresse e-mail et le type de compte ne se modifient pas.",
  fields: (t) => ({
    id: t.globalID({ description: 'Le compte à modifier.', required: true }),
    ...personFields(t),
    groupId: t.globalID({ description: 'Huissier : étude liée.' }),
    ...changeFields(t),
    ...roleFields(t),
    ...secretaryAdminFields(t),
  }),
});

export const UpdateMyProfileInput = builder.inputType('UpdateMyProfileInput', {
  description:
    "Profil de l'utilisateur connecté. Administrateur : civilité, nom, prénom, téléphone, identifiant, description ; " +
    'huissier : civilité, nom, prénom, téléphone, identifiant, consignes ; secrétaire : civilité, nom, prénom, téléphone, ' +
    'Siret, adresse, code postal, ville. Le mot de passe est changé seulement quand il est renseigné, avec le mot de passe actuel, ' +
    'jamais depuis une connexion « en tant que ».',
  fields: (t) => ({ ...personFields(t), ...changeFields(t), ...roleFields(t) }),
});

export const SetAccountActiveInput = builder.inputType('SetAccountActiveInput', {
  description: 'Activation ou désactivation d’un compte.',
  fields: (t) => ({
    id: t.globalID({ description: 'Le compte.', required: true }),
    active: t.boolean({ required: true, description: 'false désactive le compte et ferme toutes ses sessions.' }),
  }),
});

export const ReviewPendingAccountInput = builder.inputType('ReviewPendingAccountInput', {
  description: 'Décision sur une demande de création de compte.',
  fields: (t) => ({
    id: t.globalID({ description: 'Le compte en attente.', required: true }),
    approve: t.boolean({ required: true, description: 'true : activer le compte ; false : refuser la demande (le compte est supprimé).' }),
  }),
});

export const StageAvatarInput = builder.inputType('StageAvatarInput', {
  description: 'Une photo de profil à envoyer avant d’enregistrer le formulaire.',
  fields: (t) => ({ image: t.field({ type: 'Upload', required: true, description: 'Image PNG, JPEG, GIF ou WebP, 5 Mo au plus.' }) }),
});

type GlobalId = { typename: string; id: string };

export const userId = (id: GlobalId) => databaseId(id, 'User', accountMessages.notFound);
const groupId = (id: GlobalId | null | undefined) =>
  id === undefined ? undefined : id === null ? null : databaseId(id, 'Group', accountMessages.group);

/** GraphQL input → service input: null means "clear", absent means "keep". */
export function accountInput<T extends Record<string, unknown>>(input: T): AccountInput {
  const { id: _id, role: _role, groupId: group, removeMatrixIds, ...fields } = input as Record<string, unknown>;
  return {
    ...(fields as AccountInput),
    ...(group !== undefined && { groupId: groupId(group as never) }),
    ...(Array.isArray(removeMatrixIds) && {
      removeMatrixIds: (removeMatrixIds as GlobalId[]).map((id) => databaseId(id, 'Matrix', 'Matrice introuvable.')),
    }),
  };
}
