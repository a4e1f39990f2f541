// Issue 17 items 1 and 2: GraphiQL inside the app, working with no network beyond the app's own
// origin (every other request is blocked and recorded), and the « Jetons d'API » screen. Issue 37
// item 9: an admin tries a token there, opens the explorer and copies an operation as cURL.
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { curlCommand } from '../../web/src/features/graphiql/requests.js';
import { screenTitle, signedInPage, toast } from '../support/pages.js';
import { waitFor } from '../support/wait.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
/** Requests the browser tried to send anywhere but the app's origin (all refused). */
const foreign: string[] = [];
useAppInBrowser((started) => ({ app, browser } = started));

beforeAll(async () => {
  const origin = new URL(app.url).origin;
  await browser.context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    foreign.push(url);
    return route.abort('blockedbyclient');
  });
});

afterEach(async () => {
  await page?.close();
  expect(foreign).toEqual([]);
});

function sideMenu() {
  return page.getByRole('navigation', { name: 'Menu principal' });
}

async function openMenuLink(category: string, link: string) {
  const item = sideMenu().locator('.fui-NavCategoryItem', { hasText: category });
  if ((await item.getAttribute('aria-expanded')) !== 'true') await item.click();
  await sideMenu().getByRole('link', { name: link }).click();
}

/**
 * Replaces the text of GraphiQL's query editor (CodeMirror 5 keeps its instance on its element),
 * then waits for GraphiQL to parse it: it re-reads the editor 100 ms after a change (debounced) and
 * only then knows the operation is a subscription. Executing before that sends the new text with
 * the old document's facts, over HTTP instead of graphql-ws. GraphiQL saves the query in
 * localStorage in the same step, which is the signal waited for.
 */
async function setQuery(text: string) {
  await page.locator('.graphiql-query-editor .CodeMirror').evaluate((element, value) => {
    (element as unknown as { CodeMirror: { setValue(text: string): void } }).CodeMirror.setValue(value);
  }, text);
  await page.waitForFunction((value) => localStorage.getItem('graphiql:query') === value, text);
}

const response = () => page.locator('.graphiql-response');

