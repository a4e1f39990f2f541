// The deposits running in this tab (product.md §16): each file travels to /api/v1/uploads with
// tus-js-client (tus 1.0.0, in chunks, retried after a cut from the offset the server acknowledged),
// a few at a time; each file's state is kept in the browser (keptDeposits.ts) so that a reload
// resumes the deposit. One store for the whole tab, outside React, so that a deposit goes on when its
// form is left for another screen; components read it with useDeposits (useSyncExternalStore).
import { Upload, type DetailedError } from 'tus-js-client';
import { readAuthToken } from '../../relay/authToken';
import { depositsText } from '../../i18n/deposits';
import {
  CHUNK_BYTES,
  LATER_MS,
  RETRY_DELAYS,
  addSample,
  cancelledFiles,
  filesToStart,
  isRetryable,
  outcomeOf,
  progressOf,
  restoredFiles,
  secondsLeft,
  type DepositFile,
  type DepositProgress,
  type Outcome,
  type Sample,
} from './depositQueue';
import { forgetDeposit, keepDeposit, keptDeposits, markFile, type KeptDeposit } from './keptDeposits';

/** What a screen shows of a running deposit. */
export interface DepositView {
  depositId: number;
  reportId: string;
  reportName: string;
  files: readonly DepositFile[];
  progress: DepositProgress;
  secondsLeft: number | null;
  /** Started again from the browser's copy after a reload or a closed tab. */
  resumed: boolean;
  /** Some upload lost its connection and waits to try again. */
  reconnecting: boolean;
  /** A form shows it; the shell's banner shows the others. */
  claimed: boolean;
}

interface Running {
  deposit: KeptDeposit;
  files: DepositFile[];
  blobs: Map<number, Blob>;
  urls: Map<number, string>;
  uploads: Map<number, Upload>;
  /** Files whose connection was lost, waiting for their next try. */
  retrying: Set<number>;
  samples: Sample[];
  resumed: boolean;
}

