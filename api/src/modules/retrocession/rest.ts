// /api/v1/billing/*secretar* calls (product.md §7): the rétrocession of secretaries — the reports of a
// period (`bills`) and the monthly invoices they upload (`bills_secretaries`, `bills_secretary`).
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { Services } from '../../context.js';
import { bool, collectConnection, legacyFailure, positiveInt, withMultipart } from '../../http/legacy.js';
import { graphql, type ResultOf } from '../../http/graphql-documents.js';
import { json, readFields } from '../../http/request.js';
import type { GraphQLOutcome, RestContext, Route } from '../../http/rest.js';
import { parisYearMonth } from '../../lib/periods.js';
import { LEGACY_REPORT, legacyReport, type LegacyReportResult } from '../reports/rest-shape.js';

const PERIOD_TOTALS = graphql(`
  fragment LegacyPeriodTotals on PeriodTotals {
    reports
    pages
    textPages
    photos
    amountHT
  }
`);

const SECRETARY_BILL = graphql(
  `
    fragment LegacySecretaryBill on SecretaryBill {
      databaseId
      number
      year
      month
      monthLabel
      discount
      pricePage
      pricePhoto
      createdAt
      secretary {
        databaseId
        firstName
        lastName
      }
      file {
        name
        size
        url
        downloadUrl
      }
      figures {
        ...LegacyPeriodTotals
      }
    }
  `,
  [PERIOD_TOTALS],
);

type SecretaryBill = ResultOf<typeof SECRETARY_BILL>;

const PERIOD_SUMMARY = graphql(
  `
    query LegacyRetrocessionTotals($filter: RetrocessionFilter!) {
      retrocession(filter: $filter) {
        totals {
          ...LegacyPeriodTotals
        }
      }
    }
  `,
  [PERIOD_TOTALS],
);

const PERIOD_REPORTS = graphql(
  `
    query LegacyRetrocessionReports($filter: RetrocessionFilter!, $first: Int, $after: String) {
      retrocession(filter: $filter) {
        reports(first: $first, after: $after) {
          edges {
            node {
              ...LegacyReport
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }
  `,
  [LEGACY_REPORT],
);

const PERIOD_BILLS = graphql(
  `
    query LegacyRetrocessionBills($filter: RetrocessionFilter!, $first: Int, $after: String) {
      retrocession(filter: $filter) {
        bills(first: $first, after: $after) {
          edges {
            node {
              ...LegacySecretaryBill
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }
  `,
  [SECRETARY_BILL],
);