/** The whole response text (CodeMirror renders only the lines in view). */
async function responseText(): Promise<string> {
  return page
    .locator('.graphiql-response .CodeMirror')
    .evaluate((element) => (element as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue());
}

describe('API GraphQL (GraphiQL)', () => {
  it('the admin opens it from the menu: editor, docs, a query with his session, a live subscription', async () => {
    page = await signedInPage(browser, 'admin');
    // Frames sent on every socket of the page (the shell's own and GraphiQL's), watched from the start.
    const framesSent: string[] = [];
    page.on('websocket', (socket) => socket.on('framesent', (frame) => framesSent.push(String(frame.payload))));
    await openMenuLink('API', 'API GraphQL');
    await page.waitForURL((url) => url.pathname === '/dashboard/graphiql');
    await screenTitle(page, 'API GraphQL').waitFor();
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor();

    // The docs explorer reads the schema by introspection, allowed to admins.
    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
    const docs = page.locator('.graphiql-doc-explorer');
    await docs.getByText('Query', { exact: true }).first().waitFor();
    await docs.getByText('Query', { exact: true }).first().click();
    await docs.getByText('reports', { exact: true }).first().waitFor();

    // The default query lists constats with the admin's session (no token pasted anywhere).
    await page.getByRole('button', { name: 'Execute query' }).click();
    await response().getByText('"totalCount"').waitFor();
    const answer = JSON.parse(await responseText());
    expect(answer.errors).toBeUndefined();
    expect(answer.data.reports.totalCount).toBeGreaterThan(0);
    // A session's answers tell their cost too (a token's would add its budget).
    expect(answer.extensions.cost).toEqual({ requested: expect.any(Number), actual: expect.any(Number) });
    await saveScreenshot(page, 'graphiql-query');

    // A subscription over graphql-ws receives an event triggered from outside the page.
    await setQuery('subscription Nouvelles { notificationAdded { kind body } }');
    await page.getByRole('button', { name: 'Execute query' }).click();
    for (let waited = 0; !framesSent.some((frame) => frame.includes('Nouvelles')); waited += 100) {
      if (waited > 30_000) throw new Error('GraphiQL never sent its subscription');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Let the server register the subscription after the frame arrived.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const registered = await gql(app.url, 'mutation($input: RegisterInput!) { register(input: $input) { message } }', {
      input: {
        lastName: 'Graphiql',
        firstName: 'Test',
        telephone: '0612345678',
        address: '1 rue du Palais',
        zip: '75001',
        city: 'Paris',
        identity: 'graphiqltest',
        email: 'graphiql-test@etude.fr',
        password: 'Candidat#2026',
      },
    });
    expect(registered.errors).toBeUndefined();
    await page.waitForFunction(
      () => {
        const element = document.querySelector('.graphiql-response .CodeMirror') as unknown as {
          CodeMirror: { getValue(): string };
        } | null;
        return element?.CodeMirror.getValue().includes('ACCOUNT_REQUEST');
      },
      undefined,
      { timeout: 30_000 },
    );
    expect(await responseText()).toContain('Graphiql');
    await saveScreenshot(page, 'graphiql-subscription');
  }, 180_000);

  it('« Tester avec un jeton »: a bailiff’s token sees his constats alone, never the session; back to the session; explorer; cURL', async () => {
    const bailiff = await loginToken(app.url, demo.bailiff.email, demo.bailiff.password);
    const created = await gql(
      app.url,
      'mutation { createApiToken(input: { name: "Essai GraphiQL", scopes: [REPORTS, ACCOUNTS] }) { token } }',
      {},
      bailiff,
    );
    const token: string = created.data!.createApiToken.token;
    const query = 'query Compte {\n  me { email }\n  reports(first: 1) { totalCount }\n}';
    const bailiffCount = (await gql(app.url, query, {}, bailiff)).data!.reports.totalCount;

    page = await signedInPage(browser, 'admin');
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
    // The Authorization of every GraphQL request the page sends.
    const sent: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/graphql' && request.method() === 'POST') sent.push(request.headers().authorization);
    });
    await openMenuLink('API', 'API GraphQL');
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor();
    const session = await page.evaluate(() => localStorage.getItem('token'));
    await setQuery(query);
    const run = async () => {
      sent.length = 0;
      await page.getByRole('button', { name: 'Execute query' }).click();
      await page.waitForFunction(() => {
        const element = document.querySelector('.graphiql-response .CodeMirror') as unknown as {
          CodeMirror: { getValue(): string };
        } | null;
        return element?.CodeMirror.getValue().includes('totalCount');
      });
      const answer = JSON.parse(await responseText());
      // Cleared for the next run: its answer is then told from this one.
      await page.locator('.graphiql-response .CodeMirror').evaluate((element) => {
        (element as unknown as { CodeMirror: { setValue(text: string): void } }).CodeMirror.setValue('');
      });
      return answer;
    };

    const asAdmin = await run();
    expect(asAdmin.data.me.email).toBe(demo.admin.email);
    expect(sent).toEqual([`Bearer ${session}`]);

    await page.getByLabel('Tester avec un jeton').fill(`Bearer ${token}`);
    await page.getByRole('button', { name: 'Utiliser ce jeton' }).click();
    await page.getByText(`Requêtes exécutées avec le jeton ${token.slice(0, 8)}…`).waitFor();
    const asToken = await run();
    expect(asToken.errors).toBeUndefined();
    expect(asToken.data).toEqual({ me: { email: demo.bailiff.email }, reports: { totalCount: bailiffCount } });
    expect(bailiffCount).toBeLessThan(asAdmin.data.reports.totalCount);
    // A token's answer tells its budget; the request carried the token alone.
    expect(asToken.extensions.cost.remaining).toEqual(expect.any(Number));
    expect(sent).toEqual([`Bearer ${token}`]);
    // Kept in the page's memory only: neither the page nor localStorage shows the secret.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(token);
    expect(await page.locator('body').innerText()).not.toContain(token);
    await saveScreenshot(page, 'graphiql-token');
    // A subscription tried with the token goes over a socket of its own, opened with the token alone.
    const initPayloads: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framesent', (frame) => {
        if (String(frame.payload).includes('connection_init')) initPayloads.push(String(frame.payload));
      }),
    );
    await setQuery('subscription Suivi { reportChanged { __typename } }');
    await page.getByRole('button', { name: 'Execute query' }).click();
    await waitFor(() => initPayloads.length > 0, { what: "the token's socket opened" });
    expect(initPayloads.map((payload) => JSON.parse(payload))).toEqual([
      { type: 'connection_init', payload: { authorization: `Bearer ${token}` } },
    ]);
    await page.getByRole('button', { name: 'Stop query' }).click();
    await setQuery(query);

    await page.getByRole('button', { name: 'Copier en cURL' }).click();
    await toast(page, 'Commande cURL copiée dans le presse-papiers.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      curlCommand({ url: `${new URL(app.url).origin}/graphql`, query, operationName: 'Compte', token }),
    );

    await page.getByRole('button', { name: 'Revenir à ma session' }).click();
    await page.getByLabel('Tester avec un jeton').waitFor();
    expect((await run()).data.me.email).toBe(demo.admin.email);
    expect(sent).toEqual([`Bearer ${session}`]);
    // Without a token, the command leaves $TOKEN to the shell: never the session.
    await page.getByRole('button', { name: 'Copier en cURL' }).click();
    const withoutToken = await page.evaluate(() => navigator.clipboard.readText());
    expect(withoutToken).toContain('-H "Authorization: Bearer $TOKEN"');
    expect(withoutToken).not.toContain(session!);

    // The explorer builds queries from the schema by ticking fields.
    await page.getByRole('button', { name: 'Show GraphiQL Explorer' }).click();
    const explorer = page.locator('.graphiql-explorer-root');
    await explorer.getByText('reports', { exact: true }).first().waitFor();
    await saveScreenshot(page, 'graphiql-explorer');
    // Gone again: the « Jetons d'API » test below starts from an empty list.
    await app.services.db.apiToken.deleteMany({ where: { name: 'Essai GraphiQL' } });
  }, 180_000);

  it('/graphql opened in the browser leads to it', async () => {
    page = await signedInPage(browser, 'admin');
    await page.goto('/graphql');
    await page.waitForURL((url) => url.pathname === '/dashboard/graphiql');
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor();
  }, 120_000);

  it('a bailiff has no such entry and gets no GraphiQL', async () => {
    page = await signedInPage(browser, 'bailiff');
    await sideMenu().waitFor();
    expect(await sideMenu().getByText('API GraphQL').count()).toBe(0);
    await page.goto('/dashboard/graphiql');
    // Unknown to his routes: sent back to his home screen.
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await screenTitle(page, 'Mes constats en cours').waitFor();
    expect(await page.locator('.graphiql-container').count()).toBe(0);
  }, 120_000);
});

