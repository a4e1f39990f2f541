// product.md §2 public routes, §5 validation and §8 messages of the recovery, new-password and
// registration forms, through the real server and the built web app in Chromium; and the live
// bell: an admin sees a registration arrive without reloading.
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { launchBrowser, saveScreenshot, type TestBrowser } from '../support/browser.js';
import { useAppInBrowser } from '../support/e2e.js';
import { demo, findLink, gql, readOutbox, waitForMail } from '../support/http.js';
import { fieldMessage, fieldMessages, signIn, signedOutPage, toast } from '../support/pages.js';

let app: TestApp;
let browser: TestBrowser;
let page: Page;
useAppInBrowser((started) => ({ app, browser } = started));

beforeEach(async () => {
  page = await browser.newPage();
  await signedOutPage(page, '/favicon.svg');
});

afterEach(async () => {
  await page.close();
});

/** Counts the GraphQL requests the page sends from now on. */
function countGraphQLRequests(target: Page): () => number {
  let count = 0;
  target.on('request', (request) => {
    if (request.url().endsWith('/graphql')) count += 1;
  });
  return () => count;
}

describe('récupération du mot de passe (/recover/request)', () => {
  it("refuses an invalid address without calling the server, and links back to /login ('Vous avez un compte?')", async () => {
    await page.goto('/recover/request');
    const requests = countGraphQLRequests(page);
    const send = page.getByRole('button', { name: 'Envoyer', exact: true });

    await send.click();
    await fieldMessage(page, /^Adresse e-mail/)
      .getByText('Veuillez entrer une adresse email valide')
      .waitFor();
    await page.getByLabel(/^Adresse e-mail/).fill('jean.dupont@etude');
    await send.click();
    expect(await fieldMessages(page)).toEqual(['Veuillez entrer une adresse email valide']);
    expect(requests()).toBe(0);

    // The message follows what is typed once the form was sent.
    await page.getByLabel(/^Adresse e-mail/).fill('jean.dupont@etude.fr');
    await page.locator('.fui-Field__validationMessage').waitFor({ state: 'detached' });

    expect(await page.getByRole('link', { name: 'Vous avez un compte?' }).getAttribute('href')).toBe('/login');
    await page.getByRole('link', { name: 'Vous avez un compte?' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('sends the e-mail: success toast, then /forgotpassword with its link back to /recover/request', async () => {
    await page.goto('/recover/request');
    await page.getByLabel(/^Adresse e-mail/).fill('loic.gauthier@demo.fr');
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await toast(page, 'Un e-mail vous a été envoyé pour récupérer votre mot de passe.').waitFor();
    await page.waitForURL((url) => url.pathname === '/forgotpassword');
    await page.getByRole('heading', { name: 'Email envoyé avec succès.' }).waitFor();
    const again = page.getByRole('link', {
      name: "Quelques minutes se sont écoulées et le message n'a pas été envoyé ?",
    });
    expect(await again.getAttribute('href')).toBe('/recover/request');
    await saveScreenshot(page, 'forgotpassword');

    // The e-mail leaves after the answer.
    await waitForMail(app.outboxDir, (mail) => (mail.to as { text: string }).text.includes('loic.gauthier@demo.fr'));
  });

  it('announces a failure with the product.md §8 toast', async () => {
    await page.route('**/graphql', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          errors: [{ message: 'Veuillez entrer une adresse email valide', extensions: { code: 'BAD_USER_INPUT' } }],
        }),
      }),
    );
    await page.goto('/recover/request');
    await page.getByLabel(/^Adresse e-mail/).fill('jean.dupont@etude.fr');
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await toast(page, "Une erreur est survenue, veuillez réessayer. Êtes-vous sûr que l'email est correct ?").waitFor();
    expect(new URL(page.url()).pathname).toBe('/recover/request');
  });
});

