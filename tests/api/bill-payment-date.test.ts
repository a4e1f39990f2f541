// Issue 36: « Payée » records the day the étude paid, through the real server. The day is typed (today
// by default), refused in French when it is not a real day, in the future or before the bill, and two
// marks at once record one payment: a second one with another day is refused, naming the day that holds.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../support/app.js';
import { demo, gql, loginToken } from '../support/http.js';

let app: TestApp;
let admin: string;
let billId: number;

const PAID = `mutation($input: SetGroupBillPaidInput!) { setGroupBillPaid(input: $input) { message bill { isPaid paidAt } } }`;
const DAY = 86_400_000;
/** Issued ten days ago, at noon UTC (the same day in Paris). */
const ISSUED = new Date(Math.floor(Date.now() / DAY) * DAY - 10 * DAY + DAY / 2);

/** The Paris day of an instant, 'YYYY-MM-DD', computed here with Intl rather than with the app's helpers. */
const parisDay = (instant: Date | number) => new Date(instant).toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });
/** 'DD/MM/YYYY HH:mm' in Paris. */
const parisClock = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' });
const french = (day: string) => day.split('-').reverse().join('/');

const mark = (input: { isPaid: boolean; paidAt?: string | null }) =>
  gql(app.url, PAID, { input: { billId: encodeGlobalID('GroupBill', billId), ...input } }, admin);

const stored = () => app.services.db.groupBill.findUniqueOrThrow({ where: { id: billId }, select: { isPaid: true, paidAt: true } });
const paidAudits = () =>
  app.services.db.auditLog.count({ where: { action: 'billing.paid', entity: 'GroupBill', entityId: String(billId) } });

beforeAll(async () => {
  app = await startTestApp();
  admin = await loginToken(app.url, demo.admin.email, demo.admin.password);
  const bill = await app.services.db.groupBill.findFirstOrThrow({ orderBy: { id: 'asc' } });
  billId = bill.id;
  await app.services.db.groupBill.update({ where: { id: billId }, data: { createdAt: ISSUED, isPaid: false, paidAt: null } });
});

afterAll(async () => {
  await app?.stop();
});

beforeEach(async () => {
  await app.services.db.groupBill.update({ where: { id: billId }, data: { isPaid: false, paidAt: null } });
});

describe('the payment date of a bill', () => {
  it('records the day typed, at midnight in Paris, and shows it back', async () => {
    const day = parisDay(Date.now() - 3 * DAY);
    const result = await mark({ isPaid: true, paidAt: day });
    expect(result.errors).toBeUndefined();
    expect(result.data!.setGroupBillPaid).toEqual({
      message: 'Facture marquée comme payée.',
      bill: { isPaid: true, paidAt: expect.any(String) },
    });
    expect(parisClock(result.data!.setGroupBillPaid.bill.paidAt)).toBe(`${french(day)} 00:00`);
    expect((await stored()).paidAt!.toISOString()).toBe(result.data!.setGroupBillPaid.bill.paidAt);
  });

  it('takes the French form of the day, and the bill’s own day', async () => {
    const day = parisDay(ISSUED);
    const result = await mark({ isPaid: true, paidAt: french(day) });
    expect(result.errors).toBeUndefined();
    expect(parisClock(result.data!.setGroupBillPaid.bill.paidAt)).toBe(`${french(day)} 00:00`);
  });

  it('is today when no day is given', async () => {
    const result = await mark({ isPaid: true });
    expect(result.errors).toBeUndefined();
    expect(parisClock(result.data!.setGroupBillPaid.bill.paidAt)).toBe(`${french(parisDay(Date.now()))} 00:00`);
  });

  it('unticking forgets the day', async () => {
    await mark({ isPaid: true });
    const result = await mark({ isPaid: false });
    expect(result.data!.setGroupBillPaid.bill).toEqual({ isPaid: false, paidAt: null });
    expect(await stored()).toEqual({ isPaid: false, paidAt: null });
  });

  it.each([
    ['a day in the future', () => parisDay(Date.now() + 2 * DAY), () => 'La date de paiement ne peut pas être dans le futur.'],
    [
      'a day before the bill',
      () => parisDay(ISSUED.getTime() - DAY),
      () => `La date de paiement ne peut pas précéder la facture, émise le ${french(parisDay(ISSUED))}.`,
    ],
    [
      'a day that does not exist',
      () => '2026-02-30',
      () => 'Date de paiement invalide : indiquez un jour réel (AAAA-MM-JJ ou JJ/MM/AAAA).',
    ],
    [
      'a date and time',
      () => new Date().toISOString(),
      () => 'Date de paiement invalide : indiquez un jour réel (AAAA-MM-JJ ou JJ/MM/AAAA).',
    ],
    ['an empty text', () => '', () => 'Date de paiement invalide : indiquez un jour réel (AAAA-MM-JJ ou JJ/MM/AAAA).'],
    [
      'an oversized text',
      () => '2026-11-01'.repeat(10_000),
      () => 'Date de paiement invalide : indiquez un jour réel (AAAA-MM-JJ ou JJ/MM/AAAA).',
    ],
  ])('refuses %s in French and records nothing', async (_case, day, message) => {
    const result = await mark({ isPaid: true, paidAt: day() });
    expect(result.data?.setGroupBillPaid ?? null).toBeNull();
    expect(result.errors![0]).toMatchObject({ message: message(), extensions: { code: 'BAD_USER_INPUT', fields: { paidAt: message() } } });
    expect(await stored()).toEqual({ isPaid: false, paidAt: null });
  });

  it('refuses a day with « non payée »', async () => {
    const result = await mark({ isPaid: false, paidAt: parisDay(Date.now()) });
    expect(result.errors![0]).toMatchObject({
      message: 'Une date de paiement ne s’indique que pour une facture marquée payée.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('of two marks at once with different days, one is recorded and the other is refused naming it', async () => {
    const audits = await paidAudits();
    const days = [parisDay(Date.now() - DAY), parisDay(Date.now() - 2 * DAY)];
    const results = await Promise.all(days.map((day) => mark({ isPaid: true, paidAt: day })));
    const won = results.findIndex((result) => result.errors === undefined);
    expect(won).toBeGreaterThanOrEqual(0);
    const lost = results[1 - won];
    expect(lost.errors![0]).toMatchObject({
      message: `Cette facture est déjà marquée payée le ${french(days[won])}. Décochez « Payée » avant d’indiquer une autre date.`,
      extensions: { code: 'CONFLICT' },
    });
    expect(parisDay((await stored()).paidAt!)).toBe(days[won]);
    expect(await paidAudits()).toBe(audits + 1);
  });

  it('two marks at once with the same day both succeed and record one payment', async () => {
    const audits = await paidAudits();
    const day = parisDay(Date.now() - DAY);
    const results = await Promise.all([1, 2].map(() => mark({ isPaid: true, paidAt: day })));
    expect(results.map((result) => result.errors)).toEqual([undefined, undefined]);
    expect(results.map((result) => parisClock(result.data!.setGroupBillPaid.bill.paidAt))).toEqual([
      `${french(day)} 00:00`,
      `${french(day)} 00:00`,
    ]);
    expect(await paidAudits()).toBe(audits + 1);
  });
});
