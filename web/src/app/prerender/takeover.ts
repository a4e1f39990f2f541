// The dashboard's frame arrives prerendered too (renderPages.tsx), with the title of the screen the
// address opens written in by the page's starter: the app draws the same frame and keeps the title
// until the screen arrives (prerenderedScreenTitle).
//
// The login page arrives prerendered (renderPages.tsx): a visitor can read it, focus a field
// and type before the app's code has loaded. The app then replaces that markup with its own at its
// first commit; what the visitor typed, ticked and where they were is handed to the live form
// (LoginPage) so that nothing is lost in the swap, not even a press on « Connexion ». The page's
// starter (web/prerender/start-after-paint.js) notes the focus and the press on the root element
// until then: it runs long before the app's code.

/** What the visitor did on the prerendered form. */
export interface PrerenderedEntry {
  /** Each named text field's value. */
  values: Record<string, string>;
  /** Each named checkbox's state. */
  checked: Record<string, boolean>;
  /** Whether the form was sent (its button, or Enter in a field): the live form sends it then. */
  submitted: boolean;
  /** Gives the focus to the live page's counterpart of the element that had it, if any. */
  restoreFocus(): void;
}

// The same selector as the starter's: the live page has the same elements, in the same order.
// Fluent's focus guards (`data-tabster-dummy`) come and go: left out.
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]):not([data-tabster-dummy])';

// FocusOptions.focusVisible (Chromium 127+, Firefox 104+) is not in TypeScript's DOM types yet.
const SHOWN: FocusOptions & { focusVisible: boolean } = { focusVisible: true };

let follow: (() => PrerenderedEntry) | null = null;
let screenTitle: { path: string; title: string } | null = null;

/**
 * Keeps hold of the prerendered page inside `root` (marked `data-prerendered` by the build) until
 * the app takes it over: the login form, or the dashboard screen's title. Returns false when the
 * root holds no such markup (every other address).
 */
export function followPrerendered(root: HTMLElement): boolean {
  const kind = root.getAttribute('data-prerendered');
  if (kind === null) return false;
  if (kind === 'dashboard') {
    const title = root.querySelector('[data-screen-title]')?.textContent;
    if (title) screenTitle = { path: window.location.pathname, title };
    root.removeAttribute('data-prerendered');
    return true;
  }
  // The elements themselves are kept: once the app has replaced them, they still hold their values.
  const focusables = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  follow = () => {
    const index = Number(root.dataset.focused ?? -1);
    const focused = index >= 0 ? focusables[index] : undefined;
    const entry: PrerenderedEntry = {
      values: {},
      checked: {},
      submitted: root.hasAttribute('data-submitted'),
      restoreFocus: () => {
        if (!focused) return;
        const counterpart = root.querySelectorAll<HTMLElement>(FOCUSABLE)[index];
        // Shown as the visitor saw it (the field they were typing in keeps its focus ring).
        if (counterpart?.tagName === focused.tagName) counterpart.focus(SHOWN);
      },
    };
    for (const field of focusables) {
      if (!(field instanceof HTMLInputElement) || !field.name) continue;
      if (field.type === 'checkbox') entry.checked[field.name] = field.checked;
      else entry.values[field.name] = field.value;
    }
    // The page is the app's now: the starter stops following it.
    for (const attribute of ['data-prerendered', 'data-focused', 'data-submitted']) root.removeAttribute(attribute);
    return entry;
  };
  return true;
}

/** Whether the app is about to take a prerendered page over (its first render). */
export function takingOver(): boolean {
  return follow !== null;
}

/**
 * What the visitor did on the prerendered form, read once by the live form right after it
 * replaced it (in a layout effect: no input can slip in between); null without prerendered markup.
 */
export function takePrerenderedEntry(): PrerenderedEntry | null {
  const take = follow;
  follow = null;
  return take ? take() : null;
}

/** The screen title the prerendered dashboard showed, while the app is still at that address. */
export function prerenderedScreenTitle(pathname: string): string | undefined {
  return screenTitle?.path === pathname ? screenTitle.title : undefined;
}
