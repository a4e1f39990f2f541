// The pure decisions of a resumable deposit (product.md §16), apart from the browser: which files
// start next, the overall progress and time left, what an upload's failure means for its file, and
// what a deposit kept in the browser still has to send. The upload machinery (depositRunner.ts)
// applies them; tests/unit/web-deposits.test.ts checks them.

/** `cancelled`: not sent, the depositor stopped the deposit (« Annuler le dépôt »). */
export type FileState = 'waiting' | 'sending' | 'sent' | 'refused' | 'cancelled';

export interface DepositFile {
  /** The file's place in its deposit (the upload's « index », 0 to N − 1). */
  index: number;
  name: string;
  size: number;
  state: FileState;
  /** Bytes the server acknowledged (whole size once sent). */
  sent: number;
  /** The server's French reason of a refusal. */
  message?: string;
}

/** Uploads of one deposit at a time: enough to hide each request's latency, few enough for a phone. */
export const PARALLEL_UPLOADS = 3;
/** Bytes per PATCH: a cut loses at most this much of a file, and a phone's photo goes in one or two. */
export const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Waits before each new try of an upload that failed on the network or the server's side: quick at
 * first (a dropped Wi-Fi comes back in seconds), then every 10 s for an hour. tus-js-client starts
 * again from the list's start as soon as a try moved the offset forward.
 */
export const RETRY_DELAYS: readonly number[] = [0, 1_000, 2_000, 3_000, 5_000, ...Array<number>(360).fill(10_000)];
/** After a whole list of tries failed, the file waits this long and its upload starts over. */
export const LATER_MS = 30_000;

/** The places of the waiting files to start now, the lowest first, `sending` of them already running. */
export function filesToStart(files: readonly DepositFile[], sending: number, parallel = PARALLEL_UPLOADS): number[] {
  const free = parallel - sending;
  if (free <= 0) return [];
  const next: number[] = [];
  for (const file of files) {
    if (next.length === free) break;
    if (file.state === 'waiting') next.push(file.index);
  }
  return next;
}

export interface DepositProgress {
  files: number;
  /** Received or refused: what the server settled. */
  done: number;
  sent: number;
  refused: number;
  cancelled: number;
  bytes: number;
  bytesDone: number;
  /** Floor of the bytes acknowledged over the bytes to send, as every upload bar of the app. */
  percent: number;
  finished: boolean;
}

export function progressOf(files: readonly DepositFile[]): DepositProgress {
  let sent = 0;
  let refused = 0;
  let cancelled = 0;
  let bytes = 0;
  let bytesDone = 0;
  for (const file of files) {
    if (file.state === 'sent') sent++;
    if (file.state === 'refused') refused++;
    if (file.state === 'cancelled') cancelled++;
    // A cancelled file's bytes will never travel: the bar measures what was to be sent.
    if (file.state === 'cancelled') continue;
    bytes += file.size;
    // A refused file is settled: its bytes no longer wait.
    bytesDone += file.state === 'sent' || file.state === 'refused' ? file.size : Math.min(file.sent, file.size);
  }
  const done = sent + refused;
  // Every file settled: by the server, or cancelled by the depositor.
  const finished = done + cancelled === files.length;
  const percent = bytes === 0 ? (finished ? 100 : 0) : Math.floor((bytesDone / bytes) * 100);
  return { files: files.length, done, sent, refused, cancelled, bytes, bytesDone, percent, finished };
}

/** The deposit stopped by its depositor: every file not yet settled is cancelled, the others stay as they are. */
export function cancelledFiles(files: readonly DepositFile[]): DepositFile[] {
  return files.map((file) => (file.state === 'waiting' || file.state === 'sending' ? { ...file, state: 'cancelled', sent: 0 } : file));
}

export interface Sample {
  at: number;
  bytes: number;
}

/** The rate is read over this much recent time: a cut ages out of it once the files flow again. */
export const RATE_WINDOW_MS = 20_000;

/** The samples of the last RATE_WINDOW_MS with `sample` added (bytes acknowledged by then). */
export function addSample(samples: readonly Sample[], sample: Sample, windowMs = RATE_WINDOW_MS): Sample[] {
  const kept = samples.filter((previous) => sample.at - previous.at <= windowMs && previous.bytes <= sample.bytes);
  return [...kept, sample];
}

/** Seconds left at the recent rate, or null while it is unknown (under 2 s of samples, nothing moved). */
export function secondsLeft(samples: readonly Sample[], remainingBytes: number): number | null {
  if (remainingBytes <= 0) return 0;
  if (samples.length < 2) return null;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const elapsed = last.at - first.at;
  const moved = last.bytes - first.bytes;
  if (elapsed < 2_000 || moved <= 0) return null;
  return remainingBytes / (moved / elapsed) / 1000;
}

/**
 * What a failed try means, from the server's status (0: no answer, the network) and body: try again
 * (`retry`), store nothing more for this file (`refused` with the server's French reason), count it
 * received (`sent`), or stop the whole deposit until the user is signed in again (`paused`).
 */
export type Outcome = { kind: 'retry' } | { kind: 'sent' } | { kind: 'refused'; message: string } | { kind: 'paused' };

/** No answer, the server's own trouble, a wrong offset (read it again), a lock, the hourly budget. */
export function isRetryable(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
}

/**
 * The answer to a creation at a place whose file the server already stored (a deposit resumed after
 * its answer was lost). The server's words: the endpoint answers 410 for several conflicts, and only
 * this one means the file is there.
 */
const ALREADY_RECEIVED = 'déjà été reçu';

export function outcomeOf(status: number, body: string, fallback: string): Outcome {
  if (isRetryable(status)) return { kind: 'retry' };
  if (status === 401) return { kind: 'paused' };
  const message = messageOf(body) ?? fallback;
  if (status === 410 && message.includes(ALREADY_RECEIVED)) return { kind: 'sent' };
  return { kind: 'refused', message };
}

function messageOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not the endpoint's JSON (a proxy's page): the fallback says it.
  }
  return null;
}

/** A file of a deposit as the browser keeps it (IndexedDB), with its bytes while they are needed. */
export interface KeptFile {
  depositId: number;
  index: number;
  name: string;
  size: number;
  state: 'waiting' | 'sent' | 'refused';
  message?: string;
  /** The upload's address once created: a resumed file asks its offset there (HEAD). */
  uploadUrl?: string;
  blob?: Blob;
}

/**
 * A kept deposit's files as they restart after a reload: settled ones as they were; an unsettled
 * one waits with its bytes, or is refused when the browser lost them (storage cleared, quota).
 */
export function restoredFiles(kept: readonly KeptFile[], lostMessage: string): DepositFile[] {
  return [...kept]
    .sort((a, b) => a.index - b.index)
    .map((file): DepositFile => {
      const base = { index: file.index, name: file.name, size: file.size };
      if (file.state === 'sent') return { ...base, state: 'sent', sent: file.size };
      if (file.state === 'refused') return { ...base, state: 'refused', sent: 0, message: file.message };
      if (!file.blob) return { ...base, state: 'refused', sent: 0, message: lostMessage };
      return { ...base, state: 'waiting', sent: 0 };
    });
}
