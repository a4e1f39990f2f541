-- CreateTable
CREATE TABLE "ReportMonthSummary" (
    "id" BIGSERIAL NOT NULL,
    "monthStart" TIMESTAMP(3) NOT NULL,
    "year" INTEGER NOT NULL,
    "month" INTEGER NOT NULL,
    "bailiffId" INTEGER NOT NULL,
    "secretaryId" INTEGER NOT NULL,
    "status" "ReportStatus" NOT NULL,
    "isArchived" BOOLEAN NOT NULL,
    "reports" INTEGER NOT NULL,
    "pagesProvisional" INTEGER NOT NULL,
    "photosProvisional" INTEGER NOT NULL,
    "pagesRetrocession" INTEGER NOT NULL,
    "photosRetrocession" INTEGER NOT NULL,
    "pagesBilling" INTEGER NOT NULL,
    "photosBilling" INTEGER NOT NULL,
    "billingCents" BIGINT NOT NULL,
    "retrocessionCents" BIGINT NOT NULL,

    CONSTRAINT "ReportMonthSummary_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReportMonthSummary_monthStart_bailiffId_secretaryId_status__idx" ON "ReportMonthSummary"("monthStart", "bailiffId", "secretaryId", "status", "isArchived");

-- product.md §9 amounts of one constat in cents, rounded half up per line as money.ts does (tariffs are
-- numeric(8,3): a tariff × a count is an exact number of tenths of a cent, and (tenths + 5) / 10
-- rounds it half up). The one SQL form of billing/rules.ts billingAmounts and
-- retrocession/rules.ts retrocessionAmounts, used by the rollup below and by reportAggregates'
-- scan (reporting/service.ts); inlined by the planner.
CREATE FUNCTION report_billing_cents(pages integer, photos integer, price_page numeric, price_photo numeric) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ((coalesce(price_page, 0) * 1000)::int8 * greatest(0, pages - (photos + 1) / 2) + 5) / 10
       + ((coalesce(price_photo, 0) * 1000)::int8 * photos + 5) / 10;

CREATE FUNCTION report_retrocession_cents(pages integer, photos integer, price_page numeric, price_photo numeric) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ((coalesce(price_page, 0) * 1000)::int8 * greatest(0, (2 * pages - photos + 1) / 2) + 5) / 10
       + ((coalesce(price_photo, 0) * 1000)::int8 * photos + 5) / 10;

-- The statement that adds `source`'s constats (columns of "Report" plus `sign`, 1 to add, -1 to
-- remove) to the rollup, with the tariffs in force now for what a constat has not captured. The
-- rollup is append-only for writers: each statement inserts one row per key it changes, so
-- concurrent writers never wait for each other there (an upsert's row locks made two transactions
-- writing constats of the same keys in other orders deadlock). The same statement folds the older
-- rows of those keys into one, skipping the rows another transaction is folding: a key keeps a
-- few rows, and a reader sums them.
CREATE FUNCTION report_month_summary_sql(source text) RETURNS text
  LANGUAGE sql IMMUTABLE
  RETURN format($sql$
    WITH added AS (
      INSERT INTO "ReportMonthSummary" ("monthStart", "year", "month", "bailiffId", "secretaryId", "status", "isArchived",
      "reports", "pagesProvisional", "photosProvisional", "pagesRetrocession", "photosRetrocession", "pagesBilling", "photosBilling",
      "billingCents", "retrocessionCents")
      SELECT ((p.paris AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'UTC')::timestamp(3), extract(year FROM p.paris)::int, extract(month FROM p.paris)::int,
             r."bailiffId", coalesce(r."secretaryId", 0), r.status, r."isArchived",
             sum(r.sign), sum(r.sign * r."countPagesProvisional"), sum(r.sign * r."countPhotosProvisional"),
             sum(r.sign * r."countPagesRetrocession"), sum(r.sign * r."countPhotosRetrocession"),
             sum(r.sign * r."countPagesBilling"), sum(r.sign * r."countPhotosBilling"),
             sum(r.sign * report_billing_cents(r."countPagesBilling", r."countPhotosBilling",
                   coalesce(r."groupPricePage", g."pricePage"), coalesce(r."groupPricePhoto", g."pricePhoto"))),
             sum(r.sign * report_retrocession_cents(r."countPagesRetrocession", r."countPhotosRetrocession",
                   coalesce(r."secretaryPricePage", s."secretaryPricePage"), coalesce(r."secretaryPricePhoto", s."secretaryPricePhoto")))
        FROM (%s) r
        JOIN "User" b ON b.id = r."bailiffId"
        LEFT JOIN "Group" g ON g.id = b."groupId"
        LEFT JOIN "User" s ON s.id = r."secretaryId"
        CROSS JOIN LATERAL (SELECT date_trunc('month', (r."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/Paris') AS paris) p
       GROUP BY 1, 2, 3, 4, 5, 6, 7
      RETURNING "monthStart", "bailiffId", "secretaryId", "status", "isArchived"),
    older AS (
      SELECT t.id FROM "ReportMonthSummary" t
       WHERE (t."monthStart", t."bailiffId", t."secretaryId", t."status", t."isArchived") IN (SELECT * FROM added)
         FOR UPDATE SKIP LOCKED),
    folded AS (
      DELETE FROM "ReportMonthSummary" t USING older WHERE t.id = older.id RETURNING t.*)
    INSERT INTO "ReportMonthSummary" ("monthStart", "year", "month", "bailiffId", "secretaryId", "status", "isArchived",
      "reports", "pagesProvisional", "photosProvisional", "pagesRetrocession", "photosRetrocession", "pagesBilling", "photosBilling",
      "billingCents", "retrocessionCents")
    SELECT "monthStart", "year", "month", "bailiffId", "secretaryId", "status", "isArchived",
           sum("reports"), sum("pagesProvisional"), sum("photosProvisional"), sum("pagesRetrocession"), sum("photosRetrocession"),
           sum("pagesBilling"), sum("photosBilling"), sum("billingCents"), sum("retrocessionCents")
      FROM folded
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING (sum("reports"), sum("pagesProvisional"), sum("photosProvisional"), sum("pagesRetrocession"), sum("photosRetrocession"),
            sum("pagesBilling"), sum("photosBilling"), sum("billingCents"), sum("retrocessionCents")) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
  $sql$, source);

-- Every statement on "Report" adds what it inserted and removes what it deleted, an update both,
-- in the same transaction: additions commute, so concurrent writers need no lock on each other's
-- rows. The ROW EXCLUSIVE lock is taken BEFORE the tariffs are read: a tariff
-- change's rebuild (EXCLUSIVE, below) has then either committed — and these tariffs are its new
-- ones — or waits for this transaction and rebuilds from what it wrote.
CREATE FUNCTION report_month_summary_on_report() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "ReportMonthSummary" IN ROW EXCLUSIVE MODE;
  IF TG_OP = 'INSERT' THEN
    EXECUTE report_month_summary_sql('SELECT 1 AS sign, n.* FROM new_rows n');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE report_month_summary_sql('SELECT -1 AS sign, o.* FROM old_rows o');
  ELSE
    EXECUTE report_month_summary_sql('SELECT -1 AS sign, o.* FROM old_rows o UNION ALL SELECT 1 AS sign, n.* FROM new_rows n');
  END IF;
  RETURN NULL;
END $$;

-- The whole rollup again, from "Report", when what it was computed with changes under it: a
-- tariff in force, a bailiff's étude (hence his tariffs), the table emptied. Rare admin actions; the rollup is locked
-- from other writers meanwhile.
CREATE FUNCTION report_month_summary_rebuild() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- Nested IFs: plpgsql plans a condition whole, and each table has only its own columns.
  IF TG_OP = 'UPDATE' THEN
    IF TG_TABLE_NAME = 'Group' THEN
      IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                      WHERE (o."pricePage", o."pricePhoto") IS DISTINCT FROM (n."pricePage", n."pricePhoto")) THEN
        RETURN NULL;
      END IF;
    ELSIF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                       WHERE (o."groupId", o."secretaryPricePage", o."secretaryPricePhoto")
                             IS DISTINCT FROM (n."groupId", n."secretaryPricePage", n."secretaryPricePhoto")) THEN
      RETURN NULL;
    END IF;
  END IF;
  LOCK TABLE "ReportMonthSummary" IN EXCLUSIVE MODE;
  DELETE FROM "ReportMonthSummary";
  EXECUTE report_month_summary_sql('SELECT 1 AS sign, r.* FROM "Report" r');
  RETURN NULL;
END $$;

CREATE TRIGGER "Report_month_summary_insert" AFTER INSERT ON "Report"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_month_summary_on_report();
CREATE TRIGGER "Report_month_summary_update" AFTER UPDATE ON "Report"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_month_summary_on_report();
CREATE TRIGGER "Report_month_summary_delete" AFTER DELETE ON "Report"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_month_summary_on_report();
CREATE TRIGGER "Report_month_summary_truncate" AFTER TRUNCATE ON "Report"
  FOR EACH STATEMENT EXECUTE FUNCTION report_month_summary_rebuild();
CREATE TRIGGER "Group_month_summary_tariffs" AFTER UPDATE ON "Group"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_month_summary_rebuild();
CREATE TRIGGER "User_month_summary_tariffs" AFTER UPDATE ON "User"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_month_summary_rebuild();
-- Before a user goes, her constats lose their secretary (what the foreign key's ON DELETE SET
-- NULL would do just after) while her tariffs can still be read: their removal from the rollup then
-- takes the tariffs it added them with.
CREATE FUNCTION report_month_summary_user_gone() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Report" SET "secretaryId" = NULL WHERE "secretaryId" = OLD.id;
  RETURN OLD;
END $$;

CREATE TRIGGER "User_month_summary_delete" BEFORE DELETE ON "User"
  FOR EACH ROW EXECUTE FUNCTION report_month_summary_user_gone();

-- The constats already there.
DO $$ BEGIN EXECUTE report_month_summary_sql('SELECT 1 AS sign, r.* FROM "Report" r'); END $$;
