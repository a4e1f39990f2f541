// The deposits kept in the browser (IndexedDB) so that a reload or a closed tab does not lose them
// (product.md §16): each deposit's constat and owner, and each file's state, upload address and
// bytes until the server settled it. Best effort: a browser that refuses (private mode, quota) still
// deposits, it only cannot resume after a reload.
import type { KeptFile } from './depositQueue';

export interface KeptDeposit {
  depositId: number;
  reportId: string;
  reportName: string;
  /** The signed-in user's id: another account on the same browser never resumes it. */
  owner: string;
}

const DATABASE = 'constats-deposits';
const DEPOSITS = 'deposits';
const FILES = 'files';
const BY_DEPOSIT = 'byDeposit';

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(DEPOSITS, { keyPath: 'depositId' });
      db.createObjectStore(FILES, { keyPath: ['depositId', 'index'] }).createIndex(BY_DEPOSIT, 'depositId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

/** Runs `work` in one transaction and resolves with its result once the transaction committed. */
async function transaction<T>(mode: IDBTransactionMode, work: (tx: IDBTransaction) => IDBRequest<T> | undefined): Promise<T | undefined> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction([DEPOSITS, FILES], mode);
    const request = work(tx);
    tx.oncomplete = () => resolve(request?.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB'));
  });
}

/** Keeps a new deposit and its files' bytes; false when the browser refused (it then cannot resume). */
export async function keepDeposit(deposit: KeptDeposit, files: readonly File[]): Promise<boolean> {
  try {
    await transaction('readwrite', (tx) => {
      tx.objectStore(DEPOSITS).put(deposit);
      const store = tx.objectStore(FILES);
      files.forEach((file, index) => {
        const kept: KeptFile = { depositId: deposit.depositId, index, name: file.name, size: file.size, state: 'waiting', blob: file };
        store.put(kept);
      });
      return undefined;
    });
    return true;
  } catch {
    return false;
  }
}

/** Records a file's upload address or its outcome; a settled file's bytes are let go. */
export async function markFile(
  depositId: number,
  index: number,
  change: Pick<KeptFile, 'uploadUrl'> | Pick<KeptFile, 'state' | 'message'>,
): Promise<void> {
  await transaction('readwrite', (tx) => {
    const store = tx.objectStore(FILES);
    const read = store.get([depositId, index]) as IDBRequest<KeptFile | undefined>;
    read.onsuccess = () => {
      if (!read.result) return;
      const next: KeptFile = { ...read.result, ...change };
      if (next.state !== 'waiting') delete next.blob;
      store.put(next);
    };
    return undefined;
  }).catch(() => undefined);
}

/** The owner's kept deposits with their files (bytes included). */
export async function keptDeposits(owner: string): Promise<{ deposit: KeptDeposit; files: KeptFile[] }[]> {
  try {
    const deposits = ((await transaction('readonly', (tx) => tx.objectStore(DEPOSITS).getAll())) ?? []) as KeptDeposit[];
    const mine = deposits.filter((deposit) => deposit.owner === owner);
    return await Promise.all(
      mine.map(async (deposit) => {
        const files = await transaction('readonly', (tx) => tx.objectStore(FILES).index(BY_DEPOSIT).getAll(deposit.depositId));
        return { deposit, files: (files ?? []) as KeptFile[] };
      }),
    );
  } catch {
    return [];
  }
}

/** Forgets a settled deposit and whatever bytes it still held. */
export async function forgetDeposit(depositId: number): Promise<void> {
  await transaction('readwrite', (tx) => {
    tx.objectStore(DEPOSITS).delete(depositId);
    tx.objectStore(FILES).delete(IDBKeyRange.bound([depositId, 0], [depositId, Number.MAX_SAFE_INTEGER]));
    return undefined;
  }).catch(() => undefined);
}
