// product.md §2 'Statistiques' (/dashboard/statistiques), §9 (secretary series = rétrocession counts ×
// secretary prices, bailiff series = billing counts × étude prices): a nivo line chart of both
// series for a year or a month, years 2000 → current, with the period's totals under it.
import { STATISTICS_DEFINITIONS } from '@constats/domain/line-amounts';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../web/src/ui/format.js';
import type { TestApp } from '../support/app.js';
import { phoneContext, saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { monthBefore, parisMonth, type MonthOfYear } from '../support/months.js';
import { screenTitle, signedInPage } from '../support/pages.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));
let adminToken: string;

beforeAll(async () => {
  adminToken = await loginToken(app.url, demo.admin.email, demo.admin.password);
});

beforeEach(async () => {
  page = await signedInPage(browser, 'admin');
});

afterEach(async () => {
  await page.close();
});

interface Figures {
  reportCount: number;
  secretariesTotal: string;
  bailiffsTotal: string;
}

/** The API's totals for a period (month null: the whole year). */
async function apiFigures(year: number, month: number | null): Promise<Figures> {
  const result = await gql<{ statistics: Figures }>(
    app.url,
    'query($year: Int!, $month: Int) { statistics(year: $year, month: $month) { reportCount secretariesTotal bailiffsTotal } }',
    { year, month },
    adminToken,
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.statistics;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const total = (id: string) => page.getByTestId(`statistics-total-${id}`).locator('dd');

/** Waits until the totals under the chart are the API's figures for the period. */
async function expectTotals(figures: Figures): Promise<void> {
  const expected: [string, string][] = [
    ['reports', String(figures.reportCount)],
    ['secretaries', formatMoney(figures.secretariesTotal)],
    ['bailiffs', formatMoney(figures.bailiffsTotal)],
  ];
  for (const [id, text] of expected)
    await total(id)
      .filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) })
      .waitFor();
}

/** Both series drawn, and only them. */
async function expectTwoLines(): Promise<void> {
  await seriesLines().nth(1).waitFor();
  expect(await seriesLines().count()).toBe(2);
}

const chart = () => page.getByRole('img', { name: 'Graphique des montants HT par période' });
// Nivo draws each series as one unfilled SVG path.
// The chart is the SVG itself (role img, issue 23).
const seriesLines = () => chart().locator('path[fill="none"][stroke-width="3"]');

/**
 * Last month, which the seed fills and which is over: this month's chart has only the days gone by,
 * a single point (drawn as nothing) on its first day. Never a January, whose year would add up to
 * the month: then the December before.
 */
function lastCompleteMonth(): MonthOfYear {
  const month = monthBefore(parisMonth());
  return month.month === 1 ? monthBefore(month) : month;
}

