-- The change feed (reports(orderBy: UPDATED_AT, filter: { updatedSince }), groupBills(filter: { updatedSince })): a constat's "updatedAt"
-- moves with every change its readers can see, made by Prisma or by SQL, to the row itself or to its
-- files (added, counted, removed) and comments. Prisma's @updatedAt alone covers only the row's
-- updates through Prisma. The database's clock decides, so that instances cannot disagree; the
-- statement's time (clock_timestamp) rather than the transaction's start, nearer the commit a
-- reader polling by "updatedSince" sees.

CREATE FUNCTION touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updatedAt" := clock_timestamp() AT TIME ZONE 'UTC';
  RETURN NEW;
END $$;

CREATE TRIGGER "Report_touch" BEFORE UPDATE ON "Report"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION touch_updated_at();

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

-- Bills: what their readers can see change after generation (sent, paid, their PDF and XML stored);
-- the rest is frozen at generation, and the PDF queue's own columns (pdfDueAt, pdfAttempts: its
-- lease and retries) are not a change. Existing bills start from their generation.
ALTER TABLE "GroupBill" ADD COLUMN "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
UPDATE "GroupBill" SET "updatedAt" = "createdAt";
CREATE TRIGGER "GroupBill_touch" BEFORE UPDATE ON "GroupBill"
  FOR EACH ROW WHEN (
    OLD."isSent" IS DISTINCT FROM NEW."isSent" OR OLD."sentAt" IS DISTINCT FROM NEW."sentAt"
    OR OLD."isPaid" IS DISTINCT FROM NEW."isPaid" OR OLD."paidAt" IS DISTINCT FROM NEW."paidAt"
    OR OLD."pdfKey" IS DISTINCT FROM NEW."pdfKey" OR OLD."xmlKey" IS DISTINCT FROM NEW."xmlKey"
  ) EXECUTE FUNCTION touch_updated_at();

-- CreateIndex
CREATE INDEX "GroupBill_updatedAt_idx" ON "GroupBill"("updatedAt");
