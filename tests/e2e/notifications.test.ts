// product.md §2 'TOUTES LES NOTIFICATIONS' (/dashboard/seeallnotifications) for a bailiff and a
// secretary (the admin's is in shell.test.ts): page sizes 10 to 60, Date and Notifications,
// markup stripped and cut to 100 characters + '...', the expanded 'Contenu de la notification'
// (which marks it read, product.md §4), the empty text, and live arrivals.
import type { Page } from 'playwright-core';
import { notifyUsers } from '../../api/src/modules/notifications/service.js';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo } from '../support/http.js';
import { screenTitle, signedInPage } from '../support/pages.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

afterEach(async () => {
  await page?.close();
});

const LONG_BODY =
  '<p>Le constat <strong>« Procès-verbal de constat d’affichage – 14 quai Saint-Antoine »</strong> a été retourné ' +
  'par votre secrétaire avec <em>deux</em> éléments.</p><ul><li>Rapport définitif</li><li>Annexes photographiques</li></ul>';
const LONG_TEXT =
  'Le constat « Procès-verbal de constat d’affichage – 14 quai Saint-Antoine » a été retourné ' +
  'par votre secrétaire avec deux éléments. Rapport définitif Annexes photographiques';

async function userId(email: string): Promise<number> {
  return (await app.services.db.user.findUniqueOrThrow({ where: { email } })).id;
}

function table() {
  return page.getByRole('table', { name: 'Toutes les notifications' });
}

async function openPage() {
  await page.goto('/dashboard/seeallnotifications');
  await screenTitle(page, 'Toutes les notifications').waitFor();
}

describe('TOUTES LES NOTIFICATIONS', () => {
  it('bailiff: preview without markup cut to 100 characters, page sizes, expanded content marks it read', async () => {
    const bailiffId = await userId(demo.bailiff.email);
    for (let index = 1; index <= 11; index += 1) {
      await notifyUsers(app.services, [bailiffId], { kind: 'COMMENT', body: `<p>Commentaire n° ${index}</p>` });
    }
    await notifyUsers(app.services, [bailiffId], { kind: 'REPORT_RETURNED', body: LONG_BODY });
    page = await signedInPage(browser, 'bailiff');
    await openPage();
    expect(await table().getByRole('columnheader').allInnerTexts()).toEqual(['', 'Date', 'Notifications']);
    const first = table().locator('tbody tr').first();
    const preview = `${LONG_TEXT.slice(0, 100).trimEnd()}...`;
    await first.getByText(preview, { exact: true }).waitFor();
    expect(await table().locator('tbody tr').count()).toBe(10);
    expect(await page.getByLabel('Lignes par page').locator('option').allInnerTexts()).toEqual(['10', '20', '30', '40', '50', '60']);
    for (const cell of await table().locator('tbody tr td:nth-child(2)').allInnerTexts()) {
      expect(cell.trim()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    }

    const stored = await app.services.db.notification.findFirstOrThrow({
      where: { userId: bailiffId, kind: 'REPORT_RETURNED', body: { contains: 'quai Saint-Antoine' } },
    });
    expect(stored.isRead).toBe(false);
    await Promise.all([
      page.waitForResponse((response) => Boolean(response.request().postData()?.includes('markNotificationRead'))),
      first.getByRole('button', { name: 'Afficher le détail' }).click(),
    ]);
    await table().getByText('Contenu de la notification').waitFor();
    await table().getByRole('listitem').getByText('Annexes photographiques').waitFor();
    expect((await app.services.db.notification.findUniqueOrThrow({ where: { id: stored.id } })).isRead).toBe(true);
    await saveScreenshot(page, 'bailiff-notifications');
  });

  it("secretary: 'Aucune notification associée', then a new notification arrives live", async () => {
    const secretaryId = await userId(demo.secretary.email);
    await app.services.db.notification.deleteMany({ where: { userId: secretaryId } });
    page = await signedInPage(browser, 'secretary');
    await openPage();
    await table().getByText('Aucune notification associée').waitFor();
    await saveScreenshot(page, 'secretary-notifications-empty');

    await notifyUsers(app.services, [secretaryId], {
      kind: 'REPORT_ASSIGNED',
      body: '<p>Le constat <strong>« Inventaire après décès »</strong> vous a été attribué.</p>',
    });
    await table().getByText('Le constat « Inventaire après décès » vous a été attribué.', { exact: true }).waitFor();
    expect(await table().locator('tbody tr').count()).toBe(1);
  });
});