describe('Statistiques', () => {
  it('charts both series for the year, then a month and another year, with the API’s totals', async () => {
    const current = parisMonth();
    const { year, month } = lastCompleteMonth();
    const lastYear = year - 1;
    const [yearFigures, monthFigures, lastYearFigures] = await Promise.all([
      apiFigures(year, null),
      apiFigures(year, month),
      apiFigures(lastYear, null),
    ]);
    // The seeded data makes the three periods different, so a stale total cannot pass.
    expect(yearFigures.reportCount).toBeGreaterThan(monthFigures.reportCount);
    expect(monthFigures.reportCount).toBeGreaterThan(0);
    expect(lastYearFigures.bailiffsTotal).not.toBe(yearFigures.bailiffsTotal);

    await page.goto('/dashboard/statistiques');
    await screenTitle(page, 'Statistiques').waitFor();
    const yearSelect = page.getByRole('combobox', { name: 'Année' });
    const monthSelect = page.getByRole('combobox', { name: 'Mois' });
    // Years from the current one down to 2000; the month defaults to the whole year.
    const years = await yearSelect.locator('option').allInnerTexts();
    expect(years[0]).toBe(String(current.year));
    expect(years.at(-1)).toBe('2000');
    expect(years).toHaveLength(current.year - 2000 + 1);
    expect(await monthSelect.locator('option:checked').innerText()).toBe("Toute l'année");
    expect((await monthSelect.locator('option').allInnerTexts()).slice(0, 3)).toEqual(["Toute l'année", 'Janvier', 'Février']);
    if (year !== current.year) await yearSelect.selectOption(String(year));

    // Whole year: twelve months on the axis, both series drawn.
    await chart().waitFor();
    await expectTwoLines();
    expect(await chart().getByText('Mois', { exact: true }).count()).toBe(1);
    expect(await chart().getByText('janv.', { exact: true }).count()).toBe(1);
    await expectTotals(yearFigures);
    expect(await page.getByText('Rétrocession secrétaires', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Facturation huissiers', { exact: true }).count()).toBe(1);
    // Issue 36: what each amount adds up, in the API's and docs/api.md's words.
    await page.getByText(STATISTICS_DEFINITIONS.bailiffs, { exact: true }).waitFor();
    await page.getByText(STATISTICS_DEFINITIONS.secretaries, { exact: true }).waitFor();

    // The French tooltip: the hovered month, each series in euros.
    const box = (await chart().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByText(/^(Juin|Juillet) \d{4}$/).waitFor();
    await saveScreenshot(page, 'admin-statistics');
    await page.mouse.move(0, 0);

    // Its text alternative (issue 23): the plotted figures as a captioned table, on demand.
    await page.getByRole('button', { name: 'Afficher les données du graphique' }).click();
    const figures = page.getByRole('table', { name: 'Montants HT du graphique par période' });
    expect((await figures.getByRole('columnheader').allInnerTexts()).map((text) => text.trim())).toHaveLength(3);
    expect((await figures.getByRole('columnheader').first().innerText()).trim()).toBe('Mois');
    expect(await figures.getByRole('row').count()).toBe(13);
    expect(await figures.getByRole('cell', { name: `Janvier ${year}` }).count()).toBe(1);
    await page.getByRole('button', { name: 'Masquer les données du graphique' }).click();
    await figures.waitFor({ state: 'detached' });

    // One month: one point per day.
    await monthSelect.selectOption(String(month));
    await expectTotals(monthFigures);
    await chart().getByText('Jour du mois', { exact: true }).waitFor();
    await expectTwoLines();
    await saveScreenshot(page, 'admin-statistics-month');

    // Another year, whole.
    await monthSelect.selectOption('');
    await yearSelect.selectOption(String(lastYear));
    await expectTotals(lastYearFigures);
  });

  it('shows the empty state for a period without constats', async () => {
    const figures = await apiFigures(2000, null);
    expect(figures.reportCount).toBe(0);
    await page.goto('/dashboard/statistiques');
    await screenTitle(page, 'Statistiques').waitFor();
    await page.getByRole('combobox', { name: 'Année' }).selectOption('2000');
    await page.getByText('Aucun constat créé sur cette période.').waitFor();
    expect(await chart().count()).toBe(0);
    await expectTotals(figures);
    expect(await total('secretaries').innerText()).toBe('0,00\u00a0€');
    await saveScreenshot(page, 'admin-statistics-empty');
  });

  it('keeps readable axes on a phone: a few months or days, short amounts, no label over another', async () => {
    await page.close();
    const phone = await phoneContext(browser, app.url);
    try {
      page = await signedInPage(phone, 'admin', '/dashboard/statistiques');
      await screenTitle(page, 'Statistiques').waitFor();
      const { year, month } = lastCompleteMonth();
      if (year !== parisMonth().year) await page.getByRole('combobox', { name: 'Année' }).selectOption(String(year));
      await chart().waitFor();
      await expectTwoLines();

      /** The chart's labels, axis by axis: texts and boxes of the ticks matching `pattern`. */
      const labels = (pattern: RegExp) =>
        chart()
          .locator('text')
          .evaluateAll(
            (texts, source) =>
              texts
                .filter((text) => new RegExp(source).test(text.textContent ?? ''))
                .map((text) => {
                  const { left, right, top, bottom } = text.getBoundingClientRect();
                  return { text: text.textContent, left, right, top, bottom };
                }),
            pattern.source,
          );
      const apart = (boxes: { left: number; right: number }[]) =>
        boxes.every((box, index) => index === 0 || boxes[index - 1].right < box.left);
      const within = async (boxes: { left: number; right: number }[]) => {
        const frame = (await chart().boundingBox())!;
        return boxes.every((box) => box.left >= frame.x && box.right <= frame.x + frame.width);
      };

      // The year: every other month, apart; amounts shortened ('k €') rather than '12 500,00 €'.
      const months = await labels(/^(janv\.|févr\.|mars|avr\.|mai|juin|juil\.|août|sept\.|oct\.|nov\.|déc\.)$/);
      expect(months.map((label) => label.text)).toEqual(['janv.', 'mars', 'mai', 'juil.', 'sept.', 'nov.']);
      expect(apart(months)).toBe(true);
      expect(await within(months)).toBe(true);
      const amounts = await labels(/€$/);
      expect(amounts.length).toBeGreaterThan(1);
      for (const amount of amounts) expect(amount.text).not.toMatch(/,\d\d\s€$/);
      expect(await within(amounts)).toBe(true);
      await saveScreenshot(page, 'admin-statistics-phone');

      // A month: six of its days at most, from the first, apart.
      await page.getByRole('combobox', { name: 'Mois' }).selectOption(String(month));
      await chart().getByText('Jour du mois', { exact: true }).waitFor();
      const days = await labels(/^\d{1,2}$/);
      expect(days[0].text).toBe('1');
      expect(days.length).toBeGreaterThan(1);
      expect(days.length).toBeLessThanOrEqual(6);
      expect(apart(days)).toBe(true);
      expect(await within(days)).toBe(true);
    } finally {
      await phone.close();
    }
  });
});
