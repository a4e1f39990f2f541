// What a backup folder holds and the rules that check it, as plain functions: the manifest's shape,
// the comparison of the checksums it lists with those computed from the folder, and which
// migrations a restore applies before and after loading the rows.
import { assertValidKey } from '../storage.js';

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 1;

export interface TableEntry {
  name: string;
  /** In the order of the table file's fields (COPY text format). */
  columns: string[];
  rows: number;
  bytes: number;
  sha256: string;
}

export interface FileEntry {
  key: string;
  bytes: number;
  sha256: string;
}

export interface SequenceEntry {
  name: string;
  /** A bigint, as text. */
  value: string;
  isCalled: boolean;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  appVersion: string;
  /** Migrations applied to the backed-up database, in order: its schema version. */
  migrations: string[];
  tables: TableEntry[];
  sequences: SequenceEntry[];
  files: FileEntry[];
  /** Keys the snapshot named that the file store no longer had (a file lost before the backup). */
  missingFiles: string[];
}

/** Every message the backup and restore commands print, in French. */
export const backupMessages = {
  notEmptyFolder: (dir: string) => `Le dossier de sauvegarde ${dir} n’est pas vide : choisissez un dossier neuf.`,
  noManifest: (dir: string) => `Sauvegarde incomplète ou illisible : ${dir}/${MANIFEST_FILE} introuvable.`,
  badManifest: (reason: string) => `Manifeste de sauvegarde invalide : ${reason}.`,
  corrupted: (problems: string[]) =>
    `Sauvegarde corrompue, rien n’a été restauré (${problems.length} problème(s)) :\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  checksum: (file: string) => `${file} : somme de contrôle SHA-256 différente`,
  size: (file: string, expected: number, actual: number) => `${file} : ${actual} octet(s) au lieu de ${expected}`,
  absent: (file: string) => `${file} : fichier absent de la sauvegarde`,
  targetNotEmpty: (what: string) => `La cible n’est pas vide (${what}) : la restauration ne se fait que dans une instance vide.`,
  unknownMigrations: (names: string[]) =>
    `La sauvegarde vient d’une version plus récente de l’application (migration(s) inconnue(s) : ${names.join(', ')}) : mettez l’application à jour avant de restaurer.`,
  targetAhead: (names: string[]) =>
    `La base cible a déjà des migrations absentes de la sauvegarde (${names.join(', ')}) : restaurez dans une base vide.`,
  rowCount: (table: string, expected: number, actual: number) => `Table ${table} : ${actual} ligne(s) chargée(s) au lieu de ${expected}`,
  loadFailed: (reason: string) => `Échec du chargement des données, rien n’a été restauré : ${reason}`,
  storedMismatch: (problems: string[]) =>
    `Fichiers relus après écriture différents de la sauvegarde, rien n’a été restauré :\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  missingFiles: (keys: string[]) =>
    `${keys.length} fichier(s) référencé(s) par la base manquai(en)t déjà dans le stockage et ne sont pas dans la sauvegarde : ${keys.join(', ')}`,
};

/** A backup or restore refused or failed, with a French message meant for the person running it. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Where a table's rows are in the backup folder. */
export const tableFile = (table: string) => `tables/${table}.copy`;
/** Where a stored file is in the backup folder: under its own key, which is a safe relative path. */
export const storedFile = (key: string) => `files/${key}`;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const SHA256 = /^[0-9a-f]{64}$/;
const MIGRATION = /^[0-9]{14}_[A-Za-z0-9_]+$/;

