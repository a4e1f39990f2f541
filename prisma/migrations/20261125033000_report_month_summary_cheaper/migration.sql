-- The rollup's statement triggers cost every statement on "Report" about 1.5-2 ms of PostgreSQL
-- CPU even when the rollup does not change (docs/benchmarks.md, `npm run bench -- --only=writes`):
-- an update that matches no constat, or that changes only columns the rollup does not sum (a
-- name, a date of status change, the updatedAt every mutation writes), still appended and folded
-- a row. Now a statement that touched no row returns at once, and an update passes on only the
-- constats whose summarised columns changed (ids never change: they are the table's autoincrement
-- key, so old and new rows pair by id).

-- The columns the rollup is computed from (report_month_summary_sql): its key and its sums.
CREATE FUNCTION report_month_summary_changed(o "Report", n "Report") RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (o."createdAt", o."bailiffId", o."secretaryId", o.status, o."isArchived",
          o."countPagesProvisional", o."countPhotosProvisional", o."countPagesRetrocession", o."countPhotosRetrocession",
          o."countPagesBilling", o."countPhotosBilling", o."groupPricePage", o."groupPricePhoto", o."secretaryPricePage", o."secretaryPricePhoto")
         IS DISTINCT FROM
         (n."createdAt", n."bailiffId", n."secretaryId", n.status, n."isArchived",
          n."countPagesProvisional", n."countPhotosProvisional", n."countPagesRetrocession", n."countPhotosRetrocession",
          n."countPagesBilling", n."countPhotosBilling", n."groupPricePage", n."groupPricePhoto", n."secretaryPricePage", n."secretaryPricePhoto");

-- As before, the ROW EXCLUSIVE lock is taken before the statement reads the tariffs (see
-- report_month_summary's migration); the early returns read no tariff.
CREATE OR REPLACE FUNCTION report_month_summary_on_report() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
      RETURN NULL;
    END IF;
    LOCK TABLE "ReportMonthSummary" IN ROW EXCLUSIVE MODE;
    EXECUTE report_month_summary_sql('SELECT 1 AS sign, n.* FROM new_rows n');
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN
      RETURN NULL;
    END IF;
    LOCK TABLE "ReportMonthSummary" IN ROW EXCLUSIVE MODE;
    EXECUTE report_month_summary_sql('SELECT -1 AS sign, o.* FROM old_rows o');
  ELSE
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE report_month_summary_changed(o, n)) THEN
      RETURN NULL;
    END IF;
    LOCK TABLE "ReportMonthSummary" IN ROW EXCLUSIVE MODE;
    EXECUTE report_month_summary_sql(
      'SELECT -1 AS sign, o.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE report_month_summary_changed(o, n)
       UNION ALL
       SELECT 1 AS sign, n.* FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE report_month_summary_changed(o, n)');
  END IF;
  RETURN NULL;
END $$;
