-- AlterTable
ALTER TABLE "Deposit" ADD COLUMN     "firstPosition" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Report" ADD COLUMN     "filePositions" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ReportFile" ADD COLUMN     "position" INTEGER;