const SECRETARY_BILLS = graphql(
  `
    query LegacySecretaryBills($filter: SecretaryBillFilter, $first: Int, $after: String) {
      secretaryBills(filter: $filter, first: $first, after: $after) {
        edges {
          node {
            ...LegacySecretaryBill
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [SECRETARY_BILL],
);

const UPLOAD_SECRETARY_BILL = graphql(
  `
    mutation LegacyUploadSecretaryBill($input: UploadSecretaryBillInput!) {
      uploadSecretaryBill(input: $input) {
        message
        bill {
          ...LegacySecretaryBill
        }
      }
    }
  `,
  [SECRETARY_BILL],
);

const REMOVE_SECRETARY_BILL = graphql(`
  mutation LegacyRemoveSecretaryBill($input: RemoveSecretaryBillInput!) {
    removeSecretaryBill(input: $input) {
      message
    }
  }
`);

/** product.md §3 "Secretary bill", with what the « Factures » columns show. */
function legacySecretaryBill(bill: SecretaryBill) {
  return {
    id: bill.databaseId,
    number: bill.number,
    secretary_id: bill.secretary.databaseId,
    user_id: bill.secretary.databaseId,
    secretary: { id: bill.secretary.databaseId, first_name: bill.secretary.firstName, last_name: bill.secretary.lastName },
    year: bill.year,
    month: bill.month,
    month_label: bill.monthLabel,
    secretary_price_page: bill.pricePage,
    secretary_price_photo: bill.pricePhoto,
    discount: bill.discount,
    reports_count: bill.figures.reports,
    count_pages: bill.figures.pages,
    count_text_pages: bill.figures.textPages,
    count_photos: bill.figures.photos,
    amount_without_taxes: bill.figures.amountHT,
    files: [{ originalname: bill.file.name, linkUrl: bill.file.url, file_url: bill.file.downloadUrl, size: bill.file.size }],
    createdAt: bill.createdAt,
  };
}

/**
 * product.md §3: a secretary bill carries its `reports` — its secretary's constats created in its Paris
 * month, the ones its figures count — taken from the period's constats already read for the list.
 */
function billsWithReports(bills: SecretaryBill[], reports: LegacyReportResult[]) {
  const key = (secretaryId: number, period: { year: number; month: number }) => `${secretaryId}:${period.year}-${period.month}`;
  const bySecretaryMonth = new Map<string, ReturnType<typeof legacyReport>[]>();
  for (const report of reports) {
    if (!report.secretary) continue;
    const found = key(report.secretary.databaseId, parisYearMonth(new Date(report.createdAt)));
    bySecretaryMonth.set(found, [...(bySecretaryMonth.get(found) ?? []), legacyReport(report)]);
  }
  return bills.map((bill) => ({ ...legacySecretaryBill(bill), reports: bySecretaryMonth.get(key(bill.secretary.databaseId, bill)) ?? [] }));
}

const legacyTotals = (totals: ResultOf<typeof PERIOD_TOTALS>) => ({
  total_reports: totals.reports,
  total_pages: totals.pages,
  total_text_pages: totals.textPages,
  total_photos: totals.photos,
  total_amount_without_taxes: totals.amountHT,
});

/** The period of the query string; the current Paris year when none is given. */
function periodFrom(url: URL) {
  const params = url.searchParams;
  // Given values go to the API as they are (month 0 or 13 is refused, not read as the whole year);
  // -1 is the legacy client's « toute l'année ».
  const given = (name: string) => (params.get(name) && params.get(name) !== '-1' ? Number(params.get(name)) : null);
  return {
    year: given('year') ?? parisYearMonth(new Date()).year,
    month: given('month'),
    secretaryId: positiveInt(params.get('secretary_id')) ? encodeGlobalID('User', Number(params.get('secretary_id'))) : null,
  };
}

async function periodReports(ctx: RestContext, filter: ReturnType<typeof periodFrom>): Promise<GraphQLOutcome<LegacyReportResult[]>> {
  return collectConnection(ctx, PERIOD_REPORTS, { filter }, (data) => data.retrocession.reports);
}

/** The period's uploaded invoices, page after page (a year holds twelve a secretary). */
async function periodBills(ctx: RestContext, filter: ReturnType<typeof periodFrom>): Promise<GraphQLOutcome<SecretaryBill[]>> {
  return collectConnection(ctx, PERIOD_BILLS, { filter }, (data) => data.retrocession.bills, { maxItems: Number.POSITIVE_INFINITY });
}

/** `bills`: the period's reports (legacy report JSON); `bills_secretar…`: the uploaded invoices. */
async function listBills(ctx: RestContext, key: 'bills_secretaries' | 'bills_secretary'): Promise<Response> {
  const filter = periodFrom(ctx.url);
  const summary = await ctx.graphql(PERIOD_SUMMARY, { filter });
  if (!summary.ok) return legacyFailure(summary.error);
  const bills = await periodBills(ctx, filter);
  if (!bills.ok) return legacyFailure(bills.error);
  const reports = await periodReports(ctx, filter);
  if (!reports.ok) return legacyFailure(reports.error);
  return json({
    bills: reports.data.map(legacyReport),
    [key]: billsWithReports(bills.data, reports.data),
    totals: legacyTotals(summary.data.retrocession.totals),
  });
}

/** « MES FACTURES » of a secretary: her invoices of a year (all months unless one is given). */
async function listSecretary(ctx: RestContext): Promise<Response> {
  const onlyBills = bool(ctx.url.searchParams.get('only_bills_secretary') ?? undefined) ?? false;
  if (!onlyBills) return listBills(ctx, 'bills_secretary');
  const filter = periodFrom(ctx.url);
  const result = await collectConnection(ctx, SECRETARY_BILLS, { filter }, (data) => data.secretaryBills);
  if (!result.ok) return legacyFailure(result.error);
  const reports = await periodReports(ctx, filter);
  if (!reports.ok) return legacyFailure(reports.error);
  return json({ bills: [], bills_secretary: billsWithReports(result.data, reports.data) });
}

async function upload(ctx: RestContext, services: Services): Promise<Response> {
  return withMultipart(
    ctx,
    services,
    async (form) => {
      // The invoice is always the caller's own: `secretary_id` is not needed (docs/decisions.md).
      const files = form.files.bill ?? [];
      // Exactly one file: the API would refuse any other count as an invalid value, without a word
      // the legacy form could show.
      if (files.length !== 1) {
        const message = files.length === 0 ? 'Veuillez choisir un fichier Word ou PDF.' : 'Une seule facture par envoi.';
        return json({ code: 400, message, errors: { bill: message } }, 400);
      }
      const result = await ctx.graphql(UPLOAD_SECRETARY_BILL, {
        input: { file: files[0], year: positiveInt(form.fields.year) ?? 0, month: positiveInt(form.fields.month) ?? 0 },
      });
      if (!result.ok) return legacyFailure(result.error);
      return json(
        { message: result.data.uploadSecretaryBill.message, bill: legacySecretaryBill(result.data.uploadSecretaryBill.bill) },
        201,
      );
    },
    ['SECRETARY'],
  );
}

async function remove(ctx: RestContext): Promise<Response> {
  const body = await readFields(ctx.request);
  const result = await ctx.graphql(REMOVE_SECRETARY_BILL, {
    input: { billId: encodeGlobalID('SecretaryBill', positiveInt(body.bill_id) ?? 0) },
  });
  if (!result.ok) return legacyFailure(result.error);
  return json({ message: result.data.removeSecretaryBill.message });
}

export const retrocessionRoutes = (services: Services): Route[] => [
  { method: 'GET', path: '/api/v1/billing/get_all_secretaries', handler: (ctx) => listBills(ctx, 'bills_secretaries') },
  { method: 'GET', path: '/api/v1/billing/get_all_secretary', handler: listSecretary },
  { method: 'POST', path: '/api/v1/billing/create_secretary', handler: (ctx) => upload(ctx, services) },
  { method: 'POST', path: '/api/v1/billing/remove_secretary', handler: remove },
];
