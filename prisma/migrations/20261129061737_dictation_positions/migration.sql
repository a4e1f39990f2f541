-- CreateTable
CREATE TABLE "DictationPosition" (
    "userId" INTEGER NOT NULL,
    "reportFileId" INTEGER NOT NULL,
    "seconds" DOUBLE PRECISION NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DictationPosition_pkey" PRIMARY KEY ("userId","reportFileId")
);

-- CreateIndex
CREATE INDEX "DictationPosition_reportFileId_idx" ON "DictationPosition"("reportFileId");

-- AddForeignKey
ALTER TABLE "DictationPosition" ADD CONSTRAINT "DictationPosition_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DictationPosition" ADD CONSTRAINT "DictationPosition_reportFileId_fkey" FOREIGN KEY ("reportFileId") REFERENCES "ReportFile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
