-- app_survey_work_due: the survey scheduler's second look past one organisation (besides
-- app_pulse_schedules): the ids of organisations with survey work due at a moment (a scheduled
-- survey to send, a reminder once reminder_after has passed since the send, a round to close), so
-- each minute's tick opens transactions only where there is work.
--
-- SECURITY DEFINER (runs as the table owner, past row-level security), so it returns ids only.
-- Reads Survey; writes nothing; search_path pinned.
CREATE OR REPLACE FUNCTION app_survey_work_due(at_time timestamp, reminder_after interval)
  RETURNS TABLE (id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT DISTINCT "organizationId" FROM "Survey"
    WHERE ("status" = 'scheduled' AND "scheduledFor" <= at_time)
       OR ("status" = 'active' AND ("closesAt" <= at_time OR ("reminderSentAt" IS NULL AND "sentAt" <= at_time - reminder_after)))
  $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_survey_work_due(timestamp, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_survey_work_due(timestamp, interval) TO pulsewell_app;
