-- app_current_org: the organisation of the current transaction, for the row-level security
-- policies (every tenant table's policy is "organizationId" = app_current_org(); Organization's is
-- "id" = app_current_org()).
--
-- Each unit of work runs in one transaction that first calls set_config('app.org_id', <uuid>,
-- true) (lib/db/tenant.ts withOrg, lib/db/org-transaction.ts runInOrg, app_submit_response). With
-- no organisation set the setting is missing or '' and this is NULL, so every tenant table reads
-- as empty and refuses writes. It reads nothing and writes nothing. STABLE (constant within a
-- statement), so a policy's comparison with it can use an index; PARALLEL SAFE for parallel plans.
CREATE OR REPLACE FUNCTION app_current_org() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT NULLIF(current_setting('app.org_id', true), '')::uuid $$;
