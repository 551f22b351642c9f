-- app_meeting_work_due: the 1:1 job's look past one organisation and one pair. Meetings are
-- readable by their pair alone (a RESTRICTIVE policy on app_current_user()), so a job acting for
-- nobody sees none. This returns, for the moment given:
-- - kind 'reminder': scheduled meetings starting within `lead` that have had no reminder yet;
-- - kind 'extend': live recurring series whose materialised occurrences end before at_time + horizon;
-- each with its organisation and manager, so the job can act in withOrg(org, { userId: manager })
-- and claim the row there (UPDATE ... WHERE "reminderSentAt" IS NULL: exactly once, whatever the
-- number of workers).
--
-- SECURITY DEFINER (runs as the table owner, past row-level security), so it returns ids only.
-- Reads Meeting and MeetingSeries; writes nothing; search_path pinned.
CREATE OR REPLACE FUNCTION app_meeting_work_due(at_time timestamp, lead interval, horizon interval)
  RETURNS TABLE (kind text, "organizationId" uuid, id uuid, "managerId" uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT 'reminder', m."organizationId", m."id", m."managerId" FROM "Meeting" m
    WHERE m."status" = 'scheduled' AND m."reminderSentAt" IS NULL
      AND m."scheduledAt" > at_time AND m."scheduledAt" <= at_time + lead
    UNION ALL
    SELECT 'extend', s."organizationId", s."id", s."managerId" FROM "MeetingSeries" s
    WHERE s."recurrence" <> 'none' AND s."cancelledAt" IS NULL AND s."materializedUntil" < at_time + horizon
  $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_meeting_work_due(timestamp, interval, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_meeting_work_due(timestamp, interval, interval) TO pulsewell_app;
