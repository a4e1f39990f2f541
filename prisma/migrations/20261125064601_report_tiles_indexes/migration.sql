-- CreateIndex
CREATE INDEX "Report_lastStatusChange_idx" ON "Report"("lastStatusChange");

-- CreateIndex
CREATE INDEX "Report_returnedAt_idx" ON "Report"("returnedAt");
