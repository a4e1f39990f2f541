// The messages every form shares (product.md §5): each domain's catalogue spreads them, so a missing or
// an over-long field reads the same on every screen.
export const formMessages = {
  required: 'Champ requis',
  tooLong: (max: number) => `Ce champ est trop long (${max} caractères maximum).`,
} as const;

/** The news form's messages (product.md §5 'News'): the title's on the create screen differs. */
export const newsFormMessages = {
  ...formMessages,
  titleRequiredOnCreate: "Entrez votre Titre de l'actualité, s'il vous plaît !",
  min3: 'Doit contenir au moins 3 caractères',
  created: 'Actualités envoyées aux secrétaires avec succès',
  updated: 'Actualités mises à jour avec succès.',
} as const;

/** The absence form's messages (product.md §5). */
export const absenceFormMessages = {
  ...formMessages,
  invalidDate: 'Date invalide.',
  endBeforeStart: 'La date doit être postérieure à la date de début.',
  created: 'Indisponibilité créée avec succès.',
} as const;
