-- app_mail_redelivery_due: the mail sweep's look past one organisation: the ids of pending outbox
-- messages that may have no live delivery (their pg-boss job died after its retries, or was lost),
-- so each minute's sweep opens transactions only for those.
--
-- A message is due when it is older than min_age (its first job had its chance), it is not
-- claimed by a running delivery, and its last attempt (a failed attempt ends the claim at once, so
-- "lockedUntil" is then the time of that attempt) lies further back than a back-off that doubles
-- with each attempt up to backoff_cap; past give_up_after the back-off no longer applies, so the
-- sweep can mark it failed. Whether a live job exists is checked by the caller in pgboss.job,
-- which a migration cannot name (pg-boss installs its schema after the migrations).
--
-- Messages held for their organisation's e-mail verification are left out (the rule of
-- isHeldForVerification in lib/mail/delivery-policy.ts: an unverified organisation mails only its
-- verificationEmail). They are not late: re-queueing them every minute would fill the sweep's
-- batch and starve the messages that are, and verifying queues them itself
-- (lib/org/email-verification.ts).
--
-- SECURITY DEFINER (runs as the table owner, past row-level security), so it returns ids only:
-- the sweep reads and changes each message inside its own organisation's transaction. Reads
-- MailMessage and Organization; writes nothing; search_path pinned.
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

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_mail_redelivery_due(timestamp, interval, interval, interval, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_mail_redelivery_due(timestamp, interval, interval, interval, interval) TO pulsewell_app;
