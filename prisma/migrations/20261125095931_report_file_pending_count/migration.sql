-- CreateIndex
CREATE INDEX "ReportFile_pending_count_idx" ON "ReportFile"("id") WHERE ("countStatus" = 'PENDING');
