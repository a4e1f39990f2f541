-- AlterTable
ALTER TABLE "ReportFile" ADD COLUMN     "latitude" DOUBLE PRECISION,
ADD COLUMN     "longitude" DOUBLE PRECISION,
ADD COLUMN     "previewKey" TEXT,
ADD COLUMN     "takenAt" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "ReportFile_previewKey_key" ON "ReportFile"("previewKey");
