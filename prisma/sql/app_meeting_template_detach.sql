-- app_meeting_template_detach: before a template is deleted, the 1:1 series that name it forget it
-- (their meetings keep the agenda questions copied from it). Series are readable by their pair
-- alone, so the admin or manager deleting an organisation template cannot see, let alone update,
-- other pairs' series; this does it for them, within the caller's organisation only.
--
-- SECURITY DEFINER (runs as the table owner, past row-level security). Writes MeetingSeries
-- ("templateId" only); the organisation is the one the transaction is scoped to
-- (app_current_org()), never a parameter, so it cannot reach another tenant. search_path pinned.
CREATE OR REPLACE FUNCTION app_meeting_template_detach(template_id uuid)
  RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    WITH detached AS (
      UPDATE "MeetingSeries" SET "templateId" = NULL
      WHERE "organizationId" = app_current_org() AND "templateId" = template_id
      RETURNING 1
    )
    SELECT count(*)::integer FROM detached
  $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_meeting_template_detach(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_meeting_template_detach(uuid) TO pulsewell_app;
