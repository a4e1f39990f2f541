// product.md §16 as the web's resumable deposits decide: which files start next, the overall
// progress and time left, what an upload's failure means, and what a deposit kept in the browser
// still has to send after a reload.
import {
  PARALLEL_UPLOADS,
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
  type KeptFile,
} from '../../web/src/features/deposits/depositQueue.js';
import { depositMessages } from '../../api/src/modules/reports/deposit-rules.js';
import { depositsText } from '../../web/src/i18n/deposits.js';

const file = (index: number, state: DepositFile['state'], size = 100, sent = 0): DepositFile => ({
  index,
  name: `photo-${index}.jpg`,
  size,
  state,
  sent,
});

describe('files to start', () => {
  it('starts the lowest waiting places up to the parallel uploads', () => {
    const files = [file(0, 'sent'), file(1, 'sending'), file(2, 'waiting'), file(3, 'refused'), file(4, 'waiting'), file(5, 'waiting')];
    expect(filesToStart(files, 1, 3)).toEqual([2, 4]);
    expect(filesToStart(files, 0, 3)).toEqual([2, 4, 5]);
  });

  it('starts nothing while every slot is busy or nothing waits', () => {
    expect(filesToStart([file(0, 'waiting')], PARALLEL_UPLOADS)).toEqual([]);
    expect(filesToStart([file(0, 'sent'), file(1, 'refused')], 0)).toEqual([]);
  });

  it('keeps a thousand files cheap: a few places, never the whole list', () => {
    const files = Array.from({ length: 1000 }, (_, index) => file(index, 'waiting'));
    expect(filesToStart(files, 0)).toEqual([0, 1, 2]);
  });
});

describe('overall progress', () => {
  it('counts settled files and acknowledged bytes, a refused file as settled', () => {
    const progress = progressOf([
      file(0, 'sent', 100, 100),
      file(1, 'refused', 300),
      file(2, 'sending', 400, 100),
      file(3, 'waiting', 200),
    ]);
    expect(progress).toEqual({
      files: 4,
      done: 2,
      sent: 1,
      refused: 1,
      cancelled: 0,
      bytes: 1000,
      bytesDone: 500,
      percent: 50,
      finished: false,
    });
  });

  it('floors the percentage and reaches 100 only when every byte is there', () => {
    expect(progressOf([file(0, 'sending', 1000, 999)]).percent).toBe(99);
    expect(progressOf([file(0, 'sent', 1000, 1000)])).toMatchObject({ percent: 100, finished: true });
  });

  it('never counts more than a file holds (a chunk resent after a cut)', () => {
    expect(progressOf([file(0, 'sending', 100, 250)]).bytesDone).toBe(100);
  });
});

describe('a cancelled deposit', () => {
  it('cancels only the files not yet settled, their bytes no longer counted', () => {
    const files = cancelledFiles([
      file(0, 'sent', 100, 100),
      file(1, 'refused', 300),
      file(2, 'sending', 400, 100),
      file(3, 'waiting', 200),
    ]);
    expect(files.map((each) => each.state)).toEqual(['sent', 'refused', 'cancelled', 'cancelled']);
    expect(files[2].sent).toBe(0);
    expect(progressOf(files)).toEqual({
      files: 4,
      done: 2,
      sent: 1,
      refused: 1,
      cancelled: 2,
      bytes: 400,
      bytesDone: 400,
      percent: 100,
      finished: true,
    });
  });

  it('starts nothing more', () => {
    expect(filesToStart(cancelledFiles([file(0, 'waiting'), file(1, 'waiting')]), 0)).toEqual([]);
  });

  it('says so in its headline, with the files received', () => {
    expect(depositsText.cancelled(2, 4)).toBe('Dépôt annulé : 2 / 4 fichiers reçus');
    expect(depositsText.cancelled(1, 1)).toBe('Dépôt annulé : 1 / 1 fichier reçu');
  });
});

