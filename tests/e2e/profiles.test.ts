// product.md §2/§5/§6 profiles ('MON PROFIL' of the three roles), the secretary's own account form,
// profile pictures (profiles and the admin account form) and the 'Nouveau Constat' e-mail preview.
import { deflateSync, crc32 } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, gql, loginToken } from '../support/http.js';
import { fieldMessage, screenTitle, signedInPage, toast, userMenuButton } from '../support/pages.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

afterEach(async () => {
  await page?.close();
});

/** A real PNG picture (square, one colour) the browser can display. */
function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const field = (label: RegExp) => page.getByLabel(label);

async function expectValue(label: RegExp, value: string, state: { disabled: boolean }) {
  const input = field(label);
  expect(await input.inputValue()).toBe(value);
  expect(await input.isDisabled()).toBe(state.disabled);
}

async function me(account: keyof typeof demo, password: string = demo[account].password) {
  const token = await loginToken(app.url, demo[account].email, password);
  const result = await gql(app.url, '{ me { telephone city zip description avatarUrl secretaryPricePage } }', {}, token);
  return result.data!.me;
}

/** A full-page screenshot from the top (a scrolled page would catch the sticky header midway). */
async function shot(name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

/** The hidden file input behind 'Choisir une photo'. */
function avatarInput() {
  return page.getByLabel('Choisir une photo', { exact: true });
}

function sideMenu() {
  return page.getByRole('navigation', { name: 'Menu principal' });
}

describe('admin: MON PROFIL (/dashboard/adminprofile)', () => {
  it('shows the seeded profile, e-mail read-only; saving stays on the page; the new picture shows in both menus', async () => {
    page = await signedInPage(browser, 'admin', '/dashboard/adminprofile');
    await screenTitle(page, 'Mon profil').waitFor();
    await expectValue(/^Nom\s*\*?$/, 'Garnier', { disabled: false });
    await expectValue(/^Prénom/, 'Noël', { disabled: false });
    await expectValue(/^Identifiant/, 'admin', { disabled: false });
    await expectValue(/^Email/, 'admin@demo.fr', { disabled: true });
    // No picture yet: the menus show the initials.
    expect(await sideMenu().locator('img').count()).toBe(0);

    // product.md §5: the profile's password message.
    await field(/^Mot de passe$/).fill('court');
    await field(/^Mot de passe$/).blur();
    await fieldMessage(page, /^Mot de passe$/)
      .getByText('Mauvais mot de passe.')
      .waitFor();
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Tous les champs obligatoires ne sont pas remplis.').waitFor();
    await field(/^Mot de passe$/).fill('');

    await field(/^Description/).fill('Administrateur de l’étude, joignable le matin.');
    await avatarInput().setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png(96, [37, 99, 235]) });
    // The preview is the picked file itself.
    await page.getByTestId('avatar-preview').locator('img[src^="blob:"]').waitFor();
    await shot('admin-profile');
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Compte modifié avec succès.').waitFor();
    // product.md §6: the admin stays on his profile.
    expect(new URL(page.url()).pathname).toBe('/dashboard/adminprofile');
    // Without a reload, the left menu and the user menu show the stored picture.
    await sideMenu().locator('img[src*="/files/"]').waitFor();
    await userMenuButton(page).locator('img[src*="/files/"]').waitFor();
    const saved = await me('admin');
    expect(saved.description).toBe('Administrateur de l’étude, joignable le matin.');
    expect(saved.avatarUrl).toMatch(/\/files\//);
  });

  it('a file that is not a picture is refused before sending', async () => {
    page = await signedInPage(browser, 'admin', '/dashboard/adminprofile');
    await screenTitle(page, 'Mon profil').waitFor();
    await avatarInput().setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('bonjour') });
    await page.getByText("Ce fichier n'est pas une image PNG, JPEG, GIF ou WebP.").waitFor();
  });
});

