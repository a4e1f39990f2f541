// product.md §2 « Signaler une absence ou un congé » (bailiffs and secretaries), their calendars (month
// view, legend 'Indisponibilité', pink events, French labels, empty text) and the admin's
// « Absences » calendar of everyone; §5: 'La date doit être postérieure à la date de début.'.
import type { BrowserContext, Page } from 'playwright-core';
import { monthName } from '../../web/src/ui/periods.js';
import { smallTargets } from '../support/accessibility.js';
import type { TestApp } from '../support/app.js';
import { phoneContext, saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { fieldMessage, pathname, screenTitle, signedInPage, toast } from '../support/pages.js';
import { liveSubscription } from '../support/live.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page | undefined;
useAppInBrowser((started) => ({ app, browser } = started));

interface SeededAbsence {
  startDate: string;
  endDate: string;
  comment: string;
  user: { fullName: string; role: string };
}
let seeded: SeededAbsence[];

beforeAll(async () => {
  const token = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const result = await gql<{ absences: { edges: { node: SeededAbsence }[] } }>(
    app.url,
    'query { absences(first: 100) { edges { node { startDate endDate comment user { fullName role } } } } }',
    {},
    token,
  );
  seeded = result.data!.absences.edges.map((edge) => edge.node);
});

afterEach(async () => {
  await page?.close();
  page = undefined;
});

/** Today in Paris (the browser's time zone), 'YYYY-MM-DD'. */
function parisToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
}

/** 'DD/MM/YYYY' of the `day`-th of today's month. */
function dayOfThisMonth(day: number): string {
  const [year, month] = parisToday().split('-');
  return `${String(day).padStart(2, '0')}/${month}/${year}`;
}

/** react-calendar's label of a day tile ('1 novembre 2026'). */
function longDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return `${day} ${monthName(month).toLowerCase()} ${year}`;
}

function calendar(target: Page) {
  return target.getByRole('region', { name: 'Calendrier' });
}

/** The month grid's tile of a day. */
function dayTile(target: Page, isoDay: string) {
  return calendar(target).locator('.react-calendar__tile', { has: target.locator(`abbr[aria-label="${longDate(isoDay)}"]`) });
}

function calendarTitle(target: Page) {
  return calendar(target).getByRole('heading', { level: 2 });
}

/** True when a CSS colour is a pink: red and blue over green. */
function isPink(color: string): boolean {
  const [red, green, blue] = (color.match(/\d+/g) ?? []).map(Number);
  return red > green + 30 && blue > green;
}

/** Fills the form and returns its Valider button. */
async function fillAbsence(target: Page, start: string, end: string, comment: string) {
  await target.getByLabel(/^Date de début/).fill(start);
  await target.getByLabel(/^Date de fin/).fill(end);
  await target.getByLabel(/^Commentaire/).fill(comment);
  return target.getByRole('button', { name: 'Valider' });
}

