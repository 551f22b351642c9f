-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN     "ref" TEXT;

-- CreateIndex
CREATE INDEX "MailMessage_organizationId_ref_idx" ON "MailMessage"("organizationId", "ref");
