-- AlterTable
ALTER TABLE "Group" ADD COLUMN     "electronicAddress" TEXT;

-- AlterTable
ALTER TABLE "SellerSettings" ADD COLUMN     "electronicAddress" TEXT,
ADD COLUMN     "vatOnDebits" BOOLEAN NOT NULL DEFAULT false;
