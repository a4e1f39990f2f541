-- CreateEnum
CREATE TYPE "DepositUploadStatus" AS ENUM ('OPEN', 'STORED', 'REFUSED');

-- CreateTable
CREATE TABLE "Deposit" (
    "id" SERIAL NOT NULL,
    "reportId" INTEGER NOT NULL,
    "createdById" INTEGER NOT NULL,
    "expectedFiles" INTEGER NOT NULL,
    "receivedFiles" INTEGER NOT NULL DEFAULT 0,
    "refusedFiles" INTEGER NOT NULL DEFAULT 0,
    "opensReport" BOOLEAN NOT NULL DEFAULT false,
    "completedAt" TIMESTAMP(3),
    "touchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "announcedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Deposit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DepositUpload" (
    "id" TEXT NOT NULL,
    "depositId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "createdById" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "size" BIGINT NOT NULL,
    "status" "DepositUploadStatus" NOT NULL DEFAULT 'OPEN',
    "refusal" TEXT,
    "touchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DepositUpload_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Deposit_reportId_completedAt_idx" ON "Deposit"("reportId", "completedAt");

-- CreateIndex
CREATE INDEX "Deposit_completedAt_touchedAt_idx" ON "Deposit"("completedAt", "touchedAt");

-- CreateIndex
CREATE INDEX "DepositUpload_status_touchedAt_idx" ON "DepositUpload"("status", "touchedAt");

-- CreateIndex
CREATE UNIQUE INDEX "DepositUpload_depositId_position_key" ON "DepositUpload"("depositId", "position");

-- AddForeignKey
ALTER TABLE "Deposit" ADD CONSTRAINT "Deposit_reportId_fkey" FOREIGN KEY ("reportId") REFERENCES "Report"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Deposit" ADD CONSTRAINT "Deposit_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DepositUpload" ADD CONSTRAINT "DepositUpload_depositId_fkey" FOREIGN KEY ("depositId") REFERENCES "Deposit"("id") ON DELETE CASCADE ON UPDATE CASCADE;
