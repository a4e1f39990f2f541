-- DropForeignKey
ALTER TABLE "Comment" DROP CONSTRAINT "Comment_receiverId_fkey";

-- AlterTable
ALTER TABLE "Comment" ALTER COLUMN "receiverId" DROP NOT NULL;

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_receiverId_fkey" FOREIGN KEY ("receiverId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
