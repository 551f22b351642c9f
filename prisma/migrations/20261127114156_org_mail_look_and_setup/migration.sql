-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "accentColor" TEXT,
ADD COLUMN     "mailReplyTo" TEXT,
ADD COLUMN     "mailSenderName" TEXT,
ADD COLUMN     "setupDismissedAt" TIMESTAMP(3);
