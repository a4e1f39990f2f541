// Helpers of the keyboard-only journeys (issue 23): where the focus is, moving it with Tab only,
// and whether a sighted keyboard user can see it.
import type { Locator, Page } from 'playwright-core';
import { demo } from './http.js';
import { signedOutPage, userMenuButton, type DemoAccount } from './pages.js';

export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/**
 * Whether the focus comes back to `locator` within `timeout`: a closing dialog or popover gives it
 * back to its opener once its exit transition ends, later on a loaded machine.
 */
export async function focusReturnsTo(locator: Locator, timeout = 5_000): Promise<boolean> {
  const element = await locator.elementHandle();
  try {
    await locator.page().waitForFunction((target) => target === document.activeElement, element, { timeout });
    return true;
  } catch {
    return false;
  }
}

export async function focusIsWithin(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.contains(document.activeElement));
}

/** A short description of the focused element, for failure messages. */
export async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? (element as HTMLElement).innerText?.slice(0, 60) ?? '';
    return `<${element.tagName.toLowerCase()} role=${element.getAttribute('role')}> ${name}`;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus; fails, saying where the focus ended,
 * if it takes more than `limit` presses.
 */
export async function tabTo(page: Page, target: Locator, { limit = 25, backwards = false } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  if (!(await isFocused(target))) throw new Error(`not reached with ${limit} presses of Tab; the focus is on ${await describeFocus(page)}`);
}

/**
 * Asserts that `target` has the focus and that it shows: the browser's :focus-visible holds and
 * an outline, a box shadow or a focus bar (Fluent draws them on the element, on one of its
 * pseudo-elements, or on its field's wrapper) is painted.
 */
export async function expectVisibleFocus(page: Page, target: Locator): Promise<void> {
  if (!(await isFocused(target))) throw new Error(`expected the focus on ${target.toString()}, found ${await describeFocus(page)}`);
  const indicator = await target.evaluate((element) => {
    if (!element.matches(':focus-visible')) return 'not :focus-visible';
    const painted = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow !== 'none' && style.boxShadow !== '') ||
      // A pseudo-element's bar (Fluent's fields: a bottom border scaled from 0 to 1 on focus).
      (style.content !== 'none' &&
        style.content !== '' &&
        parseFloat(style.borderBottomWidth) + parseFloat(style.borderTopWidth) > 0 &&
        !/^matrix\(0,/.test(style.transform));
    const candidates = [element, element.parentElement, element.parentElement?.parentElement].filter(Boolean) as Element[];
    for (const candidate of candidates) {
      for (const pseudo of [null, '::after', '::before']) {
        if (painted(getComputedStyle(candidate, pseudo))) return 'visible';
      }
    }
    return 'no outline, box shadow or focus bar';
  });
  if (indicator !== 'visible') throw new Error(`the focus on ${await describeFocus(page)} is not visible: ${indicator}`);
}

/** Signs in from /login with the keyboard only; the email field has the focus on arrival. */
export async function logInWithKeyboard(page: Page, account: DemoAccount): Promise<void> {
  await signedOutPage(page);
  const email = page.getByLabel(/^Votre identifiant/);
  await email.waitFor();
  await expectVisibleFocus(page, email);
  await page.keyboard.type(demo[account].email);
  await page.keyboard.press('Tab');
  await expectVisibleFocus(page, page.getByLabel(/^Mot de passe/));
  await page.keyboard.type(demo[account].password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await userMenuButton(page).waitFor();
}

/** The screen's h1 takes the focus once it shows after a navigation (issue 23, focus not lost). */
export async function expectFocusOnTitle(page: Page, title: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name: title, exact: true });
  await heading.waitFor();
  await page
    .waitForFunction((text) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === text, title, {
      timeout: 5_000,
    })
    .catch(async () => {
      throw new Error(`the title « ${title} » did not take the focus; it is on ${await describeFocus(page)}`);
    });
}

const LIVE_REGIONS = '[aria-live="polite"], [aria-live="assertive"], [role="status"]';

/**
 * Starts recording what the page's live regions say (a MutationObserver in the page). Fluent's
 * toaster announces a toast in a region it empties again moments later, which a loaded machine can
 * let happen between two looks at the DOM. Call it before the action that announces.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate((live) => {
    const win = window as unknown as { announced?: string[] };
    if (win.announced) return;
    const announced: string[] = (win.announced = []);
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const added = [...record.addedNodes].filter((node): node is Element => node instanceof Element);
        for (const element of [target, ...added]) {
          const region = element?.closest(live) ?? element?.querySelector(live);
          if (region?.textContent) announced.push(region.textContent);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, LIVE_REGIONS);
}

/**
 * Waits until `text` is, or was since recordAnnouncements, in a live region (aria-live or role
 * status), where screen readers announce it; the region may be visually hidden.
 */
export async function expectAnnounced(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    ({ live, text }) =>
      [...document.querySelectorAll(live)].some((region) => region.textContent?.includes(text)) ||
      ((window as unknown as { announced?: string[] }).announced ?? []).some((said) => said.includes(text)),
    { live: LIVE_REGIONS, text },
    { timeout: 30_000 },
  );
}
