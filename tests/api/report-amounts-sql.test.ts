// The read model sums amounts in SQL (report_billing_cents / report_retrocession_cents, migration
// report_month_summary; read-model/tariffs.ts): these functions must give, constat by constat, what
// the one TypeScript amounts helper (packages/domain/src/line-amounts.ts) gives for the same counts and tariffs.
import { reportBillingAmounts, reportRetrocessionAmounts } from '@constats/domain/line-amounts';
import { startTestApp, type TestApp } from '../support/app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.stop();
});

// Odd and even photo counts, more photos than pages, tariffs with a third decimal (DECIMAL(8,3)) that
// round half up, none at all (no étude, no secretary).
const PAGES = [0, 1, 2, 3, 7, 10, 25];
const PHOTOS = [0, 1, 2, 3, 5, 9, 60];
const PRICES: [string | null, string | null][] = [
  [null, null],
  ['0', '0'],
  ['1.255', '0.335'],
  ['0.805', '0.125'],
  ['0.005', '0.015'],
  ['2.5', null],
  ['99999.999', '12.345'],
];
const cases = PAGES.flatMap((pages) => PHOTOS.flatMap((photos) => PRICES.map(([page, photo]) => ({ pages, photos, page, photo }))));

describe('the SQL amounts equal the TypeScript amounts helper', () => {
  it('report_billing_cents and report_retrocession_cents, for every count and tariff of the grid', async () => {
    const rows = await app.services.db.$queryRaw<{ billing: bigint; retrocession: bigint }[]>`
      SELECT report_billing_cents(c.pages, c.photos, c.page, c.photo) AS billing,
             report_retrocession_cents(c.pages, c.photos, c.page, c.photo) AS retrocession
        FROM unnest(${cases.map((c) => c.pages)}::int4[], ${cases.map((c) => c.photos)}::int4[],
                    ${cases.map((c) => c.page)}::numeric[], ${cases.map((c) => c.photo)}::numeric[]) WITH ORDINALITY
             AS c(pages, photos, page, photo, position)
       ORDER BY c.position`;
    expect(rows).toHaveLength(cases.length);
    const cents = (amount: { total: { times(n: number): { toFixed(): string } } }) => amount.total.times(100).toFixed();
    const expected = cases.map(({ pages, photos, page, photo }) => ({
      billing: cents(
        reportBillingAmounts({ countPagesBilling: pages, countPhotosBilling: photos, billingPricePage: page, billingPricePhoto: photo }),
      ),
      retrocession: cents(
        reportRetrocessionAmounts({
          countPagesRetrocession: pages,
          countPhotosRetrocession: photos,
          retrocessionPricePage: page,
          retrocessionPricePhoto: photo,
        }),
      ),
    }));
    expect(rows.map((row) => ({ billing: String(row.billing), retrocession: String(row.retrocession) }))).toEqual(expected);
  });
});
