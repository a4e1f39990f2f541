-- API tokens for every role, with read scopes and an admin's étude limit.

-- CreateEnum
CREATE TYPE "ApiTokenScope" AS ENUM ('REPORTS', 'BILLING', 'RETROCESSION', 'STATISTICS', 'NEWS', 'NOTIFICATIONS', 'ABSENCES', 'ACCOUNTS');

-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "role" "Role",
ADD COLUMN     "scopes" "ApiTokenScope"[];

-- Tokens created before scopes were admins' tokens reading everything their admin read: they keep
-- every read scope, and live while their creator stays an admin (as they did).
UPDATE "ApiToken" SET "role" = 'ADMIN', "scopes" = enum_range(NULL::"ApiTokenScope");

ALTER TABLE "ApiToken" ALTER COLUMN "role" SET NOT NULL;

-- CreateTable
CREATE TABLE "ApiTokenGroup" (
    "tokenId" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,

    CONSTRAINT "ApiTokenGroup_pkey" PRIMARY KEY ("tokenId","groupId")
);

-- CreateIndex
CREATE INDEX "ApiTokenGroup_groupId_idx" ON "ApiTokenGroup"("groupId");

-- AddForeignKey
ALTER TABLE "ApiTokenGroup" ADD CONSTRAINT "ApiTokenGroup_tokenId_fkey" FOREIGN KEY ("tokenId") REFERENCES "ApiToken"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiTokenGroup" ADD CONSTRAINT "ApiTokenGroup_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
