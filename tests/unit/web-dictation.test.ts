// The dictation player's pure parts (product.md §16): speeds a step at a time within 0,5× and 2×,
// times held within the recording, the clock and the constat's lengths in French, the keyboard
// shortcuts (Alt alone, never in a text field) and the saving of positions without a flood.
import {
  SHORTCUTS,
  SPEEDS,
  clampTime,
  formatClock,
  formatLength,
  formatSpeed,
  knownDuration,
  positionSaver,
  shortcutAction,
  startPosition,
  stepSpeed,
  typesText,
  type KeyPress,
} from '../../web/src/features/reports/dictation.js';
import { dictationText } from '../../web/src/i18n/dictation.js';

describe('speeds', () => {
  it('offers 0,5× to 2× by quarters, slowest first', () => {
    expect(SPEEDS).toEqual([0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]);
    expect(SPEEDS.map(formatSpeed)).toEqual(['0,5×', '0,75×', '1×', '1,25×', '1,5×', '1,75×', '2×']);
  });

  it.each<[number, -1 | 1, number]>([
    [1, 1, 1.25],
    [1.25, 1, 1.5],
    [1, -1, 0.75],
    [2, 1, 2],
    [0.5, -1, 0.5],
    // A rate not offered (set elsewhere) steps from the nearest one.
    [1.4, 1, 1.75],
    [3, -1, 1.75],
  ])('a step from %p by %p is %p', (current, direction, expected) => {
    expect(stepSpeed(current, direction)).toBe(expected);
  });
});

describe('times within the recording', () => {
  it.each<[number, number | null, number]>([
    [-3, 60, 0],
    [12.5, 60, 12.5],
    [65, 60, 60],
    [65, null, 65],
    [Number.NaN, 60, 0],
    [Number.POSITIVE_INFINITY, 60, 0],
    [5, Number.NaN, 5],
  ])('clampTime(%p, %p) = %p', (seconds, duration, expected) => {
    expect(clampTime(seconds, duration)).toBe(expected);
  });

  it('reads the browser’s length once it has the recording, else the server’s', () => {
    expect(knownDuration(250.4, 250)).toBe(250.4);
    expect(knownDuration(Number.NaN, 250)).toBe(250);
    expect(knownDuration(Number.POSITIVE_INFINITY, 250)).toBe(250);
    expect(knownDuration(null, null)).toBeNull();
    expect(knownDuration(undefined, 0)).toBeNull();
  });

  it('starts where the user stopped, from the start once heard through', () => {
    expect(startPosition(null, 60)).toBe(0);
    expect(startPosition(undefined, null)).toBe(0);
    expect(startPosition(42.5, 60)).toBe(42.5);
    expect(startPosition(42.5, null)).toBe(42.5);
    expect(startPosition(59.8, 60)).toBe(0);
    expect(startPosition(-1, 60)).toBe(0);
  });
});

describe('clock and lengths in French', () => {
  it.each<[number, string]>([
    [0, '00:00'],
    [83.9, '01:23'],
    [250, '04:10'],
    [3723, '1:02:03'],
    [-5, '00:00'],
    [Number.NaN, '00:00'],
  ])('clock %p → %p', (seconds, expected) => {
    expect(formatClock(seconds)).toBe(expected);
  });

  it.each<[number, string]>([
    [750, '12 min 30 s'],
    [749.6, '12 min 30 s'],
    [45, '45 s'],
    [120, '2 min'],
    [0.1, '1 s'],
    [0, '0 s'],
    [3900, '1 h 05 min'],
  ])('length %p → %p', (seconds, expected) => {
    expect(formatLength(seconds)).toBe(expected);
  });

  it('titles the section with the count and the total length', () => {
    expect(dictationText.sectionTitle('Dictées (2)', '12 min 30 s')).toBe('Dictées (2) · 12 min 30 s');
    expect(dictationText.sectionTitle('Dictées (1)', null)).toBe('Dictées (1)');
    expect(dictationText.clock('01:23', '04:10')).toBe('01:23 / 04:10');
  });
});