const running = new Map<number, Running>();
const claims = new Map<number, number>();
const listeners = new Set<() => void>();
let snapshot: readonly DepositView[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;
/** Progress events come many times a second: screens are told at most this often. */
const FLUSH_MS = 250;

const endpoint = () => new URL('/api/v1/uploads', window.location.href).href;

function viewOf(deposit: Running): DepositView {
  const progress = progressOf(deposit.files);
  return {
    depositId: deposit.deposit.depositId,
    reportId: deposit.deposit.reportId,
    reportName: deposit.deposit.reportName,
    files: deposit.files,
    progress,
    secondsLeft: secondsLeft(deposit.samples, progress.bytes - progress.bytesDone),
    resumed: deposit.resumed,
    reconnecting: deposit.retrying.size > 0,
    claimed: (claims.get(deposit.deposit.depositId) ?? 0) > 0,
  };
}

function flush() {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  snapshot = [...running.values()].map(viewOf);
  for (const listener of listeners) listener();
}

/** A state changed (told at once), or bytes moved (told with the next flush). */
function changed(now: boolean) {
  if (now) flush();
  else flushTimer ??= setTimeout(flush, FLUSH_MS);
}

function update(deposit: Running, index: number, change: Partial<DepositFile>) {
  // A new array, so that what a screen holds from the last snapshot never changes under it.
  deposit.files = deposit.files.map((file) => (file.index === index ? { ...file, ...change } : file));
}

function sample(deposit: Running) {
  deposit.samples = addSample(deposit.samples, { at: Date.now(), bytes: progressOf(deposit.files).bytesDone });
}

function pump(deposit: Running) {
  if (running.get(deposit.deposit.depositId) !== deposit) return;
  for (const index of filesToStart(deposit.files, deposit.uploads.size)) send(deposit, index);
}

function send(deposit: Running, index: number) {
  const file = deposit.files[index];
  const blob = deposit.blobs.get(index);
  if (!blob) return settle(deposit, index, { kind: 'refused', message: depositsText.lost });
  const statusOf = (error: Error) => (error as DetailedError).originalResponse?.getStatus() ?? 0;
  const upload: Upload = new Upload(blob, {
    endpoint: endpoint(),
    uploadUrl: deposit.urls.get(index) ?? null,
    metadata: { deposit: String(deposit.deposit.depositId), index: String(index), filename: file.name },
    chunkSize: CHUNK_BYTES,
    retryDelays: [...RETRY_DELAYS],
    // The upload's address is kept with the file (keptDeposits), not in tus-js-client's own storage.
    storeFingerprintForResuming: false,
    onBeforeRequest: (request) => request.setHeader('Authorization', `Bearer ${readAuthToken() ?? ''}`),
    // Also when the browser believes it is offline, which tus-js-client's default takes as final.
    onShouldRetry: (error) => {
      const status = statusOf(error);
      if (status === 0) {
        deposit.retrying.add(index);
        changed(true);
      }
      return isRetryable(status);
    },
    onUploadUrlAvailable: () => {
      if (!upload.url) return;
      deposit.urls.set(index, upload.url);
      void markFile(deposit.deposit.depositId, index, { uploadUrl: upload.url });
    },
    onProgress: (bytesSent) => {
      if (deposit.retrying.delete(index)) changed(true);
      update(deposit, index, { sent: bytesSent });
      sample(deposit);
      changed(false);
    },
    onSuccess: () => settle(deposit, index, { kind: 'sent' }),
    onError: (error) => {
      const response = (error as DetailedError).originalResponse;
      settle(deposit, index, outcomeOf(response?.getStatus() ?? 0, response?.getBody() ?? '', depositsText.refusedUnknown));
    },
  });
  deposit.uploads.set(index, upload);
  update(deposit, index, { state: 'sending' });
  changed(true);
  upload.start();
}

function settle(deposit: Running, index: number, outcome: Outcome) {
  deposit.uploads.delete(index);
  deposit.retrying.delete(index);
  if (running.get(deposit.deposit.depositId) !== deposit) return;
  const id = deposit.deposit.depositId;
  if (outcome.kind === 'paused') {
    // Signed out or expired: every upload stops; the shell resumes them at the next sign-in.
    pauseDeposits();
    return;
  }
  if (outcome.kind === 'retry') {
    // A whole hour of tries failed: the file waits, then starts over from its kept address.
    update(deposit, index, { state: 'waiting' });
    setTimeout(() => pump(deposit), LATER_MS);
    changed(true);
    return;
  }
  const file = deposit.files[index];
  update(
    deposit,
    index,
    outcome.kind === 'sent' ? { state: 'sent', sent: file.size } : { state: 'refused', sent: 0, message: outcome.message },
  );
  deposit.blobs.delete(index);
  sample(deposit);
  void markFile(id, index, outcome.kind === 'sent' ? { state: 'sent' } : { state: 'refused', message: outcome.message });
  if (progressOf(deposit.files).finished) void forgetDeposit(id);
  else pump(deposit);
  changed(true);
}

function run(deposit: KeptDeposit, files: DepositFile[], blobs: Map<number, Blob>, urls: Map<number, string>, resumed: boolean) {
  const entry: Running = { deposit, files, blobs, urls, uploads: new Map(), retrying: new Set(), samples: [], resumed };
  running.set(deposit.depositId, entry);
  sample(entry);
  changed(true);
  pump(entry);
}

/** Keeps a new deposit's files in the browser, then sends them. */
export async function startDeposit(deposit: KeptDeposit, files: readonly File[]): Promise<void> {
  await keepDeposit(deposit, files);
  const blobs = new Map(files.map((file, index) => [index, file as Blob]));
  const initial = files.map((file, index): DepositFile => ({ index, name: file.name, size: file.size, state: 'waiting', sent: 0 }));
  run(deposit, initial, blobs, new Map(), false);
}

/** Resumes the signed-in user's deposits kept in the browser that this tab does not run yet. */
export async function resumeDeposits(owner: string): Promise<void> {
  for (const { deposit, files } of await keptDeposits(owner)) {
    if (running.has(deposit.depositId)) continue;
    const restored = restoredFiles(files, depositsText.lost);
    if (progressOf(restored).finished) {
      await forgetDeposit(deposit.depositId);
      continue;
    }
    const blobs = new Map(files.flatMap((file) => (file.blob ? [[file.index, file.blob] as const] : [])));
    const urls = new Map(files.flatMap((file) => (file.uploadUrl ? [[file.index, file.uploadUrl] as const] : [])));
    run(deposit, restored, blobs, urls, true);
  }
}

/** Stops every upload of the tab (sign-out, another session): the browser keeps them to resume. */
export function pauseDeposits(): void {
  for (const deposit of running.values()) for (const upload of deposit.uploads.values()) void upload.abort(false);
  running.clear();
  changed(true);
}

/**
 * « Annuler le dépôt » on this device: its uploads stop, the files not yet settled are cancelled and
 * the browser's copy goes (nothing resumes it). The server is told by the caller (cancelDeposit).
 */
export function stopDeposit(depositId: number): void {
  const deposit = running.get(depositId);
  if (!deposit) return;
  for (const upload of deposit.uploads.values()) void upload.abort(false);
  deposit.uploads.clear();
  deposit.retrying.clear();
  deposit.blobs.clear();
  deposit.files = cancelledFiles(deposit.files);
  void forgetDeposit(depositId);
  changed(true);
}

export function subscribeDeposits(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const depositsSnapshot = (): readonly DepositView[] => snapshot;

/** A form shows this deposit: the shell's banner leaves it to the form while it is mounted. */
export function claimDeposit(depositId: number): () => void {
  claims.set(depositId, (claims.get(depositId) ?? 0) + 1);
  changed(true);
  return () => {
    claims.set(depositId, (claims.get(depositId) ?? 1) - 1);
    changed(true);
  };
}

/** Settled deposits leave the tab's list once a screen has shown their end. */
export function dismissDeposit(depositId: number): void {
  const deposit = running.get(depositId);
  if (deposit && progressOf(deposit.files).finished) {
    running.delete(depositId);
    changed(true);
  }
}
