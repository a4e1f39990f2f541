-- The change feed's clock for new rows as well: a constat or a bill created through Prisma was
-- stamped by the application's clock (@updatedAt, @default(now()) are filled by the client), so a
-- reader polling with the database's time could miss a row inserted by an instance whose clock lags,
-- or within the millisecond the two clocks round apart. The database's clock decides on insert as it
-- already does on update (touch_updated_at, migration report_change_feed).

CREATE TRIGGER "Report_touch_insert" BEFORE INSERT ON "Report"
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE TRIGGER "GroupBill_touch_insert" BEFORE INSERT ON "GroupBill"
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
