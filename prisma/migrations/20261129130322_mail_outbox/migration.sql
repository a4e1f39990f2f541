-- CreateTable
CREATE TABLE "MailOutbox" (
    "id" SERIAL NOT NULL,
    "recipients" TEXT[],
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MailOutbox_nextAttemptAt_idx" ON "MailOutbox"("nextAttemptAt");

-- CreateIndex
CREATE INDEX "MailOutbox_sentAt_idx" ON "MailOutbox"("sentAt");
