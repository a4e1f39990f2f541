// Pure rules of resumable deposits (product.md §16): how many files a deposit may announce, what a
// resumable upload's creation must carry (its metadata and length), when a deposit is complete, and
// their French messages. The service (deposits.ts, deposit-uploads.ts) applies them on locked rows.
import { filesCeilingProblem } from './rules.js';

export const depositMessages = {
  filesInvalid: 'Le nombre de fichiers annoncé doit être un entier d’au moins 1.',
  filesOrDeposit: 'Envoyez les fichiers avec le constat, ou annoncez-les pour un dépôt reprenable, pas les deux.',
  depositNotFound: 'Dépôt introuvable.',
  depositComplete: 'Ce dépôt est terminé : il ne reçoit plus de fichier.',
  depositFull: 'Ce dépôt a déjà reçu tous les fichiers annoncés.',
  positionInvalid: (expected: number) =>
    `Place du fichier invalide : un entier de 0 à ${(expected - 1).toLocaleString('fr-FR')} est attendu (métadonnée « index »).`,
  positionRequired: 'Place du fichier manquante (métadonnée « index » : un entier à partir de 0).',
  alreadyReceived: 'Ce fichier du dépôt a déjà été reçu.',
  lengthRequired: 'Annoncez la taille du fichier (en-tête Upload-Length).',
  lengthInvalid: 'Taille du fichier invalide (en-tête Upload-Length).',
  fileEmpty: (name: string) => `Le fichier « ${name} » est vide.`,
  fileTooLarge: (name: string, maxBytes: number) =>
    `Le fichier « ${name} » dépasse la taille maximale autorisée (${Math.round(maxBytes / (1024 * 1024))} Mo).`,
  metadataInvalid: 'En-tête Upload-Metadata invalide : des paires « clé valeur-en-base64 » séparées par des virgules sont attendues.',
  metadataTooLong: 'En-tête Upload-Metadata trop long.',
  depositRequired: 'Dépôt manquant (métadonnée « deposit » : l’identifiant numérique du dépôt).',
  nameRequired: 'Nom du fichier manquant (métadonnée « filename »).',
  nameTooLong: 'Le nom du fichier ne doit pas dépasser 255 caractères.',
  uploadNotFound: 'Envoi introuvable : recommencez l’envoi de ce fichier.',
  uploadFinished: 'Cet envoi est terminé.',
} as const;

/** Longest Upload-Metadata header read (a file name of 255 characters in base64 fits with room). */
export const MAX_METADATA_LENGTH = 4096;
export const MAX_FILE_NAME = 255;
/** Keys of Upload-Metadata: clients add their own (filetype, relativePath…), read by nobody here. */
const MAX_METADATA_KEYS = 16;
const METADATA_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DECIMAL = /^(0|[1-9][0-9]{0,9})$/;

/**
 * The problem with announcing `files` more deposited files on a constat that holds `deposited`
 * of them and still awaits `pending` from deposits in progress, or null: a deposit reserves its
 * place under the constat's ceiling (rules.ts FILES_PER_SIDE) from its start.
 */
export function depositFilesProblem(files: number, deposited: number, pending: number): string | null {
  if (!Number.isInteger(files) || files < 1) return depositMessages.filesInvalid;
  return filesCeilingProblem('DEPOSITED', deposited + pending, files);
}

export interface UploadRequestFacts {
  /** The raw Upload-Metadata header. */
  metadata: string | null;
  /** The raw Upload-Length header. */
  length: string | null;
  /** Whether Upload-Defer-Length was sent (a file whose size is unknown at its creation). */
  deferred: boolean;
  maxBytes: number;
}

export interface UploadCreation {
  depositId: number;
  position: number;
  name: string;
  size: number;
}

export type CreationProblem = { problem: string; code: 'BAD_USER_INPUT' | 'PAYLOAD_TOO_LARGE' };

/**
 * What a resumable upload's creation (POST) announces, checked before anything is stored: the
 * deposit and the file's place in it, its name and its size (a length is required: no deferred
 * length, so the size and quota checks hold from the first byte).
 */
