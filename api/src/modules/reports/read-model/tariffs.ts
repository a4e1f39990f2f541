// The effective tariffs of a constat, in SQL: those captured on it (set when its counts were fixed
// or it was billed), else those in force — the bailiff's étude's for billing, the assigned
// secretary's for rétrocession. The ONE statement of that fallback: the Report rows, the header
// cards, rétrocession totals, statistics and reportAggregates all read these expressions, and the
// amounts come from the SQL functions report_billing_cents / report_retrocession_cents (migration
// report_month_summary, whose rollup restates the same coalesce in its own trigger SQL).
//
// Every expression reads the "Report" row `r`, the bailiff's "Group" `g` and the secretary's
// "User" `s` joined as TARIFF_JOINS does.
import { Prisma } from '../../../generated/prisma/client.js';

/**
 * The joins the expressions below read: `b` the bailiff, `g` his étude, `s` the secretary. The
 * bailiff always exists (a constat's "bailiffId" is a required foreign key, and the rollup is
 * rebuilt when a user is removed), so his join is LEFT only to let PostgreSQL drop it from a
 * statement that reads none of his columns: reportAggregates by month over the rollup, 35 % less
 * PostgreSQL time at 100,000 constats (docs/benchmarks.md). A condition on b in a WHERE makes it
 * an inner join again, as before.
 */
export const TARIFF_JOINS = Prisma.sql`LEFT JOIN "User" b ON b.id = r."bailiffId"
    LEFT JOIN "Group" g ON g.id = b."groupId"
    LEFT JOIN "User" s ON s.id = r."secretaryId"`;

export const billingPricePage = Prisma.sql`coalesce(r."groupPricePage", g."pricePage")`;
export const billingPricePhoto = Prisma.sql`coalesce(r."groupPricePhoto", g."pricePhoto")`;
export const retrocessionPricePage = Prisma.sql`coalesce(r."secretaryPricePage", s."secretaryPricePage")`;
export const retrocessionPricePhoto = Prisma.sql`coalesce(r."secretaryPricePhoto", s."secretaryPricePhoto")`;

/** product.md §9 billing amount HT of the constat in cents (billing counts × effective étude tariffs). */
export const billingCents = Prisma.sql`report_billing_cents(r."countPagesBilling", r."countPhotosBilling", ${billingPricePage}, ${billingPricePhoto})`;

/** product.md §9 rétrocession amount HT of the constat in cents (rétrocession counts × effective secretary tariffs). */
export const retrocessionCents = Prisma.sql`report_retrocession_cents(r."countPagesRetrocession", r."countPhotosRetrocession", ${retrocessionPricePage}, ${retrocessionPricePhoto})`;
