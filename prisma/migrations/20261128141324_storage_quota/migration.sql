-- CreateTable
CREATE TABLE "StorageCharge" (
    "file" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "groupId" INTEGER,
    "bytes" BIGINT NOT NULL DEFAULT 0,
    "complete" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StorageCharge_pkey" PRIMARY KEY ("file")
);

-- CreateTable
CREATE TABLE "StorageUsage" (
    "scope" TEXT NOT NULL,
    "ownerId" INTEGER NOT NULL,
    "bytes" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "StorageUsage_pkey" PRIMARY KEY ("scope","ownerId")
);

-- CreateIndex
CREATE INDEX "StorageCharge_complete_updatedAt_idx" ON "StorageCharge"("complete", "updatedAt");

-- Files stored before the quota are charged to whoever sent them (and that account's étude), so
-- the totals start from what is on disk. Avatars kept no size and stay uncharged.
INSERT INTO "StorageCharge" ("file", "userId", "groupId", "bytes", "complete")
SELECT f."storageKey", f."userId", u."groupId", f."size", true
FROM (
    SELECT "storageKey", "uploadedById" AS "userId", "size" FROM "ReportFile" WHERE "uploadedById" IS NOT NULL
    UNION ALL
    SELECT "storageKey", "userId", "size" FROM "UserMatrix"
    UNION ALL
    SELECT "storageKey", "secretaryId", "size" FROM "SecretaryBill"
) f
JOIN "User" u ON u."id" = f."userId"
ON CONFLICT ("file") DO NOTHING;

INSERT INTO "StorageUsage" ("scope", "ownerId", "bytes")
SELECT 'user', "userId", SUM("bytes") FROM "StorageCharge" GROUP BY "userId"
UNION ALL
SELECT 'group', "groupId", SUM("bytes") FROM "StorageCharge" WHERE "groupId" IS NOT NULL GROUP BY "groupId";