describe('time left', () => {
  it('is unknown before two seconds of samples or while nothing moves', () => {
    expect(secondsLeft([{ at: 0, bytes: 0 }], 1000)).toBeNull();
    expect(
      secondsLeft(
        [
          { at: 0, bytes: 0 },
          { at: 1_000, bytes: 500 },
        ],
        1000,
      ),
    ).toBeNull();
    expect(
      secondsLeft(
        [
          { at: 0, bytes: 500 },
          { at: 5_000, bytes: 500 },
        ],
        1000,
      ),
    ).toBeNull();
  });

  it('divides what is left by the recent rate', () => {
    const samples = [
      { at: 0, bytes: 0 },
      { at: 4_000, bytes: 4_000_000 },
    ];
    expect(secondsLeft(samples, 10_000_000)).toBe(10);
    expect(secondsLeft(samples, 0)).toBe(0);
  });

  it('forgets samples older than the window, so a cut ages out once files flow again', () => {
    let samples = addSample([], { at: 0, bytes: 0 });
    samples = addSample(samples, { at: 10_000, bytes: 0 });
    samples = addSample(samples, { at: 25_000, bytes: 3_000_000 });
    expect(samples.map((sample) => sample.at)).toEqual([10_000, 25_000]);
    expect(secondsLeft(samples, 1_000_000)).toBe(5);
  });

  it('reads in French, rounded', () => {
    expect(depositsText.timeLeft(3)).toBe('environ 5 s restantes');
    expect(depositsText.timeLeft(42)).toBe('environ 45 s restantes');
    expect(depositsText.timeLeft(61)).toBe('environ 2 min restantes');
  });
});

describe("an upload's failure", () => {
  const fallback = 'Fichier refusé par le serveur.';
  const body = (message: string, code = 400) => JSON.stringify({ code, message });

  it.each([0, 500, 502, 409, 423, 429])('tries %i again', (status) => {
    expect(isRetryable(status)).toBe(true);
    expect(outcomeOf(status, '', fallback)).toEqual({ kind: 'retry' });
  });

  it("refuses the file with the server's French reason, and goes on with the others", () => {
    expect(outcomeOf(400, body('Type de fichier non autorisé.'), fallback)).toEqual({
      kind: 'refused',
      message: 'Type de fichier non autorisé.',
    });
    expect(outcomeOf(413, body('Quota dépassé.', 413), fallback)).toEqual({ kind: 'refused', message: 'Quota dépassé.' });
    expect(outcomeOf(404, '<html>not found</html>', fallback)).toEqual({ kind: 'refused', message: fallback });
  });

  it('counts as received a file the server already stored (a creation answered 410 after a lost answer)', () => {
    // The server's own words: the endpoint answers 410 for several conflicts.
    expect(outcomeOf(410, body(depositMessages.alreadyReceived, 410), fallback)).toEqual({ kind: 'sent' });
    for (const message of [depositMessages.depositComplete, depositMessages.depositFull, depositMessages.uploadFinished])
      expect(outcomeOf(410, body(message, 410), fallback)).toEqual({ kind: 'refused', message });
  });

  it('pauses the whole deposit when the session is gone', () => {
    expect(outcomeOf(401, body('Non connecté.', 401), fallback)).toEqual({ kind: 'paused' });
  });

  it('keeps trying for about an hour, quickly at first (an 8 s cut is crossed within the first tries)', () => {
    const total = RETRY_DELAYS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(3_600_000);
    expect(RETRY_DELAYS.slice(0, 5).reduce((sum, delay) => sum + delay, 0)).toBeGreaterThan(8_000);
    expect(Math.max(...RETRY_DELAYS)).toBeLessThanOrEqual(10_000);
  });
});

describe('a deposit kept in the browser, after a reload', () => {
  const kept = (index: number, state: KeptFile['state'], blob?: Blob, message?: string): KeptFile => ({
    depositId: 7,
    index,
    name: `photo-${index}.jpg`,
    size: 10,
    state,
    blob,
    message,
  });
  const lost = depositsText.lost;

  it('keeps what was settled, and sends again only the files with their bytes', () => {
    const restored = restoredFiles(
      [kept(2, 'waiting', new Blob(['x'])), kept(0, 'sent'), kept(1, 'refused', undefined, 'Type non autorisé.')],
      lost,
    );
    expect(restored).toEqual([
      { index: 0, name: 'photo-0.jpg', size: 10, state: 'sent', sent: 10 },
      { index: 1, name: 'photo-1.jpg', size: 10, state: 'refused', sent: 0, message: 'Type non autorisé.' },
      { index: 2, name: 'photo-2.jpg', size: 10, state: 'waiting', sent: 0 },
    ]);
    expect(progressOf(restored)).toMatchObject({ done: 2, files: 3, finished: false });
  });

  it('refuses, with the reason, a file whose bytes the browser lost', () => {
    expect(restoredFiles([kept(0, 'waiting')], lost)).toEqual([
      { index: 0, name: 'photo-0.jpg', size: 10, state: 'refused', sent: 0, message: lost },
    ]);
  });

  it('says it resumed, in French', () => {
    expect(depositsText.resumed(57, 120)).toBe('Dépôt repris : 57 / 120 fichiers');
    expect(depositsText.onReport(120, 1000)).toBe('Dépôt en cours : 120 / 1\u202f000 fichiers');
  });
});
