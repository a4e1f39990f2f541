// The dictation players' keyboard shortcuts (product.md §16), one listener for the whole page: a key
// acts on the player last used, or the first one shown when none was used yet, wherever the focus
// is but in a text field — the secretary keeps her hands on the keyboard.
import { useCallback, useEffect, useRef } from 'react';
import { shortcutAction, typesText, type PlayerAction } from './dictation';

interface Registered {
  act(action: PlayerAction): void;
}

/** The players on the page, in the order they appeared. */
const players: Registered[] = [];
let lastUsed: Registered | null = null;

function onKeyDown(event: KeyboardEvent) {
  if (event.defaultPrevented) return;
  const action = shortcutAction(event);
  if (!action) return;
  const focused = document.activeElement as HTMLElement | null;
  const described = focused && {
    tagName: focused.tagName,
    type: (focused as HTMLInputElement).type,
    isContentEditable: focused.isContentEditable,
    role: focused.getAttribute('role'),
  };
  if (typesText(described)) return;
  const player = lastUsed && players.includes(lastUsed) ? lastUsed : players[0];
  if (!player) return;
  event.preventDefault();
  // A held key repeats the jumps and speed steps, not play/pause (it would stutter).
  if (event.repeat && action === 'togglePlay') return;
  player.act(action);
}

/**
 * Registers a player for the page's shortcuts while it is shown; `act` is read at each key press.
 * Answers `markUsed`, which makes it the player the shortcuts act on.
 */
export function useDictationShortcuts(act: (action: PlayerAction) => void): () => void {
  const actRef = useRef(act);
  useEffect(() => {
    actRef.current = act;
  });
  const registered = useRef<Registered | null>(null);
  useEffect(() => {
    const player: Registered = { act: (action) => actRef.current(action) };
    registered.current = player;
    players.push(player);
    if (players.length === 1) window.addEventListener('keydown', onKeyDown);
    return () => {
      players.splice(players.indexOf(player), 1);
      if (lastUsed === player) lastUsed = null;
      if (players.length === 0) window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  return useCallback(() => {
    lastUsed = registered.current;
  }, []);
}
