// The messages every form shares (product.md §5): each domain's catalogue spreads them, so a missing or
// an over-long field reads the same on every screen.
export const formMessages = {
  required: 'Champ requis',
  tooLong: (max: number) => `Ce champ est trop long (${max} caractères maximum).`,
} as const;
