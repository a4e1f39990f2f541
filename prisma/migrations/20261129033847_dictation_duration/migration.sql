-- AlterTable
ALTER TABLE "ReportFile" ADD COLUMN     "durationSeconds" DOUBLE PRECISION;
