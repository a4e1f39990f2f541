-- CreateTable
CREATE TABLE "ReportTotals" (
    "id" BIGSERIAL NOT NULL,
    "bailiffId" INTEGER NOT NULL,
    "secretaryId" INTEGER NOT NULL,
    "status" "ReportStatus" NOT NULL,
    "isArchived" BOOLEAN NOT NULL,
    "reports" INTEGER NOT NULL,

    CONSTRAINT "ReportTotals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReportTotals_secretaryId_bailiffId_idx" ON "ReportTotals"("secretaryId", "bailiffId");

-- The statement that adds `source`'s constats (columns of "Report" plus `sign`, 1 to add, -1 to
-- remove) to the totals: append-only for writers and folded as report_month_summary_sql does (its
-- migration says why: no upsert, so two writers never wait for each other's rows). No tariff is
-- read here, so neither a tariff change nor a bailiff's étude touches the totals.
CREATE FUNCTION report_totals_sql(source text) RETURNS text
  LANGUAGE sql IMMUTABLE
  RETURN format($sql$
    WITH added AS (
      INSERT INTO "ReportTotals" ("bailiffId", "secretaryId", "status", "isArchived", "reports")
      SELECT r."bailiffId", coalesce(r."secretaryId", 0), r.status, r."isArchived", sum(r.sign)
        FROM (%s) r
       GROUP BY 1, 2, 3, 4
      HAVING sum(r.sign) <> 0
      RETURNING "bailiffId", "secretaryId", "status", "isArchived"),
    older AS (
      SELECT t.id FROM "ReportTotals" t
       WHERE (t."bailiffId", t."secretaryId", t."status", t."isArchived") IN (SELECT * FROM added)
         FOR UPDATE SKIP LOCKED),
    folded AS (
      DELETE FROM "ReportTotals" t USING older WHERE t.id = older.id RETURNING t.*)
    INSERT INTO "ReportTotals" ("bailiffId", "secretaryId", "status", "isArchived", "reports")
    SELECT "bailiffId", "secretaryId", "status", "isArchived", sum("reports")
      FROM folded
     GROUP BY 1, 2, 3, 4
    HAVING sum("reports") <> 0
  $sql$, source);

-- Every statement on "Report" that inserts, deletes, or changes a constat's key (bailiff,
-- secretary, status, archiving) passes it on, in the same transaction; the others return at once.
CREATE FUNCTION report_totals_on_report() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM new_rows) THEN
      EXECUTE report_totals_sql('SELECT 1 AS sign, n.* FROM new_rows n');
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN
      EXECUTE report_totals_sql('SELECT -1 AS sign, o.* FROM old_rows o');
    END IF;
  ELSIF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                 WHERE (o."bailiffId", o."secretaryId", o.status, o."isArchived") IS DISTINCT FROM (n."bailiffId", n."secretaryId", n.status, n."isArchived")) THEN
    EXECUTE report_totals_sql(
      'SELECT -1 AS sign, o."bailiffId", o."secretaryId", o.status, o."isArchived" FROM old_rows o
       UNION ALL
       SELECT 1 AS sign, n."bailiffId", n."secretaryId", n.status, n."isArchived" FROM new_rows n');
  END IF;
  RETURN NULL;
END $$;

-- TRUNCATE "Report" (tests, restores) empties them.
CREATE FUNCTION report_totals_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ReportTotals";
  RETURN NULL;
END $$;

CREATE TRIGGER "Report_totals_insert" AFTER INSERT ON "Report"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_totals_on_report();
CREATE TRIGGER "Report_totals_update" AFTER UPDATE ON "Report"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_totals_on_report();
CREATE TRIGGER "Report_totals_delete" AFTER DELETE ON "Report"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_totals_on_report();
CREATE TRIGGER "Report_totals_truncate" AFTER TRUNCATE ON "Report"
  FOR EACH STATEMENT EXECUTE FUNCTION report_totals_truncate();

-- The constats already there.
DO $$ BEGIN EXECUTE report_totals_sql('SELECT 1 AS sign, r.* FROM "Report" r'); END $$;