export function uploadCreation(facts: UploadRequestFacts): UploadCreation | CreationProblem {
  const metadata = parseUploadMetadata(facts.metadata);
  if ('problem' in metadata) return { problem: metadata.problem, code: 'BAD_USER_INPUT' };
  const deposit = metadata.values.get('deposit');
  if (deposit === undefined || !DECIMAL.test(deposit) || Number(deposit) < 1 || Number(deposit) > 2 ** 31 - 1)
    return { problem: depositMessages.depositRequired, code: 'BAD_USER_INPUT' };
  const index = metadata.values.get('index') ?? '';
  if (!DECIMAL.test(index) || Number(index) > 2 ** 31 - 1) return { problem: depositMessages.positionRequired, code: 'BAD_USER_INPUT' };
  const name = (metadata.values.get('filename') ?? '').trim();
  if (!name) return { problem: depositMessages.nameRequired, code: 'BAD_USER_INPUT' };
  if ([...name].length > MAX_FILE_NAME) return { problem: depositMessages.nameTooLong, code: 'BAD_USER_INPUT' };
  if (facts.deferred || facts.length === null) return { problem: depositMessages.lengthRequired, code: 'BAD_USER_INPUT' };
  if (!/^[0-9]{1,16}$/.test(facts.length)) return { problem: depositMessages.lengthInvalid, code: 'BAD_USER_INPUT' };
  const size = Number(facts.length);
  if (size === 0) return { problem: depositMessages.fileEmpty(name), code: 'BAD_USER_INPUT' };
  if (size > facts.maxBytes) return { problem: depositMessages.fileTooLarge(name, facts.maxBytes), code: 'PAYLOAD_TOO_LARGE' };
  return { depositId: Number(deposit), position: Number(index), name, size };
}

/**
 * The tus Upload-Metadata header: `key base64,key base64…` (a key may come without a value). Keys
 * unique and plain, values strict base64 of UTF-8 text; anything else is refused whole.
 */
export function parseUploadMetadata(header: string | null): { values: Map<string, string> } | { problem: string } {
  if (header === null || header.trim() === '') return { values: new Map() };
  if (header.length > MAX_METADATA_LENGTH) return { problem: depositMessages.metadataTooLong };
  const values = new Map<string, string>();
  const pairs = header.split(',');
  if (pairs.length > MAX_METADATA_KEYS) return { problem: depositMessages.metadataTooLong };
  for (const pair of pairs) {
    const [key, value = '', ...rest] = pair.trim().split(' ');
    if (rest.length > 0 || !METADATA_KEY.test(key) || values.has(key) || !BASE64.test(value) || value.length % 4 !== 0)
      return { problem: depositMessages.metadataInvalid };
    const text = Buffer.from(value, 'base64').toString('utf8');
    // Not UTF-8 (replacement characters) or holding control characters: not a name anyone typed.
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    if (text.includes('\uFFFD') || /[\u0000-\u001f\u007f]/.test(text)) return { problem: depositMessages.metadataInvalid };
    values.set(key, text);
  }
  return { values };
}

export interface DepositCounts {
  expectedFiles: number;
  receivedFiles: number;
  refusedFiles: number;
}

/** Every announced file arrived or was refused: the deposit is complete, and the office is told. */
export const isDepositComplete = (deposit: DepositCounts) => deposit.receivedFiles + deposit.refusedFiles >= deposit.expectedFiles;

const files = (count: number) => `${count.toLocaleString('fr-FR')} fichier${count > 1 ? 's' : ''}`;

/** How a complete deposit is told: what arrived of what was announced, and what was refused. */
export function depositSummary(deposit: DepositCounts): string {
  const refused = deposit.refusedFiles > 0 ? `, ${files(deposit.refusedFiles)} refusé${deposit.refusedFiles > 1 ? 's' : ''}` : '';
  const missing = deposit.expectedFiles - deposit.receivedFiles - deposit.refusedFiles;
  const abandoned = missing > 0 ? `, ${files(missing)} jamais arrivé${missing > 1 ? 's' : ''}` : '';
  // « 120 / 1 000 fichiers reçus », as the constat showed its progress.
  return `${deposit.receivedFiles.toLocaleString('fr-FR')} / ${files(deposit.expectedFiles)} reçu${deposit.expectedFiles > 1 ? 's' : ''}${refused}${abandoned}`;
}
