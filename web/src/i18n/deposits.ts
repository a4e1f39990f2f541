// French texts of resumable deposits (product.md §16): the overall progress, each file's state, the
// network cut and the deposit resumed after a reload.
const number = (value: number) => value.toLocaleString('fr-FR');
const files = (count: number) => `fichier${count > 1 ? 's' : ''}`;

export const depositsText = {
  /** The percentage first, as every upload bar of the app says it. */
  percent: (percent: number) => `Envoi en cours… ${percent} %`,
  preparing: 'Préparation du dépôt…',
  /** « 57 / 120 fichiers », received and refused together (what is settled). */
  filesDone: (done: number, total: number) => `${number(done)} / ${number(total)} ${files(total)}`,
  bytesDone: (done: string, total: string) => `${done} sur ${total}`,
  timeLeft: (seconds: number) =>
    seconds < 60 ? `environ ${Math.max(5, Math.ceil(seconds / 5) * 5)} s restantes` : `environ ${Math.ceil(seconds / 60)} min restantes`,
  running: (reportName: string) => `Dépôt en cours : ${reportName}`,
  resumed: (done: number, total: number) => `Dépôt repris : ${number(done)} / ${number(total)} ${files(total)}`,
  reconnecting: 'Connexion perdue, reprise automatique…',
  sessionLost: 'Session expirée : le dépôt reprendra à votre prochaine connexion.',
  finished: (sent: number, total: number) =>
    `Dépôt terminé : ${number(sent)} / ${number(total)} ${files(total)} ${sent > 1 ? 'reçus' : 'reçu'}`,
  refusedCount: (count: number) => `${number(count)} ${files(count)} ${count > 1 ? 'refusés' : 'refusé'}`,
  refusedSummary: (count: number) => `${number(count)} ${files(count)} refusés : les raisons sont listées sous le dépôt.`,
  refusedUnknown: 'Fichier refusé par le serveur.',
  lost: 'Ce fichier n’a pas été conservé par le navigateur : déposez-le à nouveau.',
  listLabel: 'État de chaque fichier',
  refusedLabel: 'Fichiers refusés',
  states: {
    waiting: 'En attente',
    sending: 'En cours',
    sent: 'Envoyé',
    refused: 'Refusé',
    cancelled: 'Annulé',
  },
  cancel: 'Annuler le dépôt',
  cancelTitle: 'Annuler le dépôt ?',
  cancelQuestion: (sent: number, total: number) =>
    `Les fichiers déjà reçus (${number(sent)} / ${number(total)}) restent sur le constat ; les autres ne seront pas envoyés.`,
  cancelConfirm: 'Annuler le dépôt',
  cancelKeep: 'Continuer le dépôt',
  cancelled: (sent: number, total: number) =>
    `Dépôt annulé : ${number(sent)} / ${number(total)} ${files(total)} ${sent > 1 ? 'reçus' : 'reçu'}`,
  cancelFailed: 'Le dépôt est arrêté sur cet appareil, mais le serveur n’a pas pu être prévenu : il le clôturera de lui-même.',
  /** The constat's own line while a deposit is open (any device's, live). */
  onReport: (received: number, expected: number) => `Dépôt en cours : ${number(received)} / ${number(expected)} ${files(expected)}`,
  continue: 'Continuer',
  leaveWarning: 'Un dépôt est en cours : quitter la page l’interrompt (il reprendra à votre retour).',
} as const;
