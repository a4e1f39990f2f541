// The lists behind the web's selectors (people, études): every eligible row, never a first page.
import { AppError } from '../errors.js';

/**
 * The most rows a selector list returns. Far beyond any étude's staff; past it the list fails
 * loudly (an operator must be told) instead of silently leaving people out (product.md §15).
 */
export const MAX_CHOICES = 1_000;

/** How many rows to read: one more than the ceiling, so that outgrowing it can be seen. */
export const CHOICES_TAKE = MAX_CHOICES + 1;

export const tooManyChoices = (max: number = MAX_CHOICES) =>
  new AppError(
    'BAD_USER_INPUT',
    `Plus de ${max.toLocaleString('fr-FR')} choix possibles : la liste ne peut pas être proposée entière. Prévenez l’exploitant.`,
    { reason: 'TOO_MANY_CHOICES' },
  );

/** The rows read with CHOICES_TAKE, all of them; more than `max` is an error, never a cut. */
export function allChoices<T>(rows: T[], max: number = MAX_CHOICES): T[] {
  if (rows.length > max) throw tooManyChoices(max);
  return rows;
}
