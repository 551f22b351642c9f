-- app_pulse_schedules: the survey scheduler's look past one organisation: every organisation's id
-- and weekly pulse schedule (no names, no people), so it can open one organisation-scoped
-- transaction per workspace whose pulse is due.
--
-- SECURITY DEFINER (runs as the table owner, past row-level security), so it returns only these
-- five columns. Reads Organization; writes nothing; search_path pinned.
CREATE OR REPLACE FUNCTION app_pulse_schedules()
  RETURNS TABLE (id uuid, enabled boolean, weekday integer, at_time text, time_zone text)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT "id", "pulseEnabled", "pulseWeekday", "pulseTime", "pulseTimeZone" FROM "Organization" $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_pulse_schedules() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_pulse_schedules() TO pulsewell_app;
