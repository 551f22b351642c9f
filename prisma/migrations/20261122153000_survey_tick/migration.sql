-- The survey scheduler's second look past one organisation (besides app_pulse_schedules): the ids
-- of organisations with survey work due at a moment (a scheduled survey to send, a day-3 reminder,
-- a round to close), so each minute's tick opens transactions only where there is work. Ids only.
CREATE OR REPLACE FUNCTION app_survey_work_due(at_time timestamp, reminder_after interval)
  RETURNS TABLE (id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT DISTINCT "organizationId" FROM "Survey"
    WHERE ("status" = 'scheduled' AND "scheduledFor" <= at_time)
       OR ("status" = 'active' AND ("closesAt" <= at_time OR ("reminderSentAt" IS NULL AND "sentAt" <= at_time - reminder_after)))
  $$;

REVOKE ALL ON FUNCTION app_survey_work_due(timestamp, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_survey_work_due(timestamp, interval) TO pulsewell_app;
