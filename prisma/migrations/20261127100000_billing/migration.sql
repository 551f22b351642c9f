-- Billing with Stripe (issue 12): Stripe's subscription statuses, the organisation's Stripe
-- account and the webhook events, each stored once by its id.
--
-- The new statuses are added here and first used by later transactions (PostgreSQL refuses a new
-- enum value in the transaction that adds it).
-- AlterEnum


ALTER TYPE "SubscriptionStatus" ADD VALUE 'unpaid';
ALTER TYPE "SubscriptionStatus" ADD VALUE 'incomplete_expired';
ALTER TYPE "SubscriptionStatus" ADD VALUE 'paused';

-- CreateTable
CREATE TABLE "BillingAccount" (
    "organizationId" UUID NOT NULL,
    "setupIntentId" TEXT,
    "paymentMethodId" TEXT,
    "stripeCustomerId" TEXT,
    "stripeSubscriptionId" TEXT,
    "currentPeriodEnd" TIMESTAMP(3),
    "cancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false,
    "provisionedAt" TIMESTAMP(3),
    "lastSyncedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BillingAccount_pkey" PRIMARY KEY ("organizationId")
);

-- CreateTable
CREATE TABLE "BillingEvent" (
    "organizationId" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "stripeCreated" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),

    CONSTRAINT "BillingEvent_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "BillingAccount_setupIntentId_key" ON "BillingAccount"("setupIntentId");

-- CreateIndex
CREATE UNIQUE INDEX "BillingAccount_stripeCustomerId_key" ON "BillingAccount"("stripeCustomerId");

-- CreateIndex
CREATE INDEX "BillingEvent_organizationId_receivedAt_idx" ON "BillingEvent"("organizationId", "receivedAt");

-- AddForeignKey
ALTER TABLE "BillingAccount" ADD CONSTRAINT "BillingAccount_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillingEvent" ADD CONSTRAINT "BillingEvent_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Row-level security: both tables are the organisation's, like every tenant table.
ALTER TABLE "BillingAccount" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "BillingAccount" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "BillingAccount" USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org());
ALTER TABLE "BillingEvent" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "BillingEvent" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "BillingEvent" USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org());

GRANT SELECT, INSERT, UPDATE ON "BillingAccount" TO pulsewell_app;
-- Events are kept (an audit of what Stripe said); the application never deletes them.
GRANT SELECT, INSERT, UPDATE ON "BillingEvent" TO pulsewell_app;

-- app_org_id_for_stripe_customer: Stripe customer id -> organisation, for the billing webhook,
-- which learns the organisation of an event only from the customer Stripe names in it.
--
-- SECURITY DEFINER (runs as the table owner, past row-level security), so it returns only the id
-- and takes only a customer id. Reads one row by the unique stripeCustomerId index; writes
-- nothing; search_path pinned.
CREATE OR REPLACE FUNCTION app_org_id_for_stripe_customer(customer text) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT "organizationId" FROM "BillingAccount" WHERE "stripeCustomerId" = customer $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_org_id_for_stripe_customer(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_org_id_for_stripe_customer(text) TO pulsewell_app;
