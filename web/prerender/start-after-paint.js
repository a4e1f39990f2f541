// The only script of the prerendered pages (scripts/prerender-pages.ts): the login page, and the
// dashboard's frame, whose screen title it first writes in (screen-title.js). The page is on screen
// as soon as its HTML arrives; the app's code is fetched once the browser has painted it, so that
// nothing competes with that first paint on a slow phone network, then evaluated one chunk per
// task (`data-app-chunks`, in index.html's order, then `data-app-entry`): evaluated at once, it
// would keep the page from answering a tap for as long as the whole evaluation takes.
//
// Meanwhile the visitor may use the form: where the focus is and whether the form was sent are
// kept on the root element for the app, which carries them over when it takes the page over
// (web/src/app/prerender/takeover.ts, which reads them and ends this following).
import { screenTitle } from './screen-title.js';

const root = document.getElementById('root');

// The dashboard's frame: the title of the screen the address opens, for the role the last session
// left (nothing without a session: the app will send the visitor to the login page). A nicety only:
// an unreadable table or a storage the browser refuses leave the outline, and the app still starts.
const titleSlot = root?.dataset.prerendered === 'dashboard' ? root.querySelector('[data-screen-title]') : null;
const titles = document.getElementById('screen-titles')?.textContent;
try {
  if (titleSlot && titles && localStorage.getItem('token')) {
    const title = screenTitle(JSON.parse(titles), localStorage.getItem('role'), location.pathname);
    if (typeof title === 'string') titleSlot.textContent = title;
  }
} catch {
  // The outline stays.
}
// The same selector as takeover.ts: the live page has the same elements, in the same order.
// Fluent's focus guards (`data-tabster-dummy`) come and go: left out.
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]):not([data-tabster-dummy])';
const following = () => root?.hasAttribute('data-prerendered');
const prerendered = root ? [...root.querySelectorAll(FOCUSABLE)] : [];
const noteFocus = () => {
  // Once the app's markup has replaced this one, the focus moving is the app's doing.
  if (!following() || !prerendered[0]?.isConnected) return;
  root.dataset.focused = String(prerendered.indexOf(document.activeElement));
};
root?.addEventListener('focusin', noteFocus);
// Read once the focus has settled (a click from one field to another goes through the page).
root?.addEventListener('focusout', () => setTimeout(noteFocus));
root?.addEventListener('submit', () => {
  if (following()) root.dataset.submitted = '';
});
noteFocus();

const starter = document.querySelector('script[data-app-entry]');
const chunks = starter?.dataset.appChunks?.split(' ').filter(Boolean) ?? [];
const entry = starter?.dataset.appEntry;
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function start() {
  for (const href of [...chunks, entry]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  // The browser loads the French locale's data with the first French formatter (10-15 ms, 4 times that
  // on a slow phone): done now, in a task of its own while the code downloads, rather than inside the
  // evaluation of the app's formatters (packages/domain/src/format.ts) or its first render.
  await nextTask();
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(0);
  for (const href of chunks) {
    await import(href);
    await nextTask();
  }
  await import(entry);
}

if (entry) requestAnimationFrame(() => setTimeout(() => void start()));