describe('keyboard shortcuts', () => {
  const press = (code: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
    code,
    altKey: true,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...modifiers,
  });

  it('maps Alt with K, J, L, ↓ and ↑ to play/pause, back, forward, slower and faster', () => {
    expect(['KeyK', 'KeyJ', 'KeyL', 'ArrowDown', 'ArrowUp'].map((code) => shortcutAction(press(code)))).toEqual([
      'togglePlay',
      'back',
      'forward',
      'slower',
      'faster',
    ]);
  });

  it('leaves every other key, and these keys with another modifier, to the browser', () => {
    expect(shortcutAction(press('KeyK', { altKey: false }))).toBeNull();
    // AltGr (Ctrl+Alt) types characters on French keyboards; Alt+Shift switches layouts.
    expect(shortcutAction(press('KeyK', { ctrlKey: true }))).toBeNull();
    expect(shortcutAction(press('KeyK', { shiftKey: true }))).toBeNull();
    expect(shortcutAction(press('KeyK', { metaKey: true }))).toBeNull();
    // The browser's back and forward, and its menus.
    expect(shortcutAction(press('ArrowLeft'))).toBeNull();
    expect(shortcutAction(press('ArrowRight'))).toBeNull();
    expect(shortcutAction(press('KeyF'))).toBeNull();
    expect(shortcutAction(press('KeyD'))).toBeNull();
  });

  it('lists every shortcut with its keys and what it does', () => {
    for (const { action } of SHORTCUTS) {
      expect(dictationText.shortcuts.keys[action]).toMatch(/^Alt \+ /);
      expect(dictationText.shortcuts.spokenKeys[action]).toMatch(/^Alt plus /);
      expect(dictationText.shortcuts.actions[action]).toBeTruthy();
    }
    expect(new Set(SHORTCUTS.map((shortcut) => shortcut.code)).size).toBe(SHORTCUTS.length);
  });

  it('stays off where the user types', () => {
    expect(typesText({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(typesText({ tagName: 'INPUT', type: 'search' })).toBe(true);
    expect(typesText({ tagName: 'INPUT' })).toBe(true);
    expect(typesText({ tagName: 'TEXTAREA' })).toBe(true);
    expect(typesText({ tagName: 'SELECT' })).toBe(true);
    expect(typesText({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(typesText({ tagName: 'DIV', role: 'textbox' })).toBe(true);
    expect(typesText({ tagName: 'BUTTON', role: 'combobox' })).toBe(true);
    expect(typesText({ tagName: 'BUTTON' })).toBe(false);
    expect(typesText({ tagName: 'INPUT', type: 'range' })).toBe(false);
    expect(typesText({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(typesText({ tagName: 'BODY' })).toBe(false);
    expect(typesText(null)).toBe(false);
  });
});

describe('saving the position', () => {
  function setUp(saved: number | null = null) {
    let now = 0;
    const sent: number[] = [];
    const pending: (() => void)[] = [];
    const saver = positionSaver(
      (seconds) => {
        sent.push(seconds);
        return new Promise<void>((resolve) => pending.push(resolve));
      },
      { saved, everyMs: 10_000, clock: () => now },
    );
    const answer = async () => {
      pending.shift()?.();
      // The saver's then/finally run on the microtask queue.
      for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    };
    return { saver, sent, answer, advance: (ms: number) => (now += ms) };
  }

  it('saves while playing every 10 s at most, and at once on a pause or a move', async () => {
    const { saver, sent, answer, advance } = setUp();
    for (let second = 1; second <= 25; second++) {
      advance(1000);
      saver.note(second);
      await answer();
    }
    expect(sent).toEqual([10, 20]);
    advance(500);
    saver.note(25.5, true);
    await answer();
    expect(sent).toEqual([10, 20, 25.5]);
  });

  it('sends one request at a time, then only the latest position', async () => {
    const { saver, sent, answer } = setUp();
    for (const seconds of [3, 4, 5, 6, 7]) saver.note(seconds, true);
    expect(sent).toEqual([3]);
    await answer();
    expect(sent).toEqual([3, 7]);
    await answer();
    expect(sent).toEqual([3, 7]);
  });

  it('sends nothing for a position within half a second of the saved one, nor for no position', async () => {
    const { saver, sent, answer } = setUp(42);
    saver.note(42.3, true);
    saver.note(Number.NaN, true);
    saver.note(-1, true);
    expect(sent).toEqual([]);
    saver.note(43, true);
    await answer();
    saver.note(43.2, true);
    expect(sent).toEqual([43]);
  });

  it('tries again at the next position after a failure', async () => {
    let now = 0;
    const sent: number[] = [];
    const saver = positionSaver(
      (seconds) => {
        sent.push(seconds);
        return Promise.reject(new Error('hors ligne'));
      },
      { clock: () => now },
    );
    saver.note(10, true);
    for (let turn = 0; turn < 5; turn++) await Promise.resolve();
    now += 1000;
    saver.note(10.2, true);
    expect(sent).toEqual([10, 10.2]);
  });
});
