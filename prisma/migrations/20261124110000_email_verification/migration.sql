-- Signup e-mail verification (issue 9; lib/org/email-verification.ts). A workspace made by signup
-- starts unverified: until its admin opens the link mailed to "verificationEmail", mail to anyone
-- else waits in the outbox (lib/mail/deliver.ts) and goes out once the link is opened.

-- AlterEnum
ALTER TYPE "TokenPurpose" ADD VALUE 'email_verification';

-- AlterTable
-- Every organisation that exists now is verified, so nothing already running stops mailing. The
-- column default fills the existing rows (DDL, not subject to row-level security) and is dropped
-- at once: from here on a new organisation is unverified unless its creator says otherwise.
ALTER TABLE "Organization" ADD COLUMN "emailVerifiedAt" TIMESTAMP(3) DEFAULT (now() AT TIME ZONE 'UTC'),
ADD COLUMN "verificationEmail" TEXT;
ALTER TABLE "Organization" ALTER COLUMN "emailVerifiedAt" DROP DEFAULT;

-- The sweep's look-up, as in 20261123140000_mail_sweep, leaving out the messages that are held
-- because their organisation is unverified (the rule of isHeldForVerification in
-- lib/mail/delivery-policy.ts): they are not late, and re-queueing them every minute would fill
-- the sweep's batch and starve the messages that are. Verification queues them itself.
CREATE OR REPLACE FUNCTION app_mail_redelivery_due(at_time timestamp, min_age interval, backoff_base interval, backoff_cap interval, give_up_after interval)
  RETURNS TABLE ("organizationId" uuid, id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT m."organizationId", m."id" FROM "MailMessage" m
    JOIN "Organization" o ON o."id" = m."organizationId"
    WHERE m."status" = 'pending'
      AND m."createdAt" <= at_time - min_age
      AND (m."lockedUntil" IS NULL
           OR m."lockedUntil" <= at_time - least(backoff_cap, backoff_base * power(2, least(m."attempts", 30)))
           OR (m."lockedUntil" <= at_time AND m."createdAt" <= at_time - give_up_after))
      AND (o."emailVerifiedAt" IS NOT NULL OR lower(m."to") = lower(o."verificationEmail"))
  $$;

REVOKE ALL ON FUNCTION app_mail_redelivery_due(timestamp, interval, interval, interval, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_mail_redelivery_due(timestamp, interval, interval, interval, interval) TO pulsewell_app;