describe('bailiff: MON PROFIL (/dashboard/bailiffprofile)', () => {
  it('shows e-mail and the étude read-only, checks the phone and goes to /dashboard after saving', async () => {
    page = await signedInPage(browser, 'bailiff', '/dashboard/bailiffprofile');
    await screenTitle(page, 'Mon profil').waitFor();
    await expectValue(/^Nom\s*\*?$/, 'Dubois', { disabled: false });
    await expectValue(/^Prénom/, 'François', { disabled: false });
    await expectValue(/^Téléphone\s*\*?$/, '0612457890', { disabled: false });
    await expectValue(/^Identifiant/, 'huissier', { disabled: false });
    // product.md §5: e-mail, study name, study phone and accounting e-mail read-only.
    await expectValue(/^Email/, 'huissier@demo.fr', { disabled: true });
    await expectValue(/^Nom de l'étude/, 'SCP Dubois & Associés', { disabled: true });
    await expectValue(/^Téléphone de l'étude/, '0478425630', { disabled: true });
    await expectValue(/^E-mail de la comptabilité/, 'comptabilite.dubois@demo.fr', { disabled: true });
    await page.getByRole('textbox', { name: 'Consignes aux secrétaires' }).waitFor();

    await field(/^Téléphone\s*\*?$/).fill('06 12');
    await field(/^Téléphone\s*\*?$/).blur();
    await fieldMessage(page, /^Téléphone\s*\*?$/)
      .getByText('Numéro de téléphone invalide.')
      .waitFor();
    await shot('bailiff-profile');

    await field(/^Téléphone\s*\*?$/).fill('0612457891');
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Compte modifié avec succès.').waitFor();
    // product.md §6: the others go to /dashboard.
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect((await me('bailiff')).telephone).toBe('0612457891');
  });

  it("'Mon compte' (/dashboard/bailiffaccount) is the same profile", async () => {
    page = await signedInPage(browser, 'bailiff', '/dashboard/bailiffaccount');
    await screenTitle(page, 'Mon compte').waitFor();
    await expectValue(/^Email/, 'huissier@demo.fr', { disabled: true });
  });
});

describe('secretary: MON PROFIL (/dashboard/secretaryprofile)', () => {
  it("shows her coordinates, rates read-only, the secretary form's messages, and saves to /dashboard", async () => {
    page = await signedInPage(browser, 'secretary', '/dashboard/secretaryprofile');
    await screenTitle(page, 'Mon profil').waitFor();
    await expectValue(/^Nom\s*\*?$/, 'Roussel', { disabled: false });
    await expectValue(/^Siret/, '88912304700017', { disabled: false });
    await expectValue(/^Adresse postale/, '27 rue Anatole-France', { disabled: false });
    await expectValue(/^Code postal/, '69100', { disabled: false });
    await expectValue(/^Ville/, 'Villeurbanne', { disabled: false });
    await expectValue(/^Email/, 'secretaire@demo.fr', { disabled: true });
    await expectValue(/^Tarif\/page/, '1.20', { disabled: true });
    await expectValue(/^Tarif\/photo/, '0.35', { disabled: true });
    // Not on her form: identifier and RIB stay with the administrator.
    expect(await field(/^Identifiant/).count()).toBe(0);
    expect(await field(/^RIB/).count()).toBe(0);

    // product.md §5, the secretary profile's own messages.
    await field(/^Code postal/).fill('691');
    await field(/^Ville/).fill('');
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Tous les champs obligatoires ne sont pas remplis.').waitFor();
    await fieldMessage(page, /^Code postal/)
      .getByText('Code postal invalide')
      .waitFor();
    await fieldMessage(page, /^Ville/)
      .getByText('Ce champs est requis')
      .waitFor();
    await shot('secretary-profile');

    await field(/^Code postal/).fill('69003');
    await field(/^Ville/).fill('Lyon');
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Compte modifié avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const saved = await me('secretary');
    expect([saved.zip, saved.city, saved.secretaryPricePage]).toEqual(['69003', 'Lyon', '1.20']);
  });
});

describe("secretary: MODIFICATION D'UN COMPTE UTILISATEUR (/dashboard/secretary)", () => {
  it('has product.md’s fields and avatar, checks the confirmation, and changes her password with the current one', async () => {
    page = await signedInPage(browser, 'secretary', '/dashboard/secretary');
    await screenTitle(page, "Modification d'un compte utilisateur").waitFor();
    for (const label of [/^Nom\s*\*?$/, /^Prénom/, /^Téléphone/, /^Email/, /^Siret/, /^Adresse postale/, /^Code postal/, /^Ville/]) {
      await field(label).waitFor();
    }
    expect(await page.getByRole('radio', { name: 'Madame' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Choisir une photo' }).waitFor();
    expect(await field(/^Tarif\/page/).isDisabled()).toBe(true);

    const newPassword = 'Nouveau#2027';
    await field(/^Mot de passe$/).fill(newPassword);
    await field(/^Confirmer le mot de passe/).fill('Nouveau#2028');
    await field(/^Confirmer le mot de passe/).blur();
    await fieldMessage(page, /^Confirmer le mot de passe/)
      .getByText('Mot de passe incorrect.')
      .waitFor();
    await shot('secretary-account');

    await field(/^Confirmer le mot de passe/).fill(newPassword);
    // A new password needs the current one (hardening, issue 16): missing, then wrong, then right.
    await page.getByRole('button', { name: 'Valider' }).click();
    await fieldMessage(page, /^Mot de passe actuel/)
      .getByText('Veuillez saisir votre mot de passe actuel.')
      .waitFor();
    await field(/^Mot de passe actuel/).fill('Pas#Le2Bon');
    await page.getByRole('button', { name: 'Valider' }).click();
    await fieldMessage(page, /^Mot de passe actuel/)
      .getByText('Mot de passe actuel incorrect.')
      .waitFor();
    await field(/^Mot de passe actuel/).fill(demo.secretary.password);
    await avatarInput().setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png(64, [219, 39, 119]) });
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Compte modifié avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await sideMenu().locator('img[src*="/files/"]').waitFor();
    expect((await me('secretary', newPassword)).avatarUrl).toMatch(/\/files\//);

    // Back to the demo password for the other tests.
    const token = await loginToken(app.url, demo.secretary.email, newPassword);
    const reset = await gql(
      app.url,
      'mutation($input: UpdateMyProfileInput!) { updateMyProfile(input: $input) { message } }',
      { input: { password: demo.secretary.password, passwordConfirmation: demo.secretary.password, currentPassword: newPassword } },
      token,
    );
    expect(reset.errors).toBeUndefined();
  });
});

describe('admin account form: profile picture', () => {
  it('attaches a picture to another account, shown again when the form reopens', async () => {
    const helene = await app.services.db.user.findUniqueOrThrow({ where: { email: 'helene.marchand@demo.fr' } });
    page = await signedInPage(browser, 'admin', `/dashboard/seetheaccount/${helene.id}`);
    await screenTitle(page, "Modification d'un compte utilisateur").waitFor();
    await page.getByRole('button', { name: 'Choisir une photo' }).waitFor();
    await avatarInput().setInputFiles({ name: 'helene.png', mimeType: 'image/png', buffer: png(80, [22, 163, 74]) });
    await page.getByTestId('avatar-preview').locator('img[src^="blob:"]').waitFor();
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Compte modifié avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/seetheaccount');
    const stored = await app.services.db.user.findUniqueOrThrow({ where: { id: helene.id } });
    expect(stored.avatarKey).toBeTruthy();

    await page.goto(`/dashboard/seetheaccount/${helene.id}`);
    await page.getByTestId('avatar-preview').locator('img[src*="/files/"]').waitFor();
    // 'Retirer la photo' goes back to the default avatar.
    await page.getByRole('button', { name: 'Retirer la photo' }).click();
    await page.getByRole('button', { name: 'Valider' }).click();
    await toast(page, 'Compte modifié avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard/seetheaccount');
    expect((await app.services.db.user.findUniqueOrThrow({ where: { id: helene.id } })).avatarKey).toBeNull();
  });
});

describe("e-mail preview 'Nouveau Constat' (/dashboard/emailtemplate)", () => {
  it('shows the real e-mail in a sandboxed frame', async () => {
    page = await signedInPage(browser, 'admin', '/dashboard/emailtemplate');
    await screenTitle(page, 'Nouveau Constat').waitFor();
    const frame = page.getByTitle("Aperçu de l'e-mail « Nouveau Constat »");
    await frame.waitFor();
    // No scripts, no access to the app: an empty sandbox.
    expect(await frame.getAttribute('sandbox')).toBe('');
    const mail = page.frameLocator('iframe');
    await mail.locator('p', { hasText: 'Un nouveau constat a été déposé sur l’Extranet Constats.' }).waitFor();
    await mail.getByText('Maître Jeanne Martin').waitFor();
    await page.getByText('Objet :').waitFor();
    await shot('email-template');
  });
});
