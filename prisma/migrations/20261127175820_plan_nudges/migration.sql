-- From prisma/sql/app_plan_nudges_due.sql (npm run db:function-migration); edit that file, not this one.
-- app_plan_nudges_due: the action plan nudges' look past one organisation (lib/plans/nudges.ts,
-- runPlanNudges): the ids of writable organisations (not one of the statuses of
-- READ_ONLY_STATUSES in lib/billing/status.ts) with, at a moment, in the organisation's own time
-- zone:
-- - a step of a published plan, not done, due today or earlier, whose owner was not told yet;
-- - a published plan due today or earlier whose owner was not told of that due date yet (its
--   e-mail, ref 'plan-due:<plan>:<day>', is the record);
-- - a sent check-back whose survey has closed and whose result the plan's owner was not told yet.
-- The job then acts in withOrg(org) and claims each item there (a conditional update, or the
-- advisory lock and the e-mail's ref), so each is told once, whatever the number of workers.
--
-- SECURITY DEFINER (runs as the table owner, past row-level security), so it returns ids only.
-- Reads ActionPlanStep, ActionPlan, ActionCheckBack, Survey, MailMessage, Organization; writes
-- nothing; search_path pinned.
CREATE OR REPLACE FUNCTION app_plan_nudges_due(at_time timestamptz)
  RETURNS TABLE (id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    WITH writable AS (
      SELECT o.id, (at_time AT TIME ZONE o."pulseTimeZone")::date AS today FROM "Organization" o
      WHERE o."subscriptionStatus" NOT IN ('canceled', 'unpaid', 'incomplete_expired', 'paused')
    )
    SELECT s."organizationId" FROM "ActionPlanStep" s
    JOIN "ActionPlan" p ON p."organizationId" = s."organizationId" AND p.id = s."planId"
    JOIN writable w ON w.id = s."organizationId"
    WHERE p.status = 'published' AND s."doneAt" IS NULL AND s."dueNotifiedAt" IS NULL AND s."dueAt" <= w.today
    UNION
    SELECT p."organizationId" FROM "ActionPlan" p
    JOIN writable w ON w.id = p."organizationId"
    WHERE p.status = 'published' AND p."dueAt" <= w.today
      AND NOT EXISTS (
        SELECT 1 FROM "MailMessage" m
        WHERE m."organizationId" = p."organizationId"
          AND m.ref = 'plan-due:' || p.id::text || ':' || to_char(p."dueAt", 'YYYY-MM-DD'))
    UNION
    SELECT c."organizationId" FROM "ActionCheckBack" c
    JOIN "Survey" v ON v."organizationId" = c."organizationId" AND v.id = c."surveyId"
    JOIN writable w ON w.id = c."organizationId"
    WHERE c.status = 'sent' AND c."resultNotifiedAt" IS NULL AND v.status = 'closed'
  $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_plan_nudges_due(timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_plan_nudges_due(timestamptz) TO pulsewell_app;
