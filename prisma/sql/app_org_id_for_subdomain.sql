-- app_org_id_for_subdomain: host name -> organisation, before any organisation is known (a request
-- to acme.<root> must find acme's id to scope its transaction).
--
-- SECURITY DEFINER: it runs as the table owner, whose owner_lookup policy may read every
-- Organization row; the application role, under row-level security, could not. So it returns
-- only the id (no name, no settings) and takes only a subdomain. Reads one row by the unique
-- subdomain index; writes nothing. search_path is pinned so a caller cannot shadow "Organization".
CREATE OR REPLACE FUNCTION app_org_id_for_subdomain(sub text) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT "id" FROM "Organization" WHERE "subdomain" = lower(sub) $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_org_id_for_subdomain(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_org_id_for_subdomain(text) TO pulsewell_app;
