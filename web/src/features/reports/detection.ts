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
  /** « pages : 3 comptées, 0 saisie » */
  difference: (what: string, counted: number, entered: number) =>
    `${what} : ${counted} ${counted > 1 ? 'comptées' : 'comptée'}, ${entered} ${entered > 1 ? 'saisies' : 'saisie'}`,
  apply: 'Appliquer',
  applyProvisional: 'Reprendre ces comptes comme comptes provisoires et envoyer le rapport rétrocédé',
  applyBilling: 'Reprendre ces comptes pour la rétrocession et la facturation',
  applied: 'Comptes du comptage automatique appliqués',
  failure: 'Réessayez plus tard.',
  flag: 'Comptes différents du comptage automatique',
};

/** What the line says after « Comptage automatique : », from the returned files' states. */
export function detectionSummary(detected: Detected, states: readonly FileCountState[]): { text: string; final: boolean } {
  const uncounted = states.filter((state) => state === 'FAILED' || state === 'UNSUPPORTED').length;
  if (states.some((state) => state === 'PENDING')) return { text: detectionText.pending, final: false };
  if (uncounted > 0) return { text: `${detectionText.summary(detected)} (${detectionText.uncounted(uncounted)})`, final: false };
  return { text: detectionText.summary(detected), final: detected.complete };
}

/**
 * The warning when the counts entered differ from the detection, naming each count that differs:
 * « Différent des comptes saisis (pages : 3 comptées, 0 saisie ; photos : 5 comptées, 2 saisies) ».
 */
export function differenceText(detected: Pick<Detected, 'pages' | 'photos'>, entered: { pages: number; photos: number }): string {
  const parts = [
    ...(detected.pages !== entered.pages ? [detectionText.difference('pages', detected.pages, entered.pages)] : []),
    ...(detected.photos !== entered.photos ? [detectionText.difference('photos', detected.photos, entered.photos)] : []),
  ];
  return parts.length === 0 ? detectionText.differs : `${detectionText.differs} (${parts.join(' ; ')})`;
}
