-- AlterTable
ALTER TABLE "SellerSettings" ADD COLUMN     "logoKey" TEXT;
