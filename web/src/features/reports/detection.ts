// Words of the automatic counting (product.md §10), pure so they are unit-tested
// (tests/unit/web-detection.test.ts).

/** French plural of a count: « 0 photo », « 1 page », « 12 pages ». */
export const countOf = (count: number, word: string) => `${count} ${count > 1 ? `${word}s` : word}`;

export interface Detected {
  pages: number;
  photos: number;
  complete: boolean;
  estimated: boolean;
}

export type FileCountState = 'PENDING' | 'DONE' | 'ESTIMATED' | 'FAILED' | 'UNSUPPORTED' | '%future added value';

export const detectionText = {
  label: 'Comptage automatique',
  summary: (detected: Pick<Detected, 'pages' | 'photos'>) => `${countOf(detected.pages, 'page')}, ${countOf(detected.photos, 'photo')}`,
  estimated: 'estimation : LibreOffice n’est pas installé sur le serveur',
  pending: 'en cours…',
  uncounted: (files: number) => `impossible pour ${countOf(files, 'fichier')}`,
  differs: 'Différent des comptes saisis',
  apply: 'Appliquer',
  applyProvisional: 'Reprendre ces comptes comme comptes provisoires et envoyer le rapport rétrocédé',
  applyBilling: 'Reprendre ces comptes pour la rétrocession et la facturation',
  applied: 'Comptes du comptage automatique appliqués',
  failure: 'Essayer plus tard',
  flag: 'Comptes différents du comptage automatique',
};

/** What the line says after « Comptage automatique : », from the returned files' states. */
export function detectionSummary(detected: Detected, states: readonly FileCountState[]): { text: string; final: boolean } {
  const uncounted = states.filter((state) => state === 'FAILED' || state === 'UNSUPPORTED').length;
  if (states.some((state) => state === 'PENDING')) return { text: detectionText.pending, final: false };
  if (uncounted > 0) return { text: `${detectionText.summary(detected)} (${detectionText.uncounted(uncounted)})`, final: false };
  return { text: detectionText.summary(detected), final: detected.complete };
}
