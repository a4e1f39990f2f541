// Issue 36: the screens explain their figures with one sentence each, from packages/domain; the
// statistics' definitions are the same words on the screen, in the API's descriptions and in docs/api.md.
import { readFileSync } from 'node:fs';
import {
  amountExplanation,
  billingTextPages,
  retrocessionTextPages,
  STATISTICS_DEFINITIONS,
  textPagesExplanation,
} from '@constats/domain/line-amounts';

describe('« pages texte » explained (product.md §9)', () => {
  it('billing: the half of the photos rounded up comes off, with the rule’s own example', () => {
    expect(billingTextPages(5, 3)).toBe(3);
    expect(textPagesExplanation('billing')).toBe(
      'Pages texte = pages − photos ÷ 2 (la moitié des photos arrondie au supérieur, jamais moins de 0 ; ex. 5 pages et 3 photos : 3 pages texte) : les photos, payées à part, prennent de la place sur les pages.',
    );
  });

  it('rétrocession: the result is rounded up, with the rule’s own example', () => {
    expect(retrocessionTextPages(5, 3)).toBe(4);
    expect(textPagesExplanation('retrocession')).toBe(
      'Pages texte = pages − photos ÷ 2 (le résultat arrondi au supérieur, jamais moins de 0 ; ex. 5 pages et 3 photos : 4 pages texte) : les photos, payées à part, prennent de la place sur les pages.',
    );
  });

  it('an amount names its tariff and carries the text pages’ sentence', () => {
    expect(amountExplanation('billing')).toBe(
      `Montant HT = pages texte × prix de la page + photos × prix de la photo, au tarif de l’étude. ${textPagesExplanation('billing')}`,
    );
    expect(amountExplanation('retrocession')).toContain('au tarif de la secrétaire.');
    expect(amountExplanation('retrocession')).toContain(textPagesExplanation('retrocession'));
  });
});

describe('the statistics’ amounts: one definition each, everywhere', () => {
  const schema = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
  const apiGuide = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

  it.each(Object.entries(STATISTICS_DEFINITIONS))('%s: in the API’s descriptions and in docs/api.md', (_series, definition) => {
    expect(schema).toContain(definition);
    expect(apiGuide).toContain(`- ${definition}`);
  });

  it('the billed series says it is neither after the photo rule nor after discounts', () => {
    expect(STATISTICS_DEFINITIONS.bailiffs).toContain('avant la règle des photos (pages texte) et avant les remises');
  });
});
