// product.md §2 secretary 'VOIR LES ACTUALITÉS' (/dashboard/viewnewsecretarie): the list, the 'Voir'
// modal (title, date, importance, HTML body) that marks the news read, and a search that works.
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { pathname, screenTitle, signedInPage, toast } from '../support/pages.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

beforeEach(async () => {
  page = await signedInPage(browser, 'secretary', '/dashboard/viewnewsecretarie');
  await screenTitle(page, 'Voir les actualités').waitFor();
});

afterEach(async () => {
  await page.close();
});

const dateTime = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

function table() {
  return page.getByRole('table', { name: 'Voir les actualités' });
}

async function readState(title: string): Promise<boolean> {
  const token = await loginToken(app.url, demo.secretary.email, demo.secretary.password);
  const result = await gql<{ news: { edges: { node: { title: string; isRead: boolean } }[] } }>(
    app.url,
    '{ news(first: 60) { edges { node { title isRead } } } }',
    {},
    token,
  );
  return result.data!.news.edges.find(({ node }) => node.title === title)!.node.isRead;
}

describe('VOIR LES ACTUALITÉS', () => {
  it("lists the seeded news (Important, Date, Actualité, Voir); 'Voir' opens it and marks it read", async () => {
    await table().getByText('Nouvelle trame de procès-verbal').waitFor();
    expect(await table().getByRole('columnheader').allInnerTexts()).toEqual(['Important', 'Date', 'Actualité', 'Voir']);
    expect(await table().locator('tbody tr').count()).toBe(5);
    for (const cell of await table().locator('tbody tr time').allInnerTexts()) expect(cell).toMatch(dateTime);
    expect(await table().getByRole('img', { name: 'Importante', exact: true }).count()).toBe(2);
    await saveScreenshot(page, 'secretary-news');

    // The latest news is the one she has not read yet.
    expect(await readState('Facturation de fin de mois')).toBe(false);
    await Promise.all([
      page.waitForResponse((response) => Boolean(response.request().postData()?.includes('markNewsRead'))),
      table().getByRole('button', { name: 'Voir Facturation de fin de mois' }).click(),
    ]);
    const dialog = page.getByRole('dialog', { name: 'Facturation de fin de mois' });
    await dialog.waitFor();
    expect(await dialog.locator('strong').innerText()).toBe('Mes factures');
    expect(await dialog.locator('time').innerText()).toMatch(dateTime);
    await dialog.getByRole('img', { name: 'Non importante' }).waitFor();
    await saveScreenshot(page, 'secretary-news-dialog');
    expect(await readState('Facturation de fin de mois')).toBe(true);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the search filters the rows (text and publication day) and an empty search shows everything again', async () => {
    await table().getByText('Nouvelle trame de procès-verbal').waitFor();
    const search = page.getByRole('searchbox', { name: 'Rechercher...' });
    // Accents and case do not matter.
    await search.fill('CONGES');
    await search.press('Enter');
    await table().getByText("Congés d'été : planning des absences").waitFor();
    await table().getByText('Nouvelle trame de procès-verbal').waitFor({ state: 'detached' });
    expect(await table().locator('tbody tr').count()).toBe(1);

    // A publication day ('jj/mm', Paris time).
    const billing = await app.services.db.news.findFirstOrThrow({ where: { title: 'Facturation de fin de mois' } });
    const day = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit' }).format(billing.createdAt);
    await search.fill(day);
    await search.press('Enter');
    await table().getByText('Facturation de fin de mois').waitFor();
    await table().getByText("Congés d'été : planning des absences").waitFor({ state: 'detached' });
    expect(await table().locator('tbody tr').count()).toBe(1);

    await search.fill('aucune-actualite-de-ce-nom');
    await search.blur();
    await table().getByText('Aucune actualité associée').waitFor();

    await search.fill('');
    await table().getByText('Nouvelle trame de procès-verbal').waitFor();
    expect(await table().locator('tbody tr').count()).toBe(5);
  });

  it('a news item published meanwhile arrives on top of the list', async () => {
    await table().getByText('Nouvelle trame de procès-verbal').waitFor();
    const admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
    const created = await gql(
      app.url,
      'mutation($input: CreateNewsInput!) { createNews(input: $input) { message } }',
      { input: { title: 'Permanence du samedi', body: '<p>Une secrétaire assure la permanence.</p>', important: true } },
      admin,
    );
    expect(created.errors).toBeUndefined();
    await table().locator('tbody tr').first().getByText('Permanence du samedi').waitFor();
  });

  it('an important news item published meanwhile is put in front of her on any screen, until read', async () => {
    // The news subscription leaves with the shell: the publication must come after it.
    const subscribed = new Promise<void>((resolve) =>
      page.on('websocket', (socket) =>
        socket.on('framesent', (frame) => String(frame.payload).includes('LiveUpdatesNewsSubscription') && resolve()),
      ),
    );
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await subscribed;
    const admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
    const publish = async (title: string, important: boolean) => {
      const created = await gql(
        app.url,
        'mutation($input: CreateNewsInput!) { createNews(input: $input) { message } }',
        { input: { title, body: '<p>Détails dans l’actualité.</p>', important } },
        admin,
      );
      expect(created.errors).toBeUndefined();
    };
    // An ordinary news item first: it lights the bell only; the events arrive in order, so when the
    // important one is shown, the ordinary one has been received without a toast.
    await publish('Rappel : réunion mensuelle', false);
    await publish('Fermeture exceptionnelle vendredi', true);
    const shown = toast(page, 'Actualité importante');
    await shown.waitFor();
    expect(await shown.count()).toBe(1);
    const card = page.locator('.fui-Toast', { has: shown });
    await card.getByText('Fermeture exceptionnelle vendredi').waitFor();
    expect(await card.getByText('Rappel : réunion mensuelle').count()).toBe(0);

    await card.getByRole('button', { name: "Lire l'actualité" }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/viewnewsecretarie');
    expect(pathname(page)).toBe('/dashboard/viewnewsecretarie');
    await shown.waitFor({ state: 'detached' });
    await table().locator('tbody tr').first().getByText('Fermeture exceptionnelle vendredi').waitFor();
  });
});
