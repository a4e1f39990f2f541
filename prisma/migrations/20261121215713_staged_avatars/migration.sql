-- CreateTable
CREATE TABLE "StagedAvatar" (
    "storageKey" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StagedAvatar_pkey" PRIMARY KEY ("storageKey")
);

-- CreateIndex
CREATE INDEX "StagedAvatar_userId_createdAt_idx" ON "StagedAvatar"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "StagedAvatar_createdAt_idx" ON "StagedAvatar"("createdAt");
