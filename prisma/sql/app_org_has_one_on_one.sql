-- app_org_has_one_on_one: whether any 1:1 has been scheduled in the caller's organisation, for the
-- setup checklist's 'Schedule a first 1:1' (lib/setup/checklist.ts). Series are readable by their
-- pair alone, so the admin reading the checklist cannot see other pairs' series; this answers yes
-- or no for the whole organisation and nothing about who meets whom.
--
-- SECURITY DEFINER (runs as the table owner, past row-level security). Reads MeetingSeries; the
-- organisation is the one the transaction is scoped to (app_current_org()), never a parameter, so
-- it cannot reach another tenant. search_path pinned.
CREATE OR REPLACE FUNCTION app_org_has_one_on_one()
  RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT EXISTS (SELECT 1 FROM "MeetingSeries" WHERE "organizationId" = app_current_org())
  $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_org_has_one_on_one() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_org_has_one_on_one() TO pulsewell_app;
