-- CreateEnum
CREATE TYPE "FileCountStatus" AS ENUM ('PENDING', 'DONE', 'ESTIMATED', 'FAILED', 'UNSUPPORTED');

-- AlterTable
ALTER TABLE "ReportFile" ADD COLUMN     "countError" TEXT,
ADD COLUMN     "countStatus" "FileCountStatus" NOT NULL DEFAULT 'PENDING',
ADD COLUMN     "pageCount" INTEGER,
ADD COLUMN     "photoCount" INTEGER;