describe('Signaler une absence ou un congé', () => {
  it('bailiff: Valider waits for valid dates, §5 message, then his calendar shows the absence in pink', async () => {
    page = await signedInPage(browser, 'bailiff', '/dashboard/createanalert');
    await screenTitle(page, 'Signaler une absence ou un congé').waitFor();
    const submit = page.getByRole('button', { name: 'Valider' });
    expect(await submit.isDisabled()).toBe(true);

    // The start picked in the calendar, shown DD/MM/YYYY.
    const [year, month] = parisToday().split('-');
    await page.getByRole('button', { name: 'Ouvrir le calendrier' }).first().click();
    await page.locator(`.react-calendar abbr[aria-label="${longDate(`${year}-${month}-02`)}"]`).click();
    expect(await page.getByLabel(/^Date de début/).inputValue()).toBe(dayOfThisMonth(2));
    expect(await page.getByLabel(/^Date de début/).getAttribute('placeholder')).toBe('JJ/MM/AAAA');

    // Invalid: the end before the start.
    await page.getByLabel(/^Date de fin/).fill(dayOfThisMonth(1));
    expect(await fieldMessage(page, /^Date de fin/).innerText()).toBe('La date doit être postérieure à la date de début.');
    expect(await submit.isDisabled()).toBe(true);
    await saveScreenshot(page, 'absence-form-invalid');

    await fillAbsence(page, dayOfThisMonth(2), dayOfThisMonth(3), 'Séminaire de formation continue');
    expect(await fieldMessage(page, /^Date de fin/).count()).toBe(0);
    expect(await submit.isEnabled()).toBe(true);
    await saveScreenshot(page, 'absence-form');
    await submit.click();
    await toast(page, 'Indisponibilité créée avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/bailiffcalendar');
    await screenTitle(page, 'Calendrier').waitFor();

    // The month view: French labels, the legend, the new absence on both days, in pink.
    const region = calendar(page);
    for (const label of ["Aujourd'hui", 'Précédent', 'Suivant', 'Mois', 'Semaine', 'Jour']) {
      await region.getByRole('button', { name: label, exact: true }).waitFor();
    }
    await region.getByText('Indisponibilité', { exact: true }).waitFor();
    expect(await calendarTitle(page).innerText()).toBe(`${monthName(Number(month))} ${year}`);
    for (const day of ['02', '03']) {
      await dayTile(page, `${year}-${month}-${day}`).getByText('Séminaire de formation continue').waitFor();
    }
    const event = dayTile(page, `${year}-${month}-02`).getByTestId('absence-event');
    expect(isPink(await event.evaluate((element) => getComputedStyle(element).backgroundColor))).toBe(true);
    await saveScreenshot(page, 'bailiff-calendar');

    // A click on the event: its details.
    await event.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Du ${dayOfThisMonth(2)} au ${dayOfThisMonth(3)}`).waitFor();
    await dialog.getByText('Séminaire de formation continue').waitFor();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Week and day views, and an empty month far away.
    await region.getByRole('button', { name: 'Semaine', exact: true }).click();
    await calendarTitle(page)
      .getByText(/^Du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4}$/)
      .waitFor();
    await region.getByRole('button', { name: 'Mois', exact: true }).click();
    for (let step = 0; step < 6; step += 1) {
      const before = await calendarTitle(page).innerText();
      await region.getByRole('button', { name: 'Suivant' }).click();
      await calendarTitle(page).filter({ hasNotText: before }).waitFor();
    }
    await region.getByText("Il n'y a aucun événement dans le calendrier.").waitFor();
    await saveScreenshot(page, 'bailiff-calendar-empty');
    await region.getByRole('button', { name: "Aujourd'hui" }).click();
    await calendarTitle(page)
      .getByText(`${monthName(Number(month))} ${year}`)
      .waitFor();
  });

  it('secretary: reports an absence and lands on her calendar; Annuler goes back to /dashboard', async () => {
    page = await signedInPage(browser, 'secretary', '/dashboard/createanalert');
    await screenTitle(page, 'Signaler une absence ou un congé').waitFor();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.goto('/dashboard/createanalert');
    const submit = await fillAbsence(page, dayOfThisMonth(4), dayOfThisMonth(4), 'Rendez-vous chez le notaire');
    await submit.click();
    await toast(page, 'Indisponibilité créée avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/secretarycalendar');
    const [year, month] = parisToday().split('-');
    await dayTile(page, `${year}-${month}-04`).getByText('Rendez-vous chez le notaire').waitFor();
    // Her calendar shows only her own absences: not the bailiff's.
    expect(await calendar(page).getByText('Séminaire de formation continue').count()).toBe(0);
    await saveScreenshot(page, 'secretary-calendar');
  });

  it('a later absence opens the calendar on its month; one overlapping it is flagged before Valider', async () => {
    page = await signedInPage(browser, 'secretary');
    const [year, month] = parisToday().split('-').map(Number);
    const later = new Date(Date.UTC(year, month - 1 + 3, 1));
    const iso = (day: number) =>
      `${later.getUTCFullYear()}-${String(later.getUTCMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const french = (day: number) => iso(day).split('-').reverse().join('/');

    await page.goto('/dashboard/createanalert');
    const submit = await fillAbsence(page, french(10), french(12), 'Congés de fin de trimestre');
    await submit.click();
    await toast(page, 'Indisponibilité créée avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/secretarycalendar');
    await dayTile(page, iso(10)).getByText('Congés de fin de trimestre').waitFor();
    expect(await calendarTitle(page).innerText()).toBe(`${monthName(later.getUTCMonth() + 1)} ${later.getUTCFullYear()}`);

    await page.goto('/dashboard/createanalert');
    await fillAbsence(page, french(12), french(14), 'Prolongation');
    const warning = page.getByText(`Ces dates chevauchent une absence déjà signalée : du ${french(10)} au ${french(12)}.`, {
      exact: false,
    });
    await warning.waitFor();
    // A warning, not a refusal: the days may be meant.
    expect(await submit.isEnabled()).toBe(true);
    await page.getByLabel(/^Date de début/).fill(french(20));
    await page.getByLabel(/^Date de fin/).fill(french(21));
    await warning.waitFor({ state: 'detached' });
  });
});

describe('Absences (admin)', () => {
  it("shows everyone's seeded absences with names and comments, month by month", async () => {
    page = await signedInPage(browser, 'admin', '/dashboard/allAbsences');
    await screenTitle(page, 'Absences').waitFor();
    const today = parisToday();

    // Whoever is absent today is named in today's cell; a click gives the comment.
    const current = seeded.find((absence) => absence.startDate <= today && today <= absence.endDate)!;
    expect(current).toBeDefined();
    await dayTile(page, today).getByText(current.user.fullName).waitFor();
    await saveScreenshot(page, 'admin-absences');
    await dayTile(page, today).locator('abbr').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(current.user.fullName).waitFor();
    await dialog.getByText(current.comment).waitFor();
    await saveScreenshot(page, 'admin-absences-day');
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The week and the day of today: the same absence, named, and its comment in the day view.
    const region = calendar(page);
    await region.getByRole('button', { name: 'Semaine', exact: true }).click();
    await calendarTitle(page)
      .getByText(/^Du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4}$/)
      .waitFor();
    await region.getByRole('button', { name: current.user.fullName }).first().waitFor();
    // Its stacked events are buttons of 24 px at least (WCAG 2.5.8).
    expect(await smallTargets(page)).toEqual([]);
    await saveScreenshot(page, 'admin-absences-week');
    await region.getByRole('button', { name: 'Jour', exact: true }).click();
    await region.getByRole('listitem').filter({ hasText: current.user.fullName }).getByText(current.comment).waitFor();
    await saveScreenshot(page, 'admin-absences-day-view');
    await region.getByRole('button', { name: 'Mois', exact: true }).click();
    await dayTile(page, today).waitFor();

    // The oldest seeded absence, some months back.
    const oldest = [...seeded].sort((a, b) => a.startDate.localeCompare(b.startDate))[0];
    const monthsBack =
      (Number(today.slice(0, 4)) - Number(oldest.startDate.slice(0, 4))) * 12 +
      Number(today.slice(5, 7)) -
      Number(oldest.startDate.slice(5, 7));
    for (let step = 0; step < monthsBack; step += 1) {
      const before = await calendarTitle(page).innerText();
      await region.getByRole('button', { name: 'Précédent' }).click();
      await calendarTitle(page).filter({ hasNotText: before }).waitFor();
    }
    expect(await calendarTitle(page).innerText()).toBe(
      `${monthName(Number(oldest.startDate.slice(5, 7)))} ${oldest.startDate.slice(0, 4)}`,
    );
    const tile = dayTile(page, oldest.startDate);
    await tile.getByText(oldest.user.fullName).click();
    await page.getByRole('dialog').getByText(oldest.comment).waitFor();
  });

  it("an absence a secretary declares shows on the admin's open calendar without a reload", async () => {
    const [adminToken, secretaryToken] = await Promise.all([
      loginToken(app.url, demo.admin.email, demo.admin.password),
      loginToken(app.url, demo.secretary.email, demo.secretary.password),
    ]);
    const secretary = await gql<{ me: { fullName: string } }>(app.url, '{ me { fullName } }', {}, secretaryToken);
    const name = secretary.data!.me.fullName;
    // A day of this month on which the secretary is not absent yet.
    const [year, month] = parisToday().split('-');
    const hers = await gql<{ absences: { edges: { node: SeededAbsence }[] } }>(
      app.url,
      'query($year: Int!, $month: Int!) { absences(year: $year, month: $month, first: 100) { edges { node { startDate endDate comment user { fullName role } } } } }',
      { year: Number(year), month: Number(month) },
      adminToken,
    );
    const taken = hers.data!.absences.edges.map((edge) => edge.node).filter((absence) => absence.user.fullName === name);
    const day = Array.from({ length: 20 }, (_, index) => `${year}-${month}-${String(index + 6).padStart(2, '0')}`).find(
      (candidate) => !taken.some((absence) => absence.startDate <= candidate && candidate <= absence.endDate),
    )!;

    page = await signedInPage(browser, 'admin');
    const subscribed = liveSubscription(app, page, 'absenceAdded');
    await page.goto('/dashboard/allAbsences');
    await screenTitle(page, 'Absences').waitFor();
    await subscribed;
    expect(await dayTile(page, day).getByText(name).count()).toBe(0);

    const created = await gql(
      app.url,
      'mutation($input: CreateAbsenceInput!) { createAbsence(input: $input) { message } }',
      { input: { startDate: day, endDate: day, comment: 'Absence annoncée en direct' } },
      secretaryToken,
    );
    expect(created.errors).toBeUndefined();
    await dayTile(page, day).getByText(name).waitFor();
    expect(pathname(page)).toBe('/dashboard/allAbsences');
  });

  it("the admin's /dashboard/bailiffcalendar shows the bailiffs' absences only", async () => {
    page = await signedInPage(browser, 'admin', '/dashboard/bailiffcalendar');
    await screenTitle(page, 'Calendrier').waitFor();
    const today = parisToday();
    const bailiffToday = seeded.find((a) => a.user.role === 'BAILIFF' && a.startDate <= today && today <= a.endDate)!;
    await dayTile(page, today).getByText(bailiffToday.user.fullName).waitFor();
    for (const secretary of seeded.filter((absence) => absence.user.role === 'SECRETARY')) {
      expect(await calendar(page).getByText(secretary.user.fullName).count()).toBe(0);
    }
    expect(pathname(page)).toBe('/dashboard/bailiffcalendar');
  });
});

describe('on a phone', () => {
  let phone: BrowserContext | undefined;
  afterEach(async () => {
    await page?.close();
    page = undefined;
    await phone?.close();
  });

  it("lists the month's absences day after day instead of the grid, every name in full", async () => {
    phone = await phoneContext(browser, app.url);
    page = await signedInPage(phone, 'admin', '/dashboard/allAbsences');
    await screenTitle(page, 'Absences').waitFor();
    const region = calendar(page);
    const agenda = region.getByRole('list', { name: 'Absences de la période' });
    await agenda.waitFor();
    expect(await region.locator('.react-calendar').count()).toBe(0);

    // Today's absence, named and with its comment, under a day heading of this month.
    const today = parisToday();
    const current = seeded.find((absence) => absence.startDate <= today && today <= absence.endDate)!;
    await agenda.getByRole('listitem').filter({ hasText: current.user.fullName }).getByText(current.comment).first().waitFor();
    const headings = await agenda.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(headings.length).toBeGreaterThan(0);
    const weekday = '(Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche)';
    for (const heading of headings) expect(heading).toMatch(new RegExp(`^${weekday} \\d{2}/${today.slice(5, 7)}/${today.slice(0, 4)}$`));
    // Nothing cut: no text wider than its box.
    const cut = await region.evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>('*')]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.outerHTML.slice(0, 80)),
    );
    expect(cut).toEqual([]);
    await saveScreenshot(page, 'admin-absences-phone');

    // The week: its own agenda, the same absence.
    await region.getByRole('button', { name: 'Semaine', exact: true }).click();
    await calendarTitle(page)
      .getByText(/^Du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4}$/)
      .waitFor();
    await agenda.getByRole('listitem').filter({ hasText: current.user.fullName }).first().waitFor();
    expect(await region.locator('.react-calendar').count()).toBe(0);
  });
});
