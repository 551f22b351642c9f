-- app_org_id_for_stripe_customer: Stripe customer id -> organisation, for the billing webhook,
-- which learns the organisation of an event only from the customer Stripe names in it.
--
-- SECURITY DEFINER (runs as the table owner, past row-level security), so it returns only the id
-- and takes only a customer id. Reads one row by the unique stripeCustomerId index; writes
-- nothing; search_path pinned.
CREATE OR REPLACE FUNCTION app_org_id_for_stripe_customer(customer text) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT "organizationId" FROM "BillingAccount" WHERE "stripeCustomerId" = customer $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_org_id_for_stripe_customer(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_org_id_for_stripe_customer(text) TO pulsewell_app;
