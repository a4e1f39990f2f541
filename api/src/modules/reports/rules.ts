// Pure rules of the constat workflow: who may do what, status transitions, alerts and delays.
import type { FileCountStatus, ReportFileKind, ReportStatus, Role } from '../../generated/prisma/enums.js';
import { multiLineProblem, singleLineProblem } from '@constats/domain/text-input';
import { printProblem } from '../../infra/pdf/coverage.js';

export interface Actor {
  id: number;
  role: Role;
}

export interface ReportFacts {
  status: ReportStatus;
  isArchived: boolean;
  invoiced: boolean;
  bailiffId: number;
  secretaryId: number | null;
}

export type ReportAction =
  | 'view'
  | 'addDeposited'
  | 'removeDeposited'
  | 'addReturned'
  | 'removeReturned'
  | 'assignSecretary'
  | 'setRetrocession'
  | 'setBilling'
  | 'archive'
  | 'unarchive'
  | 'comment';

/**
 * Ceilings of a constat's lists, which have no pages: the query cost prices `comments` and
 * `deposited`/`returned.files` at them (server/list-bounds.ts), so they are refused past them.
 */
export const COMMENTS_PER_REPORT = 200;
export const FILES_PER_SIDE = 1000;

export const messages = {
  nameRequired: 'Veuillez entrer un nom pour le constat',
  nameTooLong: 'Le nom du constat ne doit pas dépasser 90 caractères.',
  bailiffRequired: 'Veuillez sélectionner un huissier',
  fileRequired: 'Veuillez entrer un fichier',
  commentTooLong: 'Le commentaire ne doit pas dépasser 1000 caractères.',
  commentRequired: 'Veuillez saisir un commentaire',
  receiverRequired: 'Veuillez choisir le destinataire : Huissier ou Secrétaire.',
  noSecretaryForComment: "Aucune secrétaire n'est encore assignée à ce constat.",
  secretaryRequired: 'Veuillez sélectionner un secrétaire',
  secretaryInvalid: "La secrétaire choisie n'existe pas ou son compte n'est pas actif.",
  provisionalPagesRequired: 'Le nombre de pages doit être supérieur à 0.',
  detectionIncomplete: 'Le comptage automatique des éléments retournés n’est pas terminé : impossible d’appliquer ses résultats.',
  billingPagesRequired: 'Le nombre de pages facturées doit être supérieur à 0.',
  countInvalid: 'Saisissez un nombre entier positif.',
  alreadyInvoiced: 'Ce constat est déjà facturé : ses comptes ne peuvent plus être modifiés.',
  notAllowed: "Vous n'avez pas les droits pour effectuer cette action sur ce constat.",
  notFound: 'Constat introuvable.',
  created: 'Constat créé avec succès',
  updated: 'Constat mis à jour avec succès',
  archived: 'Constat archivé avec succès',
  billed: 'Rapport facturé',
  retroceded: 'Rapport rétrocédé',
  genericFailure: 'Réessayez plus tard.',
  offsetInvalid: 'Pagination invalide : page trop lointaine (100 000 constats au plus avant la page) ou combinée à un curseur.',
  returnedOrder: 'Le tri par date de retour ne liste que les constats retournés : il ne se combine pas avec returned: false.',
  monthWithoutYear: 'Précisez l’année du mois choisi.',
  tooManyComments: `Ce constat a atteint ${COMMENTS_PER_REPORT} commentaires, le maximum : poursuivez l’échange par e-mail.`,
  tooManyFiles: (kind: 'DEPOSITED' | 'RETURNED', room: number) =>
    `Un constat compte au plus ${FILES_PER_SIDE.toLocaleString('fr-FR')} fichiers ${kind === 'DEPOSITED' ? 'déposés' : 'retournés'} : ` +
    (room > 0 ? `vous pouvez en ajouter encore ${room.toLocaleString('fr-FR')}.` : 'retirez-en avant d’en ajouter.'),
} as const;

/**
 * Longer than a day is no dictation: the counting job drops such a length as a garbled header, and
 * no listening position goes further.
 */
