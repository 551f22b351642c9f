-- AlterTable
ALTER TABLE "BillingAccount" ADD COLUMN     "checkoutExpiresAt" TIMESTAMP(3),
ADD COLUMN     "checkoutSessionId" TEXT,
ADD COLUMN     "confirmedSubscriptionId" TEXT;
