// The Idempotency-Key of creations: one key per user action, reused when the user tries the same
// action again after it got no answer (lost connection, timeout), so the server answers the retry
// with the first request's record instead of creating a second one. "The same action" is the same
// creation with the same variables and files; a changed form is a new action, with a new key.
import type { UploadableMap } from 'relay-runtime';

/** The creations the network layer sends a key with (their operation names). */
export const IDEMPOTENT_OPERATIONS: ReadonlySet<string> = new Set([
  'CreateReportPageMutation',
  'useDepositFilesMutation',
  'ReportFilesAddMutation',
  'ReportCommentsAddMutation',
  'CreateAbsencePageMutation',
  'NewsFormCreateMutation',
  'BillSelectionDialogGenerateMutation',
  'SecretaryBillUploadMutation',
  'AccountFormCreateMutation',
  'GroupFormCreateMutation',
]);

/** A key outlives no answer by this long: the server keeps keys a day. */
const KEEP_MS = 12 * 3_600_000;

/** What identifies an action: the operation, its variables and its files (name, size, date). */
export function actionFingerprint(operation: string, variables: Record<string, unknown>, uploadables?: UploadableMap | null): string {
  const files = Object.entries(uploadables ?? {}).map(([field, file]) => [
    field,
    file instanceof File ? [file.name, file.size, file.lastModified] : file.size,
  ]);
  return JSON.stringify([operation, variables, files]);
}

export interface IdempotencyKeys {
  /** The action's key: the one of its unanswered earlier try, or a new one. */
  keyFor(fingerprint: string): string;
  /** The server answered the action: its next try is a new action. */
  settle(fingerprint: string): void;
}

/** 128 random bits in hex: crypto.randomUUID exists only on HTTPS and localhost, getRandomValues everywhere. */
export function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function createIdempotencyKeys(newKey: () => string = randomKey, now: () => number = Date.now): IdempotencyKeys {
  const pending = new Map<string, { key: string; at: number }>();
  return {
    keyFor(fingerprint) {
      for (const [known, entry] of pending) if (now() - entry.at > KEEP_MS) pending.delete(known);
      const entry = pending.get(fingerprint) ?? { key: newKey(), at: now() };
      pending.set(fingerprint, entry);
      return entry.key;
    },
    settle(fingerprint) {
      pending.delete(fingerprint);
    },
  };
}