export const DICTATION_LONGEST_SECONDS = 24 * 3600;

export const dictationMessages = {
  fileNotFound: 'Fichier introuvable.',
  notADictation: 'Ce fichier n’est pas une dictée déposée : sa position d’écoute n’est pas enregistrée.',
  positionInvalid: 'La position d’écoute doit être un nombre de secondes entre 0 et la fin de la dictée (24 heures au plus).',
  positionSaved: 'Position d’écoute enregistrée.',
} as const;

/**
 * The listening position stored for `seconds` into a dictation lasting `duration` seconds (null:
 * not known): to the tenth, no further than its end (a browser may read a length a little longer
 * than the server's); null when `seconds` is no position (not finite, negative, beyond a day).
 */
export function dictationPosition(seconds: number, duration: number | null): number | null {
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > DICTATION_LONGEST_SECONDS) return null;
  const within = duration === null ? seconds : Math.min(seconds, duration);
  return Math.round(within * 10) / 10;
}

export const REPORT_NAME_MAX = 90;
/** The furthest a legacy page number (get_all?page=) may reach, in rows skipped; further, narrow the filters. */
export const MAX_REPORTS_OFFSET = 100_000;
export const COMMENT_MAX = 1000;
/** The files-per-side error for `adding` more files to a side holding `existing`, or null. */
export function filesCeilingProblem(kind: 'DEPOSITED' | 'RETURNED', existing: number, adding: number): string | null {
  return existing + adding > FILES_PER_SIDE ? messages.tooManyFiles(kind, Math.max(FILES_PER_SIDE - existing, 0)) : null;
}

/** NA, EC and RS are "en cours"; files can only change while a constat is in progress. */
export function isInProgress(report: Pick<ReportFacts, 'status' | 'isArchived'>): boolean {
  return !report.isArchived && (report.status === 'NA' || report.status === 'EC' || report.status === 'RS');
}

/**
 * product.md §6, with the server as the authority. Decisions where the spec is silent are in
 * docs/decisions.md ("Reports"); the authorization matrix test walks this table through the API.
 */
export function can(actor: Actor | null, action: ReportAction, report: ReportFacts): boolean {
  if (!actor) return false;
  const admin = actor.role === 'ADMIN';
  const owner = actor.role === 'BAILIFF' && report.bailiffId === actor.id;
  const assigned = actor.role === 'SECRETARY' && report.secretaryId === actor.id;
  const inProgress = isInProgress(report);
  switch (action) {
    case 'view':
    case 'comment':
      return admin || owner || assigned;
    case 'addDeposited':
    case 'removeDeposited':
      return (admin || owner) && inProgress;
    case 'addReturned':
      return (admin || assigned) && inProgress;
    case 'removeReturned':
      // An admin may still take back a file returned by mistake once the constat is terminated.
      return ((admin || assigned) && inProgress) || (admin && report.status === 'TE' && !report.isArchived);
    case 'assignSecretary':
      return admin && inProgress;
    case 'setRetrocession':
      return (admin || assigned) && !report.isArchived && (report.status === 'EC' || report.status === 'RS' || report.status === 'TE');
    case 'setBilling':
      return admin && !report.invoiced;
    case 'archive':
      return !report.isArchived && ((owner && report.status === 'TE') || (admin && report.status !== 'AR'));
    case 'unarchive':
      return admin && report.isArchived;
  }
}

/**
 * Which amounts of a constat a role reads — the one place that decides it (product.md §6). A secretary's
 * tariffs and rétrocession amounts are her pay: admins and secretaries only, never a bailiff, who
 * could derive her tariff from them. Billing amounts (the étude's tariffs) are not for secretaries.
 */
export function amountsShownTo(role: Role): { retrocession: boolean; billing: boolean } {
  return { retrocession: role !== 'BAILIFF', billing: role !== 'SECRETARY' };
}

export function canCreateReport(actor: Actor | null, bailiffId: number): boolean {
  return !!actor && (actor.role === 'ADMIN' || (actor.role === 'BAILIFF' && actor.id === bailiffId));
}

