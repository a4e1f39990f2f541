// Issue 37 item 3: an admin adds a webhook on « Webhooks », copies its secret (shown once), sees
// the delivery of a constat created afterwards and sends it again with « Renvoyer ».
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { screenTitle, signedInPage } from '../support/pages.js';
import { waitFor } from '../support/wait.js';

const received: string[] = [];
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push(Buffer.concat(chunks).toString('utf8'));
    response.end('bien reçu');
  });
});

let app: TestApp;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
useAppInBrowser((started) => ({ app, browser } = started), { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });

afterAll(async () => {
  await page?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

it('an admin adds a webhook, sees its secret once, its delivery, and sends it again', async () => {
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/constats`;
  page = await signedInPage(browser, 'admin');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  const api = menu.locator('.fui-NavCategoryItem', { hasText: 'API' });
  if ((await api.getAttribute('aria-expanded')) !== 'true') await api.click();
  await menu.getByRole('link', { name: 'Webhooks' }).click();
  await screenTitle(page, 'Webhooks').waitFor();
  const table = page.getByRole('table', { name: 'Webhooks' });
  await table.getByText('Aucun webhook.').waitFor();

  await page.getByRole('button', { name: 'Ajouter un webhook' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Adresse').fill(url);
  await dialog.getByLabel('Constat créé').check();
  await dialog.getByLabel('Facture payée').check();
  await saveScreenshot(page, 'webhooks-create');
  await dialog.getByRole('button', { name: 'Ajouter' }).click();
  const secretField = page.getByRole('alertdialog').getByLabel('Secret');
  await secretField.waitFor();
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Fermer' }).click();
  const row = table.locator('tbody tr', { hasText: url });
  await row.getByText('Constat créé, Facture payée').waitFor();
  // Shown that once: nowhere on the screen afterwards.
  expect(await page.getByText(secret).count()).toBe(0);

  const bailiff = await app.services.db.user.findUniqueOrThrow({ where: { email: demo.bailiff.email } });
  const created = await gql(
    app.url,
    'mutation($input: CreateReportInput!) { createReport(input: $input) { report { databaseId } } }',
    { input: { name: 'Constat annoncé', bailiffId: encodeGlobalID('User', bailiff.id), deposit: { files: 1 } } },
    await loginToken(app.url, demo.bailiff.email, demo.bailiff.password),
  );
  expect(created.errors).toBeUndefined();
  app.services.webhooks.wake();
  await waitFor(async () => (await app.services.db.webhookDelivery.count({ where: { status: 'DELIVERED' } })) === 1, {
    what: 'the delivery',
  });
  expect(JSON.parse(received[0])).toMatchObject({ event: 'report.created', data: { name: 'Constat annoncé' } });

  await row.getByRole('button', { name: 'Afficher le détail' }).click();
  const deliveries = page.getByRole('table', { name: `Envois vers ${url}` });
  await deliveries.getByText('Aucun envoi pour le moment.').waitFor();
  await page.getByRole('button', { name: 'Actualiser' }).click();
  const delivery = deliveries.locator('tbody tr', { hasText: 'Constat créé' });
  await delivery.getByText('Reçu', { exact: true }).waitFor();
  await delivery.getByText('200 · bien reçu').waitFor();
  expect(await delivery.locator('td').first().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await saveScreenshot(page, 'webhooks-deliveries');

  await delivery.getByRole('button', { name: 'Renvoyer' }).click();
  await page.locator('.fui-ToastTitle', { hasText: 'Envoi renvoyé.' }).waitFor();
  await waitFor(() => received.length === 2, { what: 'the redelivery' });
  expect(received[1]).toBe(received[0]);
}, 120_000);
