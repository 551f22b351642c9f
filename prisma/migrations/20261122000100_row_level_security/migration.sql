-- Row-level security: the second wall behind the application's own organisation scoping.
--
-- The application connects as pulsewell_app, a role that owns no table and cannot bypass RLS.
-- Each unit of work runs in a transaction that first calls set_config('app.org_id', <uuid>, true);
-- with no organisation set, every tenant table reads as empty and refuses writes.
-- Every tenant table carries "organizationId"; Organization is the tenant root (its "id").

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pulsewell_app') THEN
    -- LOGIN and the password are set at deploy time (scripts/db/app-role.ts), not in a migration.
    CREATE ROLE pulsewell_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION app_current_org() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT NULLIF(current_setting('app.org_id', true), '')::uuid $$;

-- The tenant policies, one per table, and FORCE so that even the owner is subject to them.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['User', 'Team', 'Session', 'Notification', 'AuditLog', 'MailMessage', 'AuthToken', 'AuthThrottle']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org())', t);
  END LOOP;
END
$$;

ALTER TABLE "Organization" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "Organization" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "Organization"
  USING ("id" = app_current_org()) WITH CHECK ("id" = app_current_org());

-- The owner (who could switch RLS off anyway) may read organisations, so that the narrow
-- SECURITY DEFINER look-ups below work without superuser rights on managed databases.
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_lookup ON "Organization" FOR SELECT TO %I USING (true)', current_user);
END
$$;

-- Host name -> organisation, before any organisation is known. Returns only the id.
CREATE OR REPLACE FUNCTION app_org_id_for_subdomain(sub text) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT "id" FROM "Organization" WHERE "subdomain" = lower(sub) $$;

REVOKE ALL ON FUNCTION app_org_id_for_subdomain(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_org_id_for_subdomain(text) TO pulsewell_app;

GRANT USAGE ON SCHEMA public TO pulsewell_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON
  "Organization", "User", "Team", "Session", "Notification", "AuditLog", "MailMessage", "AuthToken", "AuthThrottle"
  TO pulsewell_app;
