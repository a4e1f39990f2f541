// product.md §13 (RGAA 12.8, WCAG 2.4.3): after a navigation the new screen's title takes the focus, so
// that a keyboard or screen-reader user starts on the screen they opened instead of on <body> (the
// form's button that navigated is gone) or back in the side menu. The shell marks the path it
// navigated to; the screen's PageHeader takes the mark when its title shows.
let pendingPath: string | null = null;

/** Called by the shell on each new path, before the screen's effects run. */
export function focusTitleOfScreen(pathname: string): void {
  pendingPath = pathname;
}

/**
 * True once per navigation, for the title of the current path, unless the user has already put
 * the focus in the screen or in a dialog, menu or popover opened meanwhile.
 */
export function takeTitleFocus(): boolean {
  if (pendingPath !== window.location.pathname) return false;
  pendingPath = null;
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return !active.closest('main, [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]');
}