describe("Jetons d'API", () => {
  it('create (secret shown once, copyable), use, list with last use, revoke after confirmation', async () => {
    page = await signedInPage(browser, 'admin');
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
    await openMenuLink('API', "Jetons d'API");
    await screenTitle(page, "Jetons d'API").waitFor();
    const table = page.getByRole('table', { name: "Jetons d'API" });
    await table.getByText("Aucun jeton d'API.").waitFor();

    await page.getByRole('button', { name: 'Créer un jeton' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await dialog.getByText('Veuillez saisir un nom pour le jeton.').waitFor();
    await dialog.getByLabel('Nom').fill('Tableau de bord compta');
    await dialog.getByLabel('Expiration').selectOption('30');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await dialog.getByText('Veuillez choisir au moins une portée.').waitFor();
    // An admin is offered every scope, and the études to limit the token to.
    expect(await dialog.getByRole('group', { name: 'Portées' }).getByRole('checkbox').count()).toBe(8);
    await dialog.getByRole('combobox', { name: 'Études' }).waitFor();
    await dialog.getByLabel('Constats').check();
    await dialog.getByRole('button', { name: 'Créer' }).click();
    // The secret is shown in an alert dialog: a click beside it does not lose it.
    const secretDialog = page.getByRole('alertdialog');
    const secretField = secretDialog.getByLabel('Jeton');
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^cst_[A-Za-z0-9_-]{43}$/);
    await secretDialog.getByText(/il ne sera plus jamais affiché/).waitFor();
    await secretDialog.getByRole('button', { name: 'Copier' }).click();
    await toast(page, 'Jeton copié dans le presse-papiers.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await saveScreenshot(page, 'api-token-secret');
    await secretDialog.getByRole('button', { name: 'Fermer' }).click();

    // The token reads the API; the list shows its last use and never the secret again.
    const read = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ query: '{ reports(first: 1) { totalCount } }' }),
    });
    expect(read.status).toBe(200);
    await page.reload();
    const row = table.locator('tbody tr', { hasText: 'Tableau de bord compta' });
    await row.getByText('Actif').waitFor();
    await row.getByText('127.0.0.1').waitFor();
    expect(await page.content()).not.toContain(secret);
    await saveScreenshot(page, 'api-tokens');

    await row.getByRole('button', { name: 'Révoquer Tableau de bord compta' }).click();
    await page
      .getByRole('alertdialog')
      .getByText(/Révoquer le jeton « Tableau de bord compta »/)
      .waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Oui' }).click();
    await toast(page, "Jeton d'API révoqué.").waitFor();
    await row.getByText('Révoqué').waitFor();
    const refused = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ query: '{ reports(first: 1) { totalCount } }' }),
    });
    expect(refused.status).toBe(401);
  }, 180_000);
});
