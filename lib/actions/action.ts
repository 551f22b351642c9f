import "server-only";
import { randomUUID } from "node:crypto";
import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import type { Permission } from "@/lib/auth/permissions";
import { requirePermission } from "@/lib/auth/authorize";
import { currentSession } from "@/lib/auth/current-session";
import { currentTenant, type Tenant } from "@/lib/tenancy/resolve";
import { lowerCaseUuids, refuseControlText } from "@/lib/api/body";
import { enforceRateLimit, requestAddress, type RateLimitName } from "@/lib/api/rate-limit";
import { invalidInput, notFoundWith, unauthenticated } from "@/lib/errors/domain-error";
import { toProblem, zodFieldErrors } from "@/lib/errors/problem";
import { log } from "@/lib/log/logger";
import { recordingActionWrites } from "@/lib/db/read-routing";
import { refuseWhenReadOnly, type ReadOnlyRule } from "@/lib/billing/access";
import { CORRECT_FIELDS, type FormAction, type FormState } from "@/lib/actions/form-state";

/**
 * The one server-action client: what apiRoute is for /api routes, this is for forms. Each action
 * declares its auth mode, the permission it needs and the zod schema of its fields; the wrapper
 * resolves the workspace and the session, refuses control characters, lower-cases UUIDs, parses
 * the FormData, and maps every error (lib/errors/problem.ts) to a typed FormState. Bad input is a
 * result with a code and an HTTP-like status (400, 401, 403, 404, 409, 429), never a thrown 500;
 * only an unexpected error is logged, with a request id, and answered with a generic message.
 *
 * - session: a signed-in user of the workspace named by the Host header.
 * - tenant:  no sign-in, but the Host must name an existing workspace.
 * - public:  anyone.
 * A session or tenant action declared `readOnly: "refuse"` fails with workspace_read_only (409) in
 * a read-only workspace.
 */
type Base<S extends z.ZodType> = {
  input: S;
  permission?: never;
  /** A limit of lib/api/rate-limit.ts, counted once the workspace is known and before the fields
   * are read; over it, a failed state with code rate_limited (429). */
  rateLimit?: RateLimitName;
};
/** Actions of a workspace (session and tenant) say what they do once it is read-only. */
type WorkspaceRule = {
  /** What the action does in a read-only workspace (its subscription ended): "allow" runs it,
   * "refuse" fails with workspace_read_only (409) after the sign-in, permission and rate limit and
   * before the fields are read. Every session and tenant action declares it
   * (tests/unit/action-declarations.test.ts fails on one that does not); the families are in
   * CONTRIBUTING.md (Read-only workspaces). */
  readOnly?: ReadOnlyRule;
};
type SessionAction<S extends z.ZodType> = Omit<Base<S>, "permission"> &
  WorkspaceRule & { auth: "session"; permission?: Permission };
type TenantAction<S extends z.ZodType> = Base<S> & WorkspaceRule & { auth: "tenant" };
// A public action knows no workspace: no rule.
type PublicAction<S extends z.ZodType> = Base<S> & { auth: "public"; readOnly?: never };

/** What an action is, as its formAction() call declared it: what tests derive their checks from
 * (tests/support/action-declarations.ts). */
export type ActionDeclaration = {
  auth: "session" | "tenant" | "public";
  permission?: Permission;
  rateLimit?: RateLimitName;
  readOnly?: ReadOnlyRule;
};
/** A server action that tells what it is. */
export type DeclaredAction = FormAction & { declaration: ActionDeclaration };

/** What a handler may return: a message for the form, or nothing (then "ok" without one). */
type Outcome = { message?: string } | void;

const SESSION_ENDED = "Your session has ended. Please sign in again.";
const NO_WORKSPACE = "This workspace does not exist.";

/** FormData's text fields as a plain object (files are not accepted by any action). */
function formFields(form: FormData): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") raw[k] = v;
  return raw;
}

function parseFields<S extends z.ZodType>(schema: S, form: unknown): z.output<S> {
  // A server action can be called with any serialisable argument, not only the form's FormData.
  if (!(form instanceof FormData))
    throw invalidInput("This form could not be read. Please reload the page and try again.");
  const raw = formFields(form);
  refuseControlText(raw);
  const r = schema.safeParse(lowerCaseUuids(raw));
  if (!r.success) throw invalidInput(CORRECT_FIELDS, zodFieldErrors(r.error.issues));
  return r.data;
}

function failure(err: unknown): FormState {
  // Next's redirect() and notFound() travel as thrown errors: they are answers, not failures.
  unstable_rethrow(err);
  const requestId = randomUUID();
  const { problem, expected } = toProblem(err, requestId);
  if (!expected) log.error("action.unexpected", { requestId, err });
  return {
    status: "error",
    code: problem.code,
    message: problem.detail,
    ...(problem.fields ? { fields: problem.fields } : {}),
  };
}

async function limitRate(name: RateLimitName | undefined, orgId?: string): Promise<void> {
  if (name) await enforceRateLimit(name, { address: await requestAddress(), orgId });
}

const ok = (outcome: Outcome): FormState => ({
  status: "ok",
  ...(outcome?.message ? { message: outcome.message } : {}),
});

export function formAction<S extends z.ZodType>(
  spec: SessionAction<S>,
  handler: (a: { input: z.output<S>; ctx: AuthContext }) => Promise<Outcome>,
): DeclaredAction;
export function formAction<S extends z.ZodType>(
  spec: TenantAction<S>,
  handler: (a: { input: z.output<S>; tenant: Tenant }) => Promise<Outcome>,
): DeclaredAction;
export function formAction<S extends z.ZodType>(
  spec: PublicAction<S>,
  handler: (a: { input: z.output<S> }) => Promise<Outcome>,
): DeclaredAction;
export function formAction(
  spec: SessionAction<z.ZodType> | TenantAction<z.ZodType> | PublicAction<z.ZodType>,
  // Each overload narrows the handler's argument; the implementation only passes it along.
  handlerArg: (a: never) => Promise<Outcome>,
): DeclaredAction {
  const handler = recordingActionWrites(
    handlerArg as (a: { input: unknown; ctx?: AuthContext; tenant?: Tenant }) => Promise<Outcome>,
  );
  const declaration: ActionDeclaration = {
    auth: spec.auth,
    ...(spec.auth === "session" && spec.permission ? { permission: spec.permission } : {}),
    ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}),
    ...(spec.auth !== "public" && spec.readOnly ? { readOnly: spec.readOnly } : {}),
  };
  const action: FormAction = async (_prev, form) => {
    try {
      if (spec.auth === "session") {
        const session = await currentSession();
        if (!session) throw unauthenticated(SESSION_ENDED);
        if (spec.permission) requirePermission(session.ctx, spec.permission);
        await limitRate(spec.rateLimit, session.ctx.orgId);
        if (declaration.readOnly === "refuse") await refuseWhenReadOnly(session.ctx.orgId);
        return ok(await handler({ input: parseFields(spec.input, form), ctx: session.ctx }));
      }
      if (spec.auth === "tenant") {
        const tenant = await currentTenant();
        if (!tenant) throw notFoundWith("not_found", NO_WORKSPACE);
        await limitRate(spec.rateLimit, tenant.orgId);
        if (declaration.readOnly === "refuse") await refuseWhenReadOnly(tenant.orgId);
        return ok(await handler({ input: parseFields(spec.input, form), tenant }));
      }
      await limitRate(spec.rateLimit);
      return ok(await handler({ input: parseFields(spec.input, form) }));
    } catch (err) {
      return failure(err);
    }
  };
  return Object.assign(action, { declaration });
}
