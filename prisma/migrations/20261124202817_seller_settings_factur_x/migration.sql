-- AlterTable
ALTER TABLE "Group" ADD COLUMN     "billingAddress" TEXT,
ADD COLUMN     "billingCity" TEXT,
ADD COLUMN     "billingZip" TEXT,
ADD COLUMN     "vatNumber" TEXT;

-- AlterTable
ALTER TABLE "GroupBill" ADD COLUMN     "einvoice" JSONB,
ADD COLUMN     "xmlKey" TEXT;

-- CreateTable
CREATE TABLE "SellerSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "legalName" TEXT NOT NULL,
    "legalForm" TEXT NOT NULL,
    "siret" TEXT NOT NULL,
    "vatNumber" TEXT NOT NULL,
    "rcs" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "iban" TEXT NOT NULL,
    "bic" TEXT NOT NULL,
    "paymentTerms" TEXT NOT NULL,
    "updatedById" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SellerSettings_pkey" PRIMARY KEY ("id")
);