describe('nouveau mot de passe (/reset-password?token=…)', () => {
  async function resetLink(email: string): Promise<string> {
    const before = new Set((await readOutbox(app.outboxDir)).map((mail) => mail.messageId));
    const result = await gql(app.url, 'mutation($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { message } }', {
      input: { email },
    });
    expect(result.errors).toBeUndefined();
    // The e-mail leaves after the answer.
    const mail = await waitForMail(
      app.outboxDir,
      (sent) => !before.has(sent.messageId) && (sent.to as { text: string }).text.includes(email),
    );
    const link = new URL(findLink(mail, 'reset-password'));
    return `${link.pathname}${link.search}`;
  }

  it('checks the strength rule and the confirmation, then changes the password and leads to /login', async () => {
    const link = await resetLink('helene.marchand@demo.fr');
    await page.goto(link);
    const submit = page.getByRole('button', { name: 'Changer le mot de passe' });
    await submit.waitFor();
    const requests = countGraphQLRequests(page);

    await submit.click();
    await fieldMessage(page, /^Nouveau mot de passe/)
      .getByText('Veuillez saisir votre mot de passe.')
      .waitFor();
    await fieldMessage(page, /^Confirmation du mot de passe/)
      .getByText('Veuillez confirmer le mot de passe.')
      .waitFor();

    await page.getByLabel(/^Nouveau mot de passe/).fill('motdepasse');
    await page.getByLabel(/^Confirmation du mot de passe/).fill('motdepasse');
    await fieldMessage(page, /^Nouveau mot de passe/)
      .getByText('Le mot de passe doit comporter des majuscules, des minuscules, des chiffres et un symbole.')
      .waitFor();

    await page.getByLabel(/^Nouveau mot de passe/).fill('Nouveau#2026');
    await fieldMessage(page, /^Confirmation du mot de passe/)
      .getByText('Le mot de passe doit être le même.')
      .waitFor();
    expect(await fieldMessages(page)).toEqual(['Le mot de passe doit être le même.']);
    await submit.click();
    expect(requests()).toBe(0);
    await saveScreenshot(page, 'reset-password-errors');

    await page.getByLabel(/^Confirmation du mot de passe/).fill('Nouveau#2026');
    await submit.click();
    await toast(page, 'Mot de passe modifié avec succès.').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');

    // The new password opens the account; the link cannot be used twice.
    await page.getByLabel(/^Votre identifiant/).fill('helene.marchand@demo.fr');
    await page.getByRole('textbox', { name: 'Mot de passe' }).fill('Nouveau#2026');
    await page.getByRole('button', { name: 'Connexion', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.getByText('Lien invalide ou expiré').waitFor();
    expect(await page.getByRole('link', { name: 'Refaire une demande' }).getAttribute('href')).toBe('/recover/request');
  });

  it("shows the server's message when the change fails", async () => {
    const link = await resetLink('berangere.fabre@demo.fr');
    await page.goto(link);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).waitFor();
    // The link is used elsewhere meanwhile (another tab): the server refuses this one.
    const token = new URL(link, app.url).searchParams.get('token')!;
    const used = await gql(app.url, 'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { message } }', {
      input: { token, password: 'Ailleurs#2026' },
    });
    expect(used.errors).toBeUndefined();
    await page.getByLabel(/^Nouveau mot de passe/).fill('Nouveau#2026');
    await page.getByLabel(/^Confirmation du mot de passe/).fill('Nouveau#2026');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await toast(page, 'Le lien de réinitialisation est invalide ou a expiré. Veuillez refaire une demande.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/reset-password');
  });

  it.each(['/emailavecsucces/request', '/passwordnew/request', '/creermoncomp'])(
    '%s leads to /reset-password with its token',
    async (path) => {
      await page.goto(`${path}?token=abc123`);
      await page.waitForURL((url) => url.pathname === '/reset-password' && url.search === '?token=abc123');
      // An unknown token is refused before anything is typed.
      await page.getByText('Lien invalide ou expiré').waitFor();
    },
  );
});

describe('inscription (/createaccount)', () => {
  const newcomer = {
    lastName: 'Rochefort',
    firstName: 'Amélie',
    telephone: '0612345678',
    email: 'amelie.rochefort@etude-rochefort.fr',
    address: '8 place Bellecour',
    zip: '69002',
    city: 'Lyon',
    identity: 'amelie.rochefort',
    password: 'Bienvenue#2026',
  };

  async function fill(values: Partial<typeof newcomer> & { confirmation?: string }) {
    const labels: Record<string, RegExp> = {
      lastName: /^Nom/,
      firstName: /^Prénom/,
      telephone: /^Téléphone/,
      email: /^Email/,
      address: /^Adresse/,
      zip: /^Code postal/,
      city: /^Ville/,
      identity: /^Identifiant/,
      password: /^Mot de passe/,
      confirmation: /^Confirmation du mot de passe/,
    };
    for (const [field, value] of Object.entries(values)) await page.getByLabel(labels[field]).fill(value);
  }

  it('shows every field, Monsieur by default, and each §5 message for the right input', async () => {
    await page.goto('/createaccount');
    const civility = page.getByLabel('Civilité');
    expect(await civility.inputValue()).toBe('MONSIEUR');
    expect(await civility.locator('option').allInnerTexts()).toEqual(['Monsieur', 'Madame', 'Maître']);
    await saveScreenshot(page, 'register');
    const requests = countGraphQLRequests(page);
    const submit = page.getByRole('button', { name: 'Créer mon compte' });

    await submit.click();
    const required: [RegExp, string][] = [
      [/^Nom/, 'Veuillez saisir votre nom.'],
      [/^Prénom/, 'Veuillez saisir votre prénom.'],
      [/^Téléphone/, 'Veuillez entrer un numéro de téléphone.'],
      [/^Email/, 'Veuillez saisir votre email.'],
      [/^Adresse/, 'Veuillez saisir votre adresse.'],
      [/^Code postal/, 'Veuillez saisir votre code postal.'],
      [/^Ville/, 'Veuillez saisir votre ville.'],
      [/^Identifiant/, 'Veuillez saisir votre identifiant.'],
      [/^Mot de passe/, 'Veuillez saisir votre mot de passe.'],
      [/^Confirmation du mot de passe/, 'Veuillez saisir la confirmation de votre mot de passe.'],
    ];
    for (const [label, message] of required) expect(await fieldMessage(page, label).innerText()).toBe(message);
    expect(await fieldMessages(page)).toHaveLength(required.length);
    await saveScreenshot(page, 'register-required');

    await fill({
      ...newcomer,
      telephone: '06123',
      email: 'amelie@etude',
      zip: '6900',
      identity: 'a!',
      password: 'bienvenue',
      confirmation: 'autre',
    });
    const formats: [RegExp, string][] = [
      [/^Téléphone/, 'Le numéro de téléphone doit être composé de 10 chiffres.'],
      [/^Email/, 'Veuillez entrer une adresse email valide'],
      [/^Code postal/, 'Le code postal doit comporter 5 chiffres.'],
      [/^Identifiant/, "L'identifiant doit contenir au moins 3 caractères : lettres, chiffres ou points."],
      [/^Mot de passe/, 'Le mot de passe doit comporter des majuscules, des minuscules, des chiffres et un symbole.'],
      [/^Confirmation du mot de passe/, 'Les deux mots de passe que vous avez saisis ne correspondent pas!'],
    ];
    for (const [label, message] of formats) expect(await fieldMessage(page, label).innerText()).toBe(message);
    expect(await fieldMessages(page)).toHaveLength(formats.length);
    await submit.click();
    expect(requests()).toBe(0);
    await saveScreenshot(page, 'register-invalid');
  });

  it('answers a taken address like a free one, and its owner learns it by e-mail', async () => {
    await page.goto('/createaccount');
    await fill({ ...newcomer, email: demo.bailiff.email, confirmation: newcomer.password });
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await toast(
      page,
      "La demande de création de compte a été envoyée à l'administrateur pour validation. Vous serez averti par e-mail lors de sa validation.",
    ).waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    const mail = await waitForMail(
      app.outboxDir,
      (message) =>
        (message.to as { text: string }).text.includes(demo.bailiff.email) &&
        message.subject === 'Demande de création de compte avec votre adresse e-mail',
      30_000,
    );
    expect(new URL(findLink(mail, '/recover/request')).pathname).toBe('/recover/request');
  });

  it('sends the request: success message, then /login; an admin sees it arrive in the bell without reloading', async () => {
    // The administrator works in another browser, signed in, on the dashboard.
    const adminBrowser = await launchBrowser(app.url);
    try {
      const admin = await adminBrowser.newPage();
      await signedOutPage(admin);
      await signIn(admin, 'admin');
      await admin.waitForURL((url) => url.pathname === '/dashboard');
      const bell = admin.getByRole('button', { name: /^Notifications/ });
      await bell.waitFor();
      // Read everything first, so that the red dot can only come from the new request.
      await readEverything(await adminToken());
      await admin.reload();
      await bell.waitFor();
      expect(await bell.getAttribute('data-unread')).toBe('false');
      expect(await admin.getByTestId('bell-dot').count()).toBe(0);
      // Any HTTP call from now on would be polling: the news must come through the socket.
      const adminRequests = countGraphQLRequests(admin);

      await page.goto('/createaccount');
      await fill({ ...newcomer, confirmation: newcomer.password });
      await page.getByLabel('Civilité').selectOption('MAITRE');
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      await toast(
        page,
        "La demande de création de compte a été envoyée à l'administrateur pour validation. Vous serez averti par e-mail lors de sa validation.",
      ).waitFor();
      await page.waitForURL((url) => url.pathname === '/login');

      await admin.getByTestId('bell-dot').waitFor();
      expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 non lue');
      expect(adminRequests()).toBe(0);

      await bell.click();
      const panel = admin.getByRole('dialog', { name: 'Notifications' });
      await panel.getByRole('tab', { name: /Mes notifications/ }).waitFor();
      await panel.getByRole('tab', { name: /Actualités/ }).waitFor();
      const items = panel.getByRole('list', { name: 'Mes notifications' }).getByRole('listitem');
      expect(await items.count()).toBeLessThanOrEqual(6);
      const first = items.first();
      await first.getByText('Demande de création de compte', { exact: true }).waitFor();
      await first.getByText('Maître Amélie Rochefort (amelie.rochefort@etude-rochefort.fr)', { exact: false }).waitFor();
      await saveScreenshot(admin, 'admin-bell-open');

      // The checkbox marks it read: the red dot goes.
      await first.getByRole('checkbox', { name: 'Marquer comme lue' }).click();
      await first.getByRole('checkbox', { name: 'Lue' }).waitFor();
      await admin.getByTestId('bell-dot').waitFor({ state: 'detached' });
      const unread = await gql<{ unreadNotificationCount: number }>(app.url, '{ unreadNotificationCount }', {}, await adminToken());
      expect(unread.data?.unreadNotificationCount).toBe(0);
    } finally {
      await adminBrowser.close();
    }
  });

  /** Marks every notification and news item of the token's user read. */
  async function readEverything(token: string): Promise<void> {
    expect((await gql(app.url, 'mutation { markAllNotificationsRead { count } }', {}, token)).errors).toBeUndefined();
    const news = await gql<{ news: { edges: { node: { id: string; isRead: boolean } }[] } }>(
      app.url,
      '{ news(first: 60) { edges { node { id isRead } } } }',
      {},
      token,
    );
    for (const { node } of news.data!.news.edges.filter((edge) => !edge.node.isRead)) {
      const marked = await gql(
        app.url,
        'mutation($input: MarkNewsReadInput!) { markNewsRead(input: $input) { news { id } } }',
        { input: { id: node.id } },
        token,
      );
      expect(marked.errors).toBeUndefined();
    }
  }

  async function adminToken(): Promise<string> {
    const result = await gql<{ login: { token: string } }>(app.url, 'mutation($input: LoginInput!) { login(input: $input) { token } }', {
      input: demo.admin,
    });
    return result.data!.login.token;
  }
});
