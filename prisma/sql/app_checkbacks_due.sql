-- app_checkbacks_due: the survey scheduler's look past one organisation for action plans'
-- check-backs (lib/plans/checkback-send.ts, sendOverdueCheckBacks): the ids of organisations with
-- a scheduled check-back that cannot wait for a pulse round at a moment: due and the
-- organisation's pulse is off, its plan dropped, or still waiting `attach_window` after it fell
-- due. A read-only workspace (the statuses of READ_ONLY_STATUSES in lib/billing/status.ts) is left
-- out: its check-backs stay scheduled until it can write again. Check-backs that wait for that
-- week's round are left to it, so each minute's tick opens transactions only where there is work.
--
-- SECURITY DEFINER (runs as the table owner, past row-level security), so it returns ids only.
-- Reads ActionCheckBack, ActionPlan, Organization; writes nothing; search_path pinned.
CREATE OR REPLACE FUNCTION app_checkbacks_due(at_time timestamp, attach_window interval)
  RETURNS TABLE (id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT DISTINCT c."organizationId" FROM "ActionCheckBack" c
    JOIN "ActionPlan" p ON p."organizationId" = c."organizationId" AND p.id = c."planId"
    JOIN "Organization" o ON o.id = c."organizationId"
    WHERE c.status = 'scheduled' AND c."dueAt" <= at_time
      AND NOT coalesce(o."subscriptionStatus" IN ('canceled', 'unpaid', 'incomplete_expired', 'paused'), false)
      AND (c."dueAt" <= at_time - attach_window
        OR NOT o."pulseEnabled"
        OR p.status = 'dropped')
  $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_checkbacks_due(timestamp, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_checkbacks_due(timestamp, interval) TO pulsewell_app;
