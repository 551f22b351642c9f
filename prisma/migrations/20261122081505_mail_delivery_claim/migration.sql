-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN     "lockedUntil" TIMESTAMP(3);
