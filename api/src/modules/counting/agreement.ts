// The statistics screen's « comptes conformes au comptage automatique »: one statement over the
// period's billed constats and their returned files, the rule in rules.ts.
import type { Db } from '../../infra/db.js';
import { detectionAgreement, type Agreement, type AgreementRow } from './rules.js';

export async function periodAgreement(db: Db, period: { start: Date; end: Date }): Promise<Agreement> {
  const rows = await db.$queryRaw<AgreementRow[]>`
    SELECT r."countPagesBilling" AS pages, r."countPhotosBilling" AS photos,
           count(f.id)::int AS "returnedFiles",
           count(f.id) FILTER (WHERE f."countStatus" IN ('DONE', 'ESTIMATED'))::int AS "countedFiles",
           coalesce(sum(f."pageCount"), 0)::int AS "detectedPages",
           coalesce(sum(f."photoCount"), 0)::int AS "detectedPhotos"
      FROM "Report" r
      JOIN "ReportFile" f ON f."reportId" = r.id AND f.kind = 'RETURNED'
     WHERE r."createdAt" >= ${period.start} AND r."createdAt" < ${period.end} AND r."countPagesBilling" > 0
     GROUP BY r.id`;
  return detectionAgreement(rows);
}
