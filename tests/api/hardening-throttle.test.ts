// Issue 16, class 6 (and the throttling half of class 7): login, password reset and registration
// are throttled on shared counters consumed before the work they guard. The server trusts
// X-Forwarded-For here, so each test speaks from its own addresses.
import { mailQueueDrained, startTestApp, type TestApp } from '../support/app.js';
import type { ParsedMail } from 'mailparser';
import { demo, readOutbox, waitForMails } from '../support/http.js';
import { THROTTLE } from '../../api/src/modules/auth/rules.js';
import { waitFor } from '../support/wait.js';

const THROTTLED = 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await app?.stop();
});

/** A REST call from the given client address: its status and JSON body. */
async function post(route: string, address: string, body: Record<string, string>): Promise<{ status: number; body: any }> {
  const response = await fetch(`${app.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const login = (address: string, email: string, password: string) => post('/api/v1/auth/login', address, { email, password });

/** Runs `count` calls, `parallel` at a time. */
async function batches<T>(count: number, parallel: number, call: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += parallel) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(parallel, count - start) }, (_, i) => call(start + i)))));
  }
  return results;
}

/** A seeded account (not a demo one) given the demo admin's password, so a test owns its counters. */
async function spareAccount(role: 'BAILIFF' | 'SECRETARY'): Promise<{ email: string; password: string }> {
  const db = app.services.db;
  const { passwordHash } = await db.user.findUniqueOrThrow({ where: { email: demo.admin.email } });
  const user = await db.user.findFirstOrThrow({
    where: { role, status: 'ACTIVE', email: { notIn: [demo.bailiff.email, demo.secretary.email] }, NOT: { passwordHash } },
  });
  await db.user.update({ where: { id: user.id }, data: { passwordHash } });
  return { email: user.email, password: demo.admin.password };
}

const statuses = (results: { status: number }[]) => results.map((result) => result.status);
const count = (list: number[], status: number) => list.filter((value) => value === status).length;

describe('login throttling', () => {
  it('30 concurrent wrong passwords for one account: at most 10 are checked, the others get 429', async () => {
    const results = statuses(await Promise.all(Array.from({ length: 30 }, () => login('10.0.1.1', demo.secretary.email, 'Mauvais#0000'))));
    expect(count(results, 401)).toBeLessThanOrEqual(10);
    expect(count(results, 429)).toBeGreaterThanOrEqual(20);
    expect(count(results, 401) + count(results, 429)).toBe(30);
    // The account waits, even with its right password and from another address.
    const locked = await login('10.0.1.2', demo.secretary.email, demo.secretary.password);
    expect(locked).toEqual({ status: 429, body: { code: 429, message: THROTTLED } });
  });

  it('failures by e-mail and by identifier count on the same account', async () => {
    for (let i = 0; i < 5; i++) expect((await login('10.0.2.1', 'huissier@demo.fr', `Mauvais#${i}`)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login('10.0.2.2', 'HUISSIER', `Mauvais#${i}`)).status).toBe(401);
    expect((await login('10.0.2.3', 'huissier', demo.bailiff.password)).status).toBe(429);
  });

  it('a right password clears the account’s failures', async () => {
    const account = await spareAccount('SECRETARY');
    for (let i = 0; i < 9; i++) expect((await login('10.0.3.1', account.email, 'Mauvais#0000')).status).toBe(401);
    expect((await login('10.0.3.1', account.email, account.password)).status).toBe(200);
    // Failures 10 and 11 since the first: still checked, since the success started the count again.
    for (let i = 0; i < 2; i++) expect((await login('10.0.3.1', account.email, 'Mauvais#0000')).status).toBe(401);
    expect((await login('10.0.3.1', account.email, account.password)).status).toBe(200);
  });

  it('100 failures from one address on random accounts stop that address, yet not the accounts already signed in from it', async () => {
    const office = '10.0.4.1';
    expect((await login(office, demo.admin.email, demo.admin.password)).status).toBe(200);
    // 90 failures recorded straight in the shared counter (each real one costs an argon2 check),
    // then the last 10 through the server.
    await app.services.rateLimits.limiter('loginAddress', THROTTLE.loginAddress).penalty(office, 90);
    const failures = statuses(await batches(10, 5, (i) => login(office, `inconnu${i}@etude.fr`, 'Mauvais#0000')));
    expect(failures).toEqual(Array(10).fill(401));

    // The attacker's next guesses are refused without being checked...
    expect((await login(office, 'encore.un@etude.fr', 'Mauvais#0000')).status).toBe(429);
    const elsewhere = await spareAccount('BAILIFF');
    expect((await login(office, elsewhere.email, elsewhere.password)).status).toBe(429);
    // ...while the admin, who works from that address, still signs in, and the other one does from elsewhere.
    const admin = await login(office, demo.admin.email, demo.admin.password);
    expect(admin.status).toBe(200);
    expect(admin.body.tokens.access.token).toBeTruthy();
    expect((await login('10.0.4.2', elsewhere.email, elsewhere.password)).status).toBe(200);
  });

  it('an anonymous caller spending the admin’s failures cannot lock him out of an address he signed in from', async () => {
    const [attacker, office, unknown] = ['10.0.9.1', '10.0.9.2', '10.0.9.3'];
    expect((await login(office, demo.admin.email, demo.admin.password)).status).toBe(200);

    const guesses = statuses(await batches(12, 1, () => login(attacker, demo.admin.email, 'Mauvais#0000')));
    expect(guesses).toEqual([...Array(10).fill(401), 429, 429]);
    // From an address the admin never signed in from, even his right password waits...
    expect(await login(unknown, demo.admin.email, demo.admin.password)).toEqual({ status: 429, body: { code: 429, message: THROTTLED } });
    // ...while from his office's it goes through.
    const signedIn = await login(office, demo.admin.email, demo.admin.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.tokens.access.token).toBeTruthy();
    // His success gives the attacker no new tries, and the office's own failures are counted too.
    expect((await login(attacker, demo.admin.email, 'Mauvais#0000')).status).toBe(429);
    const officeGuesses = statuses(await batches(11, 1, () => login(office, demo.admin.email, 'Mauvais#0000')));
    expect(officeGuesses).toEqual([...Array(10).fill(401), 429]);
    expect((await login(office, demo.admin.email, demo.admin.password)).status).toBe(429);

    // The admin's counters are cleared for the tests after this one.
    await app.services.db.rateLimit.deleteMany({ where: { key: { contains: 'user:' } } });
  });
});

