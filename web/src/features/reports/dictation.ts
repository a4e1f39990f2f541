// The dictation player's pure parts (product.md §16): its speeds, its jumps, its clock, its keyboard
// shortcuts and when it saves where the secretary stopped.

/** The speeds offered, slowest first; the player starts at 1. */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export type Speed = (typeof SPEEDS)[number];

/** The jump of « Reculer » and « Avancer », in seconds. */
export const JUMP_SECONDS = 5;

/** The speed a step slower (-1) or faster (+1) than `current`, held within the offered speeds. */
export function stepSpeed(current: number, direction: -1 | 1): Speed {
  const nearest = SPEEDS.reduce<number>(
    (best, speed, index) => (Math.abs(speed - current) < Math.abs(SPEEDS[best] - current) ? index : best),
    0,
  );
  return SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, nearest + direction))];
}

/**
 * A time within a recording of `duration` seconds (unknown: null or not finite): never before
 * the start nor after the end; 0 for what is not a number.
 */
export function clampTime(seconds: number, duration: number | null): number {
  if (!Number.isFinite(seconds) || seconds < 0) return 0;
  return duration !== null && Number.isFinite(duration) && duration >= 0 ? Math.min(seconds, duration) : seconds;
}

/** The length the player reads: the browser's once it has the recording, else the server's (null: unknown). */
export function knownDuration(media: number | null | undefined, server: number | null | undefined): number | null {
  if (typeof media === 'number' && Number.isFinite(media) && media > 0) return media;
  return typeof server === 'number' && Number.isFinite(server) && server > 0 ? server : null;
}

/**
 * Where a player starts: the saved position, unless it is (almost) the end, where the dictation
 * was heard through and starts over.
 */
export function startPosition(saved: number | null | undefined, duration: number | null): number {
  if (typeof saved !== 'number' || !Number.isFinite(saved) || saved <= 0) return 0;
  return duration !== null && saved >= duration - 0.5 ? 0 : clampTime(saved, duration);
}

const two = (value: number) => String(value).padStart(2, '0');

/** A player's clock: 83 → « 01:23 », 3723 → « 1:02:03 »; whole seconds, rounded down. */
export function formatClock(seconds: number): string {
  const whole = Math.floor(clampTime(seconds, null));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return hours > 0 ? `${hours}:${two(minutes)}:${two(whole % 60)}` : `${two(minutes)}:${two(whole % 60)}`;
}

/**
 * A length as the constat says it: 750 → « 12 min 30 s », 45 → « 45 s », 3900 → « 1 h 05 min »
 * (the seconds dropped past an hour), to the nearest second and never « 0 s » for some sound.
 */
export function formatLength(seconds: number): string {
  const whole = Math.max(seconds > 0 ? 1 : 0, Math.round(clampTime(seconds, null)));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (hours > 0) return `${hours} h ${two(minutes)} min`;
  if (minutes > 0) return whole % 60 > 0 ? `${minutes} min ${whole % 60} s` : `${minutes} min`;
  return `${whole} s`;
}

/** A speed as French writes it: 1.5 → « 1,5× ». */
export const formatSpeed = (speed: number) => `${speed.toLocaleString('fr-FR')}×`;

// --- Keyboard shortcuts ---------------------------------------------------------------------------

export type PlayerAction = 'togglePlay' | 'back' | 'forward' | 'slower' | 'faster';

/**
 * Alt with a key: no browser, system or screen reader of the office's computers gives these a
 * meaning (Alt+← / Alt+→ are the browser's back and forward, so the jumps are J and L), none is a
 * lone character key (WCAG 2.1.4), and they work from anywhere on the page but a text field. The
 * letters are read by their place on the keyboard (`code`): Option+J types « ∆ » on a Mac, and J,
 * K and L sit at the same place on AZERTY, QWERTY and QWERTZ keyboards.
 */
export const SHORTCUTS: readonly { code: string; action: PlayerAction }[] = [
  { code: 'KeyK', action: 'togglePlay' },
  { code: 'KeyJ', action: 'back' },
  { code: 'KeyL', action: 'forward' },
  { code: 'ArrowDown', action: 'slower' },
  { code: 'ArrowUp', action: 'faster' },
];

export interface KeyPress {
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/**
 * The player action of a key press, or null. Alt alone: Ctrl+Alt is AltGr on a French Windows
 * keyboard (it types « € », « @ »…), Shift+Alt switches the keyboard layout on Windows.
 */
export function shortcutAction(press: KeyPress): PlayerAction | null {
  if (!press.altKey || press.ctrlKey || press.metaKey || press.shiftKey) return null;
  return SHORTCUTS.find((shortcut) => shortcut.code === press.code)?.action ?? null;
}

/** What a focused element is, for `typesText`. */
export interface FocusedElement {
  tagName: string;
  type?: string;
  isContentEditable?: boolean;
  role?: string | null;
}

const NOT_TYPED_INPUTS = new Set(['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color', 'image']);
const TYPED_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** Whether the focus is where the user types (a text field, a list to pick from, an editable region): shortcuts stay off there. */
export function typesText(element: FocusedElement | null): boolean {
  if (!element) return false;
  const tag = element.tagName.toLowerCase();
  if (element.isContentEditable || tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') return !NOT_TYPED_INPUTS.has((element.type ?? 'text').toLowerCase());
  return !!element.role && TYPED_ROLES.has(element.role);
}

// --- Saving the position ----------------------------------------------------------------------------

/** While playing, the position is saved this often at most (and at each pause, seek and leaving). */
export const SAVE_EVERY_MS = 10_000;
/** Closer than this to what was saved, a position is not worth a request. */
const SAVE_MIN_CHANGE = 0.5;

export interface PositionSaver {
  /** The player is at `seconds`; `now` says a pause, a seek or leaving (saved at once), else the periodic save. */
  note(seconds: number, now?: boolean): void;
}

/**
 * Saves positions through `send` without flooding: one request at a time (what comes meanwhile
 * waits, only the latest kept), the periodic save every `everyMs` at most, nothing for a position
 * within half a second of the last saved. A failed save is forgotten: the next one says where.
 */
export function positionSaver(
  send: (seconds: number) => Promise<unknown>,
  { saved = null as number | null, everyMs = SAVE_EVERY_MS, clock = () => Date.now() } = {},
): PositionSaver {
  let lastSaved = saved;
  let lastSentAt = clock();
  let sending = false;
  let waiting: number | null = null;
  const start = (seconds: number) => {
    sending = true;
    lastSentAt = clock();
    send(seconds)
      .then(
        () => {
          lastSaved = seconds;
        },
        () => undefined,
      )
      .finally(() => {
        sending = false;
        const next = waiting;
        waiting = null;
        if (next !== null && (lastSaved === null || Math.abs(next - lastSaved) >= SAVE_MIN_CHANGE)) start(next);
      });
  };
  return {
    note(seconds, now = false) {
      if (!Number.isFinite(seconds) || seconds < 0) return;
      if (lastSaved !== null && Math.abs(seconds - lastSaved) < SAVE_MIN_CHANGE && !sending) return;
      if (!now && clock() - lastSentAt < everyMs) return;
      if (sending) waiting = seconds;
      else start(seconds);
    },
  };
}