/** The manifest read from its JSON text, refused with the first thing wrong in it. */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError(backupMessages.badManifest('JSON illisible'));
  }
  const bad = (reason: string): never => {
    throw new BackupError(backupMessages.badManifest(reason));
  };
  if (!isObject(value)) return bad('objet attendu');
  if (value.format !== BACKUP_FORMAT) bad(`format ${String(value.format)} inconnu (attendu : ${BACKUP_FORMAT})`);
  if (typeof value.createdAt !== 'string' || typeof value.appVersion !== 'string') bad('date ou version absente');
  if (!isList(value.migrations, (name) => typeof name === 'string' && MIGRATION.test(name))) bad('liste des migrations');
  const tables = value.tables;
  if (!isList(tables, isTable)) return bad('liste des tables');
  if (new Set(tables.map((t) => t.name)).size !== tables.length) bad('table en double');
  if (!isList(value.sequences, isSequence)) bad('liste des séquences');
  const files = value.files;
  if (!isList(files, isFile)) return bad('liste des fichiers');
  if (new Set(files.map((f) => f.key)).size !== files.length) bad('fichier en double');
  if (!isList(value.missingFiles, (key) => typeof key === 'string')) bad('liste des fichiers manquants');
  return value as unknown as BackupManifest;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isList<T>(value: unknown, item: (entry: unknown) => entry is T): value is T[];
function isList(value: unknown, item: (entry: unknown) => boolean): boolean;
function isList(value: unknown, item: (entry: unknown) => boolean): boolean {
  return Array.isArray(value) && value.every(item);
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function isTable(value: unknown): value is TableEntry {
  return (
    isObject(value) &&
    typeof value.name === 'string' &&
    IDENTIFIER.test(value.name) &&
    isList(value.columns, (column) => typeof column === 'string' && IDENTIFIER.test(column)) &&
    (value.columns as string[]).length > 0 &&
    isCount(value.rows) &&
    isCount(value.bytes) &&
    typeof value.sha256 === 'string' &&
    SHA256.test(value.sha256)
  );
}

function isSequence(value: unknown): value is SequenceEntry {
  return (
    isObject(value) &&
    typeof value.name === 'string' &&
    IDENTIFIER.test(value.name) &&
    typeof value.value === 'string' &&
    /^-?[0-9]{1,19}$/.test(value.value) &&
    typeof value.isCalled === 'boolean'
  );
}

function isFile(value: unknown): value is FileEntry {
  if (!isObject(value) || typeof value.key !== 'string') return false;
  try {
    // The key becomes a path in the backup folder and in the file store: never `..` or absolute.
    assertValidKey(value.key);
  } catch {
    return false;
  }
  return isCount(value.bytes) && typeof value.sha256 === 'string' && SHA256.test(value.sha256);
}

/** What was computed from one file of the folder; null when the file is not there. */
export type Measured = { bytes: number; sha256: string } | null;

/** Each difference between what the manifest lists and what was measured, one French line each. */
export function checksumProblems(expected: { path: string; bytes: number; sha256: string }[], measured: Map<string, Measured>): string[] {
  return expected.flatMap(({ path, bytes, sha256 }) => {
    const actual = measured.get(path);
    if (!actual) return [backupMessages.absent(path)];
    if (actual.bytes !== bytes) return [backupMessages.size(path, bytes, actual.bytes)];
    if (actual.sha256 !== sha256) return [backupMessages.checksum(path)];
    return [];
  });
}

/** Every file of the folder the manifest vouches for, with its expected size and checksum. */
export function archiveEntries(manifest: BackupManifest): { path: string; bytes: number; sha256: string }[] {
  return [
    ...manifest.tables.map((table) => ({ path: tableFile(table.name), bytes: table.bytes, sha256: table.sha256 })),
    ...manifest.files.map((file) => ({ path: storedFile(file.key), bytes: file.bytes, sha256: file.sha256 })),
  ];
}

/**
 * The migrations a restore applies before loading the rows (the archive's, so the rows fit the
 * tables they were read from) and after (those this build adds since). Refused when the archive
 * knows a migration this build does not, or the target already went past the archive.
 */
export function migrationPlan(archive: string[], build: string[], target: string[]): { before: string[]; after: string[] } {
  const known = new Set(build);
  const unknown = archive.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new BackupError(backupMessages.unknownMigrations(unknown));
  const inArchive = new Set(archive);
  const ahead = target.filter((name) => !inArchive.has(name));
  if (ahead.length > 0) throw new BackupError(backupMessages.targetAhead(ahead));
  const applied = new Set(target);
  return {
    before: archive.filter((name) => !applied.has(name)),
    after: build.filter((name) => !inArchive.has(name)),
  };
}
