-- AlterTable
ALTER TABLE "GroupBill" ADD COLUMN     "pdfAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "pdfDueAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "GroupBill_pdfDueAt_idx" ON "GroupBill"("pdfDueAt");