export const fileActions: Record<ReportFileKind, { add: ReportAction; remove: ReportAction }> = {
  DEPOSITED: { add: 'addDeposited', remove: 'removeDeposited' },
  RETURNED: { add: 'addReturned', remove: 'removeReturned' },
};

/**
 * Status a constat takes from its progress: returned files terminate it (TE), the secretary's
 * counts mark it "rétrocédé" (RS), otherwise it is in progress (EC). Used after returns, removals
 * of returned files and unarchiving, so the status never disagrees with the files.
 */
export function statusFromProgress(progress: { returnedFiles: number; provisionalPages: number }): ReportStatus {
  if (progress.returnedFiles > 0) return 'TE';
  return progress.provisionalPages > 0 ? 'RS' : 'EC';
}

export type ReportEvent =
  | { type: 'secretaryAssigned' }
  | { type: 'retrocessionSet' }
  | { type: 'filesReturned' }
  | { type: 'returnedFilesRemoved'; remainingReturned: number; provisionalPages: number }
  | { type: 'archived' }
  | { type: 'unarchived'; returnedFiles: number; provisionalPages: number };

/** The state machine of product.md §4: EC → RS → TE → AR, and back where an admin corrects or unarchives. */
export function nextStatus(current: ReportStatus, event: ReportEvent): ReportStatus {
  switch (event.type) {
    case 'secretaryAssigned':
      return current === 'NA' ? 'EC' : current;
    case 'retrocessionSet':
      return current === 'EC' ? 'RS' : current;
    case 'filesReturned':
      return current === 'NA' || current === 'EC' || current === 'RS' ? 'TE' : current;
    case 'returnedFilesRemoved':
      return current === 'TE' && event.remainingReturned === 0
        ? statusFromProgress({ returnedFiles: 0, provisionalPages: event.provisionalPages })
        : current;
    case 'archived':
      return 'AR';
    case 'unarchived':
      return current === 'AR'
        ? statusFromProgress({ returnedFiles: event.returnedFiles, provisionalPages: event.provisionalPages })
        : current;
  }
}

/**
 * A bailiff sees RS as EC (product.md §4): the "rétrocédé" step is internal to the office, and so is NA
 * (older data waiting for a secretary): his statuses are EC, TE and AR only (product.md §6).
 */
export function statusShownTo(role: Role, status: ReportStatus): ReportStatus {
  return role === 'BAILIFF' && (status === 'RS' || status === 'NA') ? 'EC' : status;
}

/**
 * Statuses a bailiff's filter value stands for: what he sees as EC is NA, EC and RS, so any of the
 * three stands for all three. Filtering by RS or NA alone would otherwise tell him which of his
 * « en cours » constats are really rétrocédés or unassigned.
 */
export function statusesForFilter(role: Role, statuses: readonly ReportStatus[]): ReportStatus[] {
  if (role !== 'BAILIFF') return [...statuses];
  return [...new Set(statuses.map((status) => statusShownTo(role, status)))].flatMap((status): ReportStatus[] =>
    status === 'EC' ? ['NA', 'EC', 'RS'] : [status],
  );
}

/**
 * product.md §4: a constat waits for a secretary while none is assigned and it is still to be typed —
 * NA (older data) or EC (every new deposit starts EC, decisions.md), whatever its age, not archived.
 */
export const AWAITING_SECRETARY_STATUSES: readonly ReportStatus[] = ['NA', 'EC'];

export function isAwaitingSecretary(report: { status: ReportStatus; secretaryId: number | null; isArchived: boolean }): boolean {
  return report.secretaryId === null && !report.isArchived && AWAITING_SECRETARY_STATUSES.includes(report.status);
}

/** Report.awaitingSecretary: never for a bailiff, who sees such a constat in progress (EC). */
export const awaitingSecretaryShownTo = (role: Role, report: { status: ReportStatus; secretaryId: number | null; isArchived: boolean }) =>
  role !== 'BAILIFF' && isAwaitingSecretary(report);

