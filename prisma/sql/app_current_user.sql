-- The signed-in person of the current transaction, set with set_config('app.user_id', <uuid>, true)
-- by runInOrg when the unit of work acts for one person (lib/db/org-transaction.ts). Used by the
-- owner policies of Boss Bot's tables: with no person set it is NULL and they read as empty.
CREATE OR REPLACE FUNCTION app_current_user() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT NULLIF(current_setting('app.user_id', true), '')::uuid $$;
