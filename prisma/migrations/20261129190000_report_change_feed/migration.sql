-- The change feed (reports(orderBy: UPDATED_AT, filter: { updatedSince })): a constat's "updatedAt"
-- moves with every change its readers can see, made by Prisma or by SQL, to the row itself or to its
-- files (added, counted, removed) and comments. Prisma's @updatedAt alone covers only the row's
-- updates through Prisma. The database's clock decides, so that instances cannot disagree; the
-- statement's time (clock_timestamp) rather than the transaction's start, nearer the commit a
-- reader polling by "updatedSince" sees.

CREATE FUNCTION report_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updatedAt" := clock_timestamp() AT TIME ZONE 'UTC';
  RETURN NEW;
END $$;

CREATE TRIGGER "Report_touch" BEFORE UPDATE ON "Report"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION report_touch();

-- One UPDATE per statement and constat, not per file: a deposit inserts its files in batches.
CREATE FUNCTION report_touch_from_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "Report" SET "updatedAt" = clock_timestamp() AT TIME ZONE 'UTC' WHERE id IN (SELECT DISTINCT "reportId" FROM old_rows);
  ELSE
    UPDATE "Report" SET "updatedAt" = clock_timestamp() AT TIME ZONE 'UTC' WHERE id IN (SELECT DISTINCT "reportId" FROM new_rows);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "ReportFile_touch_insert" AFTER INSERT ON "ReportFile"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_touch_from_children();
CREATE TRIGGER "ReportFile_touch_update" AFTER UPDATE ON "ReportFile"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_touch_from_children();
CREATE TRIGGER "ReportFile_touch_delete" AFTER DELETE ON "ReportFile"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_touch_from_children();
CREATE TRIGGER "Comment_touch_insert" AFTER INSERT ON "Comment"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_touch_from_children();
CREATE TRIGGER "Comment_touch_update" AFTER UPDATE ON "Comment"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_touch_from_children();
CREATE TRIGGER "Comment_touch_delete" AFTER DELETE ON "Comment"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_touch_from_children();

-- CreateIndex
CREATE INDEX "Report_updatedAt_idx" ON "Report"("updatedAt");