describe('password reset and registration throttling', () => {
  it('forgot-password: 10 requests an hour per address, then 429 for any address asked', async () => {
    const results = statuses(
      await batches(12, 4, (i) => post('/api/v1/auth/forgot-password', '10.0.5.1', { email: `personne${i}@etude.fr` })),
    );
    expect(count(results, 200)).toBe(10);
    expect(count(results, 429)).toBe(2);
    expect((await post('/api/v1/auth/forgot-password', '10.0.5.2', { email: 'personne@etude.fr' })).status).toBe(200);
  });

  it('forgot-password: at most 3 e-mails an hour to one address, whatever the callers’ addresses', async () => {
    const email = 'secretaire@demo.fr';
    const results = statuses(await batches(6, 3, (i) => post('/api/v1/auth/forgot-password', `10.0.6.${i + 1}`, { email })));
    expect(results).toEqual(Array(6).fill(200));
    // The e-mails leave after the answers (a loaded machine takes seconds). Every send has been
    // counted once the address's counter, in the database, stands at 6: wait for that and for the
    // three allowed e-mails.
    const toThem = (mail: ParsedMail) => (mail.to as any).text.includes(email);
    const counted = async () => (await app.services.db.rateLimit.findUnique({ where: { key: `resetEmail:${email}` } }))?.points ?? 0;
    await waitFor(async () => (await counted()) >= 6, { what: 'the six sends counted' });
    expect(await counted()).toBe(6);
    await waitForMails(app.outboxDir, toThem, 3);
    // A reset asked afterwards for another account goes the same way (counter, token, e-mail): once
    // its e-mail is out, a fourth send let past the counter would have been mailed too.
    const later = demo.bailiff.email;
    expect((await post('/api/v1/auth/forgot-password', '10.0.6.50', { email: later })).status).toBe(200);
    await waitForMails(app.outboxDir, (mail) => (mail.to as any).text.includes(later), 1);
    expect((await readOutbox(app.outboxDir)).filter(toThem)).toHaveLength(3);
  });

  it('20 registrations from one address: 10 reach the admins, the rest get 429 and no e-mail', async () => {
    const form = (i: number) => ({
      civility: 'Monsieur',
      first_name: 'Jean',
      last_name: `Flot${i}`,
      telephone: '0612345678',
      address: '1 rue Basse',
      zip: '75001',
      city: 'Paris',
      identity: `flot${i}`,
      email: `flot${i}@etude.fr`,
      password: 'Constat#2026',
    });
    const results = statuses(await batches(20, 4, (i) => post('/api/v1/auth/register', '10.0.7.1', form(i))));
    expect(count(results, 201)).toBe(10);
    expect(count(results, 429)).toBe(10);
    await mailQueueDrained(app);
    const requests = (await readOutbox(app.outboxDir)).filter((mail) => /flot\d+@etude\.fr/.test(mail.text ?? ''));
    expect(requests).toHaveLength(10);
    expect(await app.services.db.user.count({ where: { email: { startsWith: 'flot' } } })).toBe(10);
  });

  it('registration: 3 requests a day for one e-mail address', async () => {
    const form = {
      civility: 'Madame',
      first_name: 'Anne',
      last_name: 'Répète',
      telephone: '0612345678',
      address: '2 rue Haute',
      zip: '69001',
      city: 'Lyon',
      password: 'Constat#2026',
    };
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push(
        (await post('/api/v1/auth/register', `10.0.8.${i + 1}`, { ...form, identity: `repete${i}`, email: 'repete@etude.fr' })).status,
      );
    }
    // The first creates the account; the next two answer alike (the address's owner is told by
    // e-mail), and still count: the fourth is throttled.
    expect(results).toEqual([201, 201, 201, 429]);
  });
});
