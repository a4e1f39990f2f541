// The statistics screen's « comptes conformes au comptage automatique »: one statement over the
// period's billed constats and their returned files, the rule in rules.ts.
import type { Db } from '../../infra/db.js';
import { detectionAgreement, type Agreement, type AgreementRow } from './rules.js';

/**
 * Each constat's returned files are summed by index (LATERAL), so the cost follows the period's
 * constats, not the history: joined to the whole file table, PostgreSQL chose a sequential scan
 * of every returned file (or a parallel plan) once the history held millions (docs/benchmarks.md,
 * product.md §15). Constats without returned files are left out, as an inner join would.
 */
export async function periodAgreement(db: Db, period: { start: Date; end: Date }): Promise<Agreement> {
  const rows = await db.$queryRaw<AgreementRow[]>`
    SELECT r."countPagesBilling" AS pages, r."countPhotosBilling" AS photos, f.*
      FROM "Report" r
     CROSS JOIN LATERAL (
           SELECT count(*)::int AS "returnedFiles",
                  count(*) FILTER (WHERE "countStatus" IN ('DONE', 'ESTIMATED'))::int AS "countedFiles",
                  coalesce(sum("pageCount"), 0)::int AS "detectedPages",
                  coalesce(sum("photoCount"), 0)::int AS "detectedPhotos"
             FROM "ReportFile"
            WHERE "reportId" = r.id AND kind = 'RETURNED') f
     WHERE r."createdAt" >= ${period.start} AND r."createdAt" < ${period.end} AND r."countPagesBilling" > 0
       AND f."returnedFiles" > 0`;
  return detectionAgreement(rows);
}
