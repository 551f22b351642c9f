-- Rate limits of the public endpoints (lib/api/rate-limit.ts, issue 9): one fixed-window counter
-- per limit name and client key. Not tenant data (a key may name no workspace), so the table has
-- no organizationId and no tenant policy. Like "Organization" before an organisation is known, it
-- is reached only through narrow SECURITY DEFINER functions: the application role gets no rights
-- on the table, only EXECUTE on the counting and pruning functions (prisma/sql/).

-- CreateTable
CREATE TABLE "RateLimit" (
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "resetAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("name","key")
);

-- CreateIndex
CREATE INDEX "RateLimit_resetAt_idx" ON "RateLimit"("resetAt");

-- Row-level security forced like every table's, with a policy for the owner only (the functions
-- run as the owner). A grant to the application role made by mistake later would still read and
-- write nothing.
ALTER TABLE "RateLimit" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "RateLimit" FORCE ROW LEVEL SECURITY;
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_counters ON "RateLimit" TO %I USING (true) WITH CHECK (true)', current_user);
END
$$;

-- The counting and pruning functions, as in prisma/sql/app_rate_limit_hit.sql and
-- prisma/sql/app_rate_limit_prune.sql (their comments say why each is written as it is).
CREATE OR REPLACE FUNCTION app_rate_limit_hit(limit_name text, client_key text, window_length interval, at_time timestamptz)
  RETURNS TABLE (counted integer, reset_in_ms bigint)
  LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    INSERT INTO "RateLimit" AS r ("name", "key", "hits", "resetAt")
    VALUES (limit_name, client_key, 1, coalesce(at_time, now()) + window_length)
    ON CONFLICT ("name", "key") DO UPDATE SET
      "hits" = CASE WHEN r."resetAt" <= coalesce(at_time, now()) THEN 1 ELSE least(r."hits", 2147483646) + 1 END,
      "resetAt" = CASE WHEN r."resetAt" <= coalesce(at_time, now()) THEN EXCLUDED."resetAt" ELSE r."resetAt" END
    RETURNING r."hits", ceil(extract(epoch FROM r."resetAt" - coalesce(at_time, now())) * 1000)::bigint
  $$;

REVOKE ALL ON FUNCTION app_rate_limit_hit(text, text, interval, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_rate_limit_hit(text, text, interval, timestamptz) TO pulsewell_app;

CREATE OR REPLACE FUNCTION app_rate_limit_prune(at_time timestamptz) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    WITH gone AS (DELETE FROM "RateLimit" WHERE "resetAt" <= coalesce(at_time, now()) RETURNING 1)
    SELECT count(*)::integer FROM gone
  $$;

REVOKE ALL ON FUNCTION app_rate_limit_prune(timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_rate_limit_prune(timestamptz) TO pulsewell_app;
