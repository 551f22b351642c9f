-- app_rate_limit_prune: deletes the rate-limit windows that ended at or before at_time (NULL: the
-- database's clock) and returns how many. Called by the rate-limit-prune job (lib/jobs/worker.ts)
-- every few minutes, so the table holds only live windows and no address outlives its window by
-- much. A hit on a pruned key simply starts a new window, as it would on the expired row.
-- Latest migration: 20261124100000_rate_limits.
--
-- SECURITY DEFINER for the reason given in app_rate_limit_hit.sql. Uses the "resetAt" index.
CREATE OR REPLACE FUNCTION app_rate_limit_prune(at_time timestamptz) RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    WITH gone AS (DELETE FROM "RateLimit" WHERE "resetAt" <= coalesce(at_time, now()) RETURNING 1)
    SELECT count(*)::integer FROM gone
  $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_rate_limit_prune(timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_rate_limit_prune(timestamptz) TO pulsewell_app;