export const ALERT_WARNING_HOURS = 30;
export const ALERT_ERROR_HOURS = 36;

export type AlertLevel = 'DEFAULT' | 'SUCCESS' | 'WARNING' | 'ERROR';

export function hoursBetween(from: Date, to: Date): number {
  return Math.max(0, (to.getTime() - from.getTime()) / 3_600_000);
}

/**
 * product.md §4: grey for NA, TE and AR; otherwise under 30 h success, 30 to 36 h inclusive warning,
 * above 36 h error. Hours run from creation, or from the last status change for secretaries.
 */
export function alertLevel(status: ReportStatus, hours: number): AlertLevel {
  if (status === 'NA' || status === 'TE' || status === 'AR') return 'DEFAULT';
  if (hours < ALERT_WARNING_HOURS) return 'SUCCESS';
  return hours <= ALERT_ERROR_HOURS ? 'WARNING' : 'ERROR';
}

export function alertClock(role: Role, report: { createdAt: Date; lastStatusChange: Date }): Date {
  return role === 'SECRETARY' ? report.lastStatusChange : report.createdAt;
}

export function isInAlert(level: AlertLevel): boolean {
  return level === 'WARNING' || level === 'ERROR';
}

/** Mean of delays in hours, as whole hours and minutes; zero when there is nothing to average. */
export function averageDelay(hours: number[]): { hours: number; minutes: number } {
  return delayOfMean(hours.length === 0 ? null : hours.reduce((sum, value) => sum + value, 0) / hours.length);
}

/** A mean delay in hours (null: nothing was averaged) as whole hours and minutes. */
export function delayOfMean(meanHours: number | null): { hours: number; minutes: number } {
  if (meanHours === null) return { hours: 0, minutes: 0 };
  const totalMinutes = Math.round(meanHours * 60);
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

export interface NewReportInput {
  name: string;
  fileCount: number;
  comment?: string | null;
}

/** product.md §5 "Create report": each invalid field with its French message. */
export function validateNewReport(input: NewReportInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  const nameProblem = !name
    ? messages.nameRequired
    : name.length > REPORT_NAME_MAX
      ? messages.nameTooLong
      : // The name prints on the étude's bill.
        (singleLineProblem(name) ?? printProblem(name));
  if (nameProblem) errors.name = nameProblem;
  const tooManyFiles = filesCeilingProblem('DEPOSITED', 0, input.fileCount);
  if (input.fileCount === 0) errors.files = messages.fileRequired;
  else if (tooManyFiles) errors.files = tooManyFiles;
  if ((input.comment ?? '').trim().length > COMMENT_MAX) errors.comment = messages.commentTooLong;
  else if (multiLineProblem(input.comment)) errors.comment = multiLineProblem(input.comment)!;
  return errors;
}

/** Counts typed by people: whole numbers from 0 to 100 000. */
export function isValidCount(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 100_000;
}

// The counting job's totals live here, under the workflow that applies them in one click; the
// counting module sits above reports and reads them from here (docs/architecture.md).
export interface CountedFile {
  pageCount: number | null;
  photoCount: number | null;
  countStatus: FileCountStatus;
}

export interface DetectedTotals {
  pages: number;
  photos: number;
  /** Every file is counted (DONE or ESTIMATED): the totals are final. */
  complete: boolean;
  /** Some pages come from a document's own statistics, not from a rendering. */
  estimated: boolean;
}

/** Detected totals of a group of files (a constat's deposited or returned items). */
export function detectedTotals(files: CountedFile[]): DetectedTotals {
  const counted = files.filter((file) => file.countStatus === 'DONE' || file.countStatus === 'ESTIMATED');
  return {
    pages: counted.reduce((total, file) => total + (file.pageCount ?? 0), 0),
    photos: counted.reduce((total, file) => total + (file.photoCount ?? 0), 0),
    complete: files.length > 0 && counted.length === files.length,
    estimated: counted.some((file) => file.countStatus === 'ESTIMATED'),
  };
}
