// The history of the large datasets (`--reports=1000000`, docs/benchmarks.md): the constats older
// than the five recent years, at the same monthly pace, written by set-based SQL (INSERT … SELECT
// FROM generate_series) in seconds where the recent years' row-by-row plan would take minutes.
// Everything here is over and done, as in a real office a month later: terminated or archived,
// counted, invoiced with the tariffs captured, files deposited and returned, comments read by
// everyone concerned. Ids 1 … N, before the recent years' (ids follow time as an autoincrement).
import type pg from 'pg';

/** People of the dataset (dataset.ts numbers them in this order). */
export interface HistoryPeople {
  admins: number[];
  /** Bailiff ids in order; bailiff i belongs to group floor(i / bailiffsPerGroup) + 1. */
  bailiffs: { id: number; groupId: number }[];
  secretaries: number[];
}

export interface HistoryOptions {
  reports: number;
  /** The recent years' first instant: the history ends there. */
  end: Date;
  /** The history's length, so that its monthly volume is the recent years'. */
  spanMs: number;
  kinds: readonly string[];
  streets: readonly string[];
  cities: readonly string[];
  comments: readonly string[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A few uniform draws per row from the session's seeded random() (setseed: the same history on
 * every build; INSERT … SELECT never runs in parallel, so the order of draws is fixed).
 */
export async function insertHistory(client: pg.Client, people: HistoryPeople, options: HistoryOptions): Promise<void> {
  await client.query('SELECT setseed(0.2026)');
  const start = options.end.getTime() - options.spanMs;
  // Reports: day by id (ids follow time), office hours; 90 % archived, 10 % terminated, all invoiced.
  await client.query(
    `INSERT INTO "Report" (id, name, "bailiffId", "secretaryId", status, "isArchived", invoiced,
       "countPagesProvisional", "countPhotosProvisional", "countPagesRetrocession", "countPhotosRetrocession",
       "countPagesBilling", "countPhotosBilling", "groupPricePage", "groupPricePhoto", "secretaryPricePage", "secretaryPricePhoto",
       "lastStatusChange", "returnedAt", "createdAt", "updatedAt")
     SELECT x.g, ($4::text[])[1 + floor(x.r1 * array_length($4::text[], 1))::int] || ' — ' || (1 + floor(x.r2 * 180))::int || ' '
              || ($5::text[])[1 + floor(x.r3 * array_length($5::text[], 1))::int] || ', ' || ($6::text[])[b."groupId"],
            b.id, s.id, x.status, x.status = 'AR', true,
            x.pages, x.photos, x.pages, x.photos, x.pages + floor(x.r6 * 3)::int, x.photos,
            g."pricePage", g."pricePhoto", s."secretaryPricePage", s."secretaryPricePhoto",
            CASE WHEN x.status = 'TE' THEN x.returned ELSE greatest(x.returned, x.created + (7 + x.r7 * 53) * interval '1 day') END,
            x.returned, x.created,
            CASE WHEN x.status = 'TE' THEN x.returned ELSE greatest(x.returned, x.created + (7 + x.r7 * 53) * interval '1 day') END
       FROM (SELECT g, r1, r2, r3, r6, r7, bailiff, secretary, status, pages, photos, created,
                    created + (20 + r5 * 40) * interval '1 hour' AS returned
               FROM (SELECT g, random() AS r1, random() AS r2, random() AS r3, random() AS r5, random() AS r6, random() AS r7,
                            (($7::int[])[1 + floor(random() * array_length($7::int[], 1))::int]) AS bailiff,
                            (($8::int[])[1 + floor(random() * array_length($8::int[], 1))::int]) AS secretary,
                            (CASE WHEN random() < 0.9 THEN 'AR' ELSE 'TE' END)::"ReportStatus" AS status,
                            3 + floor(random() * 38)::int AS pages, floor(random() * 61)::int AS photos,
                            to_timestamp($2::float8 / 1000 + floor(((g - 0.5) / $1::float8) * $3::float8) * 86400 + (7 + random() * 12) * 3600)
                              AT TIME ZONE 'UTC' AS created
                       FROM generate_series(1, $1::int) g) y) x
       JOIN "User" b ON b.id = x.bailiff
       JOIN "Group" g ON g.id = b."groupId"
       JOIN "User" s ON s.id = x.secretary
      ORDER BY x.g`,
    [
      options.reports,
      start,
      options.spanMs / DAY,
      options.kinds,
      options.streets,
      options.cities,
      people.bailiffs.map((bailiff) => bailiff.id),
      people.secretaries,
    ],
  );
  // Files: 1 to 3 deposited by the bailiff (40/40/20), 1 or 2 returned by the secretary (80/20), as the recent years.
  await client.query(
    `INSERT INTO "ReportFile" ("reportId", kind, "originalName", size, "mimeType", "storageKey", "uploadedById", "createdAt")
     SELECT r.id, f.kind, CASE WHEN f.kind = 'DEPOSITED' THEN 'dictée-' ELSE 'PV-' END || r.id || '-' || f.n || '.' || t.ext,
            round(30000 * exp(random() * 5.5))::int, t.mime,
            'bench/history/' || r.id || '-' || CASE WHEN f.kind = 'DEPOSITED' THEN 'd' ELSE 'r' END || f.n || '.' || t.ext,
            CASE WHEN f.kind = 'DEPOSITED' THEN r."bailiffId" ELSE r."secretaryId" END,
            CASE WHEN f.kind = 'DEPOSITED' THEN r."createdAt" ELSE r."returnedAt" END
       FROM (SELECT r.*, random() AS rd, random() AS rr FROM "Report" r WHERE r.id <= $1 ORDER BY r.id) r
       CROSS JOIN LATERAL (
         SELECT 'DEPOSITED'::"ReportFileKind" AS kind, n FROM generate_series(1, CASE WHEN r.rd < 0.4 THEN 1 WHEN r.rd < 0.8 THEN 2 ELSE 3 END) n
         UNION ALL
         SELECT 'RETURNED'::"ReportFileKind", n FROM generate_series(1, CASE WHEN r.rr < 0.8 THEN 1 ELSE 2 END) n) f
       CROSS JOIN LATERAL (SELECT random() AS roll) p
       CROSS JOIN LATERAL (
         SELECT * FROM (VALUES (0.6, 'pdf', 'application/pdf'), (0.85, 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
                               (0.9, 'doc', 'application/msword'), (0.95, 'odt', 'application/vnd.oasis.opendocument.text'), (1.01, 'txt', 'text/plain')) v(upto, ext, mime)
          WHERE p.roll < v.upto ORDER BY v.upto LIMIT 1) t`,
    [options.reports],
  );
  // Comments: 0 to 4 (15/25/25/20/15) between the bailiff, the secretary and an admin, all read
  // by their receiver and the admins (and the secretary when addressed to no one), as old ones are.
  await client.query(
    `WITH written AS (
       INSERT INTO "Comment" ("reportId", "authorId", "receiverId", body, "createdAt")
       SELECT r.id, w.author, w.receiver, ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int],
              r."createdAt" + random() * greatest(r."lastStatusChange" - r."createdAt", interval '1 hour')
         FROM (SELECT r.*, random() AS rc FROM "Report" r WHERE r.id <= $1 ORDER BY r.id) r
         CROSS JOIN LATERAL generate_series(1, CASE WHEN r.rc < 0.15 THEN 0 WHEN r.rc < 0.4 THEN 1 WHEN r.rc < 0.65 THEN 2 WHEN r.rc < 0.85 THEN 3 ELSE 4 END) n
         CROSS JOIN LATERAL (SELECT random() AS rw, random() AS ra) d
         CROSS JOIN LATERAL (
           SELECT CASE WHEN d.rw < 0.45 THEN r."bailiffId" WHEN d.rw < 0.8 THEN r."secretaryId" ELSE ($2::int[])[1 + floor(d.ra * array_length($2::int[], 1))::int] END AS author,
                  CASE WHEN d.rw < 0.45 THEN r."secretaryId" WHEN d.rw < 0.8 THEN r."bailiffId" WHEN d.ra < 0.5 THEN r."secretaryId" ELSE r."bailiffId" END AS receiver) w
       RETURNING id, "authorId", "receiverId", "createdAt")
     INSERT INTO "CommentRead" ("commentId", "userId", "readAt")
     SELECT DISTINCT c.id, u.id, c."createdAt" + interval '2 hours'
       FROM written c CROSS JOIN LATERAL (SELECT c."receiverId" UNION SELECT unnest($2::int[])) u(id)
      WHERE u.id IS NOT NULL AND u.id <> c."authorId"`,
    [options.reports, people.admins, options.comments],
  );
}

/**
 * Secondary indexes of the bulk-loaded tables, dropped for the load and built again after it (a
 * sorted build is several times faster than maintaining B-trees and a trigram GIN row by row).
 * Indexes backing a constraint (primary keys, unique constraints) stay.
 */
export async function dropSecondaryIndexes(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relname = ANY($1) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
    [tables],
  );
  for (const row of rows) await client.query(`DROP INDEX "${row.name}"`);
  return rows.map((row) => row.definition);
}
