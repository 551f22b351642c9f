-- app_rate_limit_hit: counts one request against a rate limit (lib/api/rate-limit.ts) and returns
-- the count in the current window and the milliseconds until that window ends. Latest migration:
-- 20261124100000_rate_limits.
--
-- One statement, so the count is exact however many requests arrive at once: a key's first hit
-- inserts its row, concurrent ones wait on that row and add one each (ON CONFLICT takes the row
-- lock and re-reads it). A hit at or after "resetAt" starts a new window at 1. The count stops just
-- short of the integer maximum instead of overflowing, whatever a client sends in one window.
-- at_time NULL means the database's clock, so several app instances agree on when windows end.
--
-- SECURITY DEFINER: "RateLimit" holds client addresses and is no tenant's data, so the application
-- role has no rights on it at all; it can only count (this) and prune (app_rate_limit_prune). It
-- never reads another key's count. search_path is pinned so a caller cannot shadow "RateLimit".
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

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_rate_limit_hit(text, text, interval, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_rate_limit_hit(text, text, interval, timestamptz) TO pulsewell_app;
