// The stable codes of every error the product reports, shared by server and client. A client
// decides by code, never by message text or HTTP status: the texts are the product's voice and may
// be reworded, and one status covers many refusals (scripts/lint/error-contract.mjs enforces it;
// tests/unit/error-codes.test.ts holds every code here in use).
export const ERROR_CODES = [
  // Generic, from the edges (request parsing, sign-in, permission, lookup).
  "invalid_input",
  "control_characters",
  "payload_too_large",
  "unsupported_media_type",
  "unauthenticated",
  "forbidden", // the role lacks the permission (lib/auth/permissions.ts)
  "cross_site_request",
  "not_found",
  "rate_limited",
  "internal",
  // The database (or its pooler) cannot be reached right now: 503 with Retry-After.
  "database_unavailable",
  // Readiness: the database lacks migrations this build expects (a deploy ahead of its migration).
  "migrations_pending",
  // People.
  "email_taken",
  "last_admin",
  "admin_not_deletable",
  "invitation_already_accepted",
  "invitation_invalid",
  "team_name_taken",
  "seat_limit",
  "import_conflict",
  // The import template's own example people, sent without the admin confirming them.
  "import_sample_rows",
  // A person's own sign-in: only they change their e-mail once their account is active.
  "email_change_not_allowed",
  "email_change_link_invalid",
  // Signup and sign-in.
  "subdomain_taken",
  "subdomain_reserved",
  "quick_login_invalid",
  "wrong_password",
  "reset_link_invalid",
  // The personal vault (Boss Bot conversations and private notes).
  "vault_setup_required",
  "vault_locked",
  "vault_recovery_key_saved",
  // Workspace e-mail verification.
  "verification_link_invalid",
  "email_already_verified",
  // Surveys.
  "survey_link_invalid",
  "survey_closed",
  "survey_already_answered",
  "survey_not_sent",
  "survey_already_closed",
  // 1:1 templates and prep forms.
  "template_name_taken",
  "prep_form_closed",
  "prep_form_employee_only",
  // 1:1 meetings.
  "meeting_manager_only",
  "meeting_not_scheduled",
  "meeting_cancelled",
  "meeting_not_due",
  // 1:1 agenda, action items, notes.
  "agenda_item_not_yours",
  "action_item_not_yours",
  // Action plans.
  "plan_team_not_led",
  "plan_org_scope_admin_only",
  "plan_not_yours",
  "plan_step_not_yours",
  "plan_already_published",
  "plan_closed",
  "plan_status_not_allowed",
  // Billing.
  "billing_not_configured",
  "billing_unavailable",
  "workspace_read_only",
  "seats_below_users",
  "subscription_already_active",
  // A checkout already set up the subscription, or one is open on the payment page.
  "subscription_set_up",
  "checkout_in_progress",
  "no_subscription",
  "payment_setup_invalid",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const isErrorCode = (v: unknown): v is ErrorCode =>
  typeof v === "string" && (ERROR_CODES as readonly string[]).includes(v);
