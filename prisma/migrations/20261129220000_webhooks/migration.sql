-- Webhooks (docs/api.md « Webhooks »). An admin's webhook and its deliveries, each delivery both the job of
-- the delivery queue (modules/webhooks/queue.ts) and its log.

-- CreateEnum
CREATE TYPE "WebhookEvent" AS ENUM ('REPORT_CREATED', 'REPORT_CHANGED', 'REPORT_TERMINATED', 'BILL_GENERATED', 'BILL_SENT', 'BILL_PAID', 'SECRETARY_BILL_DEPOSITED');

-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('PENDING', 'DELIVERED', 'FAILED');

-- CreateTable
CREATE TABLE "Webhook" (
    "id" SERIAL NOT NULL,
    "url" TEXT NOT NULL,
    "events" "WebhookEvent"[],
    "secret" TEXT NOT NULL,
    "createdById" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Webhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" SERIAL NOT NULL,
    "webhookId" INTEGER NOT NULL,
    "event" "WebhookEvent" NOT NULL,
    "objectType" TEXT NOT NULL,
    "objectId" INTEGER NOT NULL,
    "payload" JSONB NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "firstAttemptAt" TIMESTAMP(3),
    "lastAttemptAt" TIMESTAMP(3),
    "lastStatusCode" INTEGER,
    "lastAnswer" TEXT,
    "nextAttemptAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Webhook_createdById_idx" ON "Webhook"("createdById");

-- CreateIndex
CREATE INDEX "WebhookDelivery_webhookId_id_idx" ON "WebhookDelivery"("webhookId", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_webhookId_objectId_idx" ON "WebhookDelivery"("webhookId", "objectId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_nextAttemptAt_idx" ON "WebhookDelivery"("nextAttemptAt");

-- AddForeignKey
ALTER TABLE "Webhook" ADD CONSTRAINT "Webhook_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_webhookId_fkey" FOREIGN KEY ("webhookId") REFERENCES "Webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The deliveries are recorded by triggers, in the transaction of the change they tell about: the
-- change and its deliveries are committed together or not at all, whichever path made it (GraphQL,
-- REST shims, jobs, SQL), and a crash after the commit loses none (docs/decisions.md). A change of
-- a constat still waiting for its first try updates that delivery instead of adding one: a deposit
-- of many files tells a receiver once, with the constat as it now is.
CREATE FUNCTION record_webhook_deliveries(p_event "WebhookEvent", p_type TEXT, p_id INTEGER, p_payload JSONB) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  at TIMESTAMP(3) := clock_timestamp() AT TIME ZONE 'UTC';
BEGIN
  IF p_event = 'REPORT_CHANGED' THEN
    UPDATE "WebhookDelivery" d SET payload = p_payload, "occurredAt" = at
     WHERE d.event = p_event AND d."objectId" = p_id AND d.status = 'PENDING' AND d.attempts = 0
       AND d."webhookId" IN (SELECT w.id FROM "Webhook" w WHERE w."deletedAt" IS NULL AND p_event = ANY (w.events));
  END IF;
  INSERT INTO "WebhookDelivery" ("webhookId", event, "objectType", "objectId", payload, "occurredAt", "nextAttemptAt")
  SELECT w.id, p_event, p_type, p_id, p_payload, at, at
    FROM "Webhook" w
   WHERE w."deletedAt" IS NULL AND p_event = ANY (w.events)
     AND NOT (p_event = 'REPORT_CHANGED' AND EXISTS (
       SELECT 1 FROM "WebhookDelivery" d
        WHERE d."webhookId" = w.id AND d.event = p_event AND d."objectId" = p_id AND d.status = 'PENDING' AND d.attempts = 0));
END $$;

-- A constat: created, terminated (its status becomes TE), or any other change its readers can see
-- (its "updatedAt" moves, the change feed's rule, files and comments included).
CREATE FUNCTION report_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fields JSONB;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "Webhook" WHERE "deletedAt" IS NULL) THEN RETURN NULL; END IF;
  fields := jsonb_build_object('databaseId', NEW.id, 'name', NEW.name, 'status', NEW.status, 'isArchived', NEW."isArchived");
  IF TG_OP = 'INSERT' THEN
    PERFORM record_webhook_deliveries('REPORT_CREATED', 'Report', NEW.id, fields);
  ELSIF NEW.status = 'TE' AND OLD.status IS DISTINCT FROM 'TE' THEN
    PERFORM record_webhook_deliveries('REPORT_TERMINATED', 'Report', NEW.id, fields);
  ELSE
    PERFORM record_webhook_deliveries('REPORT_CHANGED', 'Report', NEW.id, fields);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Report_webhooks_insert" AFTER INSERT ON "Report" FOR EACH ROW EXECUTE FUNCTION report_webhooks();
CREATE TRIGGER "Report_webhooks_update" AFTER UPDATE ON "Report"
  FOR EACH ROW WHEN (OLD."updatedAt" IS DISTINCT FROM NEW."updatedAt") EXECUTE FUNCTION report_webhooks();

-- An étude's bill: generated, sent, paid (each once it happens; unsent or unpaid again is not told).
CREATE FUNCTION group_bill_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fields JSONB;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "Webhook" WHERE "deletedAt" IS NULL) THEN RETURN NULL; END IF;
  fields := jsonb_build_object('databaseId', NEW.id, 'number', NEW.number, 'year', NEW.year, 'month', NEW.month,
    'groupName', NEW."groupName", 'amountTTC', NEW."amountTTC"::TEXT, 'isSent', NEW."isSent", 'isPaid', NEW."isPaid");
  IF TG_OP = 'INSERT' THEN
    PERFORM record_webhook_deliveries('BILL_GENERATED', 'GroupBill', NEW.id, fields);
  ELSE
    IF NEW."isSent" AND NOT OLD."isSent" THEN PERFORM record_webhook_deliveries('BILL_SENT', 'GroupBill', NEW.id, fields); END IF;
    IF NEW."isPaid" AND NOT OLD."isPaid" THEN PERFORM record_webhook_deliveries('BILL_PAID', 'GroupBill', NEW.id, fields); END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "GroupBill_webhooks_insert" AFTER INSERT ON "GroupBill" FOR EACH ROW EXECUTE FUNCTION group_bill_webhooks();
CREATE TRIGGER "GroupBill_webhooks_update" AFTER UPDATE ON "GroupBill"
  FOR EACH ROW WHEN ((NEW."isSent" AND NOT OLD."isSent") OR (NEW."isPaid" AND NOT OLD."isPaid")) EXECUTE FUNCTION group_bill_webhooks();

-- A secretary's rétrocession bill, deposited.
CREATE FUNCTION secretary_bill_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "Webhook" WHERE "deletedAt" IS NULL) THEN RETURN NULL; END IF;
  PERFORM record_webhook_deliveries('SECRETARY_BILL_DEPOSITED', 'SecretaryBill', NEW.id,
    jsonb_build_object('databaseId', NEW.id, 'number', NEW.number, 'year', NEW.year, 'month', NEW.month));
  RETURN NULL;
END $$;

CREATE TRIGGER "SecretaryBill_webhooks_insert" AFTER INSERT ON "SecretaryBill" FOR EACH ROW EXECUTE FUNCTION secretary_bill_webhooks();
