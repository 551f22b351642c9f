// The routes the fuzz test (tests/e2e/fuzz.spec.ts) sends malformed requests to, derived from
// their declarations (support/declared-routes.ts): where each lives, its auth mode, how its path
// is addressed (an id of the entity its params schema names, own or another organisation's), its
// own zod schemas as the oracles of what must be refused, its body limit, whether it checks the
// Origin and whether a valid request writes. What a declaration cannot say (a valid example body
// or query, the run count, a path segment that names no row) is in FUZZ_EXTRAS; a route without
// extras is fuzzed all the same, with malformed input made from nothing.
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { Entity } from "@/lib/validation/entity-id";
import { BUILTIN_LIBRARY } from "@/lib/library/builtin";
import { PASSWORD, type Workspace } from "./workspace";
import { signupBody } from "./signup";
import { literalOf, objectShape, referenceFields, type DeclaredRoute, type RouteDeclaration } from "./declared-routes";
import { entityOf } from "@/lib/validation/entity-id";

/** One side of the fuzz: a workspace with a row of every entity a route may name. */
export type Side = Workspace & {
  openSurveyId: string;
  questionId: string;
  closedSurveyId: string;
  chatId: string;
  contentId: string;
  meetingId: string;
  agendaItemId: string;
  actionItemId: string;
  templateId: string;
  prepFormId: string;
  actionPlanId: string;
  actionPlanStepId: string;
};
export type Fixture = {
  own: Side;
  foreign: Side;
  cookie: string;
  foreignCookie: string;
  orgIds: string[];
  ownIds: Set<string>;
  foreignIds: string[];
};

type Sides = Pick<Fixture, "own" | "foreign">;
type Ids = { own: (f: Sides) => string[]; foreign: (f: Sides) => string[] };
const both = (pick: (s: Side) => string[]): Ids => ({ own: (f) => pick(f.own), foreign: (f) => pick(f.foreign) });

/** The fixture's rows of each entity: a path parameter naming one is sent the caller's own
 * organisation's (served) or the other's (refused). A new entity fails to compile here until the
 * fixture (prepareSide in fuzz.spec.ts) has a row of it; the fixture's id lists follow from this
 * table (fixtureIdsOf), so nothing else names the new rows. */
const ENTITY_IDS: Record<Entity, Ids> = {
  organization: both((s) => [s.orgId]),
  user: {
    own: (f) => [f.own.employee.id, f.own.manager.id],
    foreign: (f) => [f.foreign.employee.id, f.foreign.admin.id],
  },
  team: both((s) => [s.team.id]),
  survey: both((s) => [s.openSurveyId, s.closedSurveyId]),
  question: both((s) => [s.questionId]),
  content: both((s) => [s.contentId]),
  conversation: both((s) => [s.chatId]),
  meeting: both((s) => [s.meetingId]),
  agendaItem: both((s) => [s.agendaItemId]),
  actionItem: both((s) => [s.actionItemId]),
  prepForm: both((s) => [s.prepFormId]),
  notification: both((s) => [s.notificationId]),
  template: both((s) => [s.templateId]),
  actionPlan: both((s) => [s.actionPlanId]),
  actionPlanStep: both((s) => [s.actionPlanStepId]),
};

/** Every id of `side`'s rows in ENTITY_IDS, each entity's picks for the side as own and as foreign
 * (the user picks differ: a path is never sent the signed-in admin as its own), without repeats.
 * The fixture's ownIds and foreignIds: an id the fuzz sends is the caller's own when it is here. */
export function fixtureIdsOf(side: Side, other: Side): string[] {
  const asOwn = { own: side, foreign: other };
  const asForeign = { own: other, foreign: side };
  return [...new Set(Object.values(ENTITY_IDS).flatMap((ids) => [...ids.own(asOwn), ...ids.foreign(asForeign)]))];
}

export type ParamKind =
  | { t: "uuid"; own: (f: Fixture) => string[]; foreign: (f: Fixture) => string[] }
  | { t: "literal"; value: string }
  /** A workspace name: `mustBeOwn` when the route answers 404 for any but the Host's own. */
  | { t: "subdomain"; mustBeOwn: boolean }
  | { t: "catchall" };

export type RouteSpec = {
  key: string;
  method: string;
  file: string;
  /** Where the route lives: a workspace host, or the main site (signup). */
  site: "tenant" | "main";
  /** "unwrapped": a handler not built with apiRoute() (next-auth's): nothing is concluded from its input. */
  auth: RouteDeclaration["auth"] | "unwrapped";
  params?: Record<string, ParamKind>;
  /** The params schema: path segments it rejects are refused. */
  paramsSchema?: z.ZodType;
  query?: { valid: (f: Fixture) => Record<string, string>; schema?: z.ZodType };
  body?: {
    valid: (f: Fixture) => unknown;
    /** The route's schema: a body it rejects must be refused. */
    schema?: z.ZodType;
    max: number;
    /** Dotted paths (array indexes left out) of fields naming rows: another organisation's (or no) row there is refused. */
    refs: Set<string>;
  };
  /** Keys (path, query, the body's top level) that must be the caller's own organisation / user id. */
  ownOrganization: readonly string[];
  ownUser: readonly string[];
  /** Whether a valid request changes data. Such a route gets only requests it must refuse. */
  writes: boolean;
  /** The route refuses a foreign Origin on this method. */
  sameOrigin: boolean;
  /** Why every request to it is refused whatever it holds (a signature the fuzz never has). */
  refusesAll?: string;
  runs: number;
};

/** What a declaration cannot tell, by "METHOD file". Every field is optional. */
type FuzzExtra = {
  /** A valid body, which the fuzz mutates (default {}). */
  body?: (f: Fixture) => unknown;
  /** A valid query (default none). */
  query?: (f: Fixture) => Record<string, string>;
  /** Path segments that name no row and are no literal. */
  params?: Record<string, ParamKind>;
  refusesAll?: string;
  /** Requests per run (default by shape: see defaultRuns). */
  runs?: number;
};

const hex = () => randomBytes(3).toString("hex");
const person = (f: Fixture) => ({
  firstName: "Fuzz",
  lastName: "Person",
  email: `fuzz.${hex()}@fuzz.example`,
  role: "employee",
  teamId: f.own.team.id,
  managerId: f.own.manager.id,
});
const content = () => ({
  title: "Fuzz item",
  content: "Fuzz text",
  contentType: "script",
  category: "communication",
  tags: ["fuzz"],
  priority: 2,
});
const team = (f: Fixture) => ({ name: `Fuzz team ${hex()}`, managerId: f.own.manager.id });
const template = () => ({ name: `Fuzz template ${hex()}`, description: "", templateQuestions: ["How was the week?"] });
const coach = (f: Fixture) => ({
  message: "How do I handle a disengaged report?",
  conversationId: f.own.chatId,
  organizationId: f.own.orgId,
});
const token = () => ({ token: randomBytes(32).toString("base64url") });
const billing = (f: Fixture) => ({ organizationId: f.own.orgId });

const builtinItem: ParamKind = { t: "literal", value: BUILTIN_LIBRARY[0]?.id ?? "no-builtin-items" };

const A = "app/api";
/** The fuzz's extras: valid examples the mutations start from, and run counts where a route's
 * depth calls for more (or less) than its shape's default. A key naming no route fails the test. */
const FUZZ_EXTRAS: Record<string, FuzzExtra> = {
  [`GET ${A}/auth/[...nextauth]/route.ts`]: { runs: 120 },
  // Methods no client uses on /api: the catch-all answers them as the others.
  [`HEAD ${A}/[...rest]/route.ts`]: { runs: 20 },
  [`OPTIONS ${A}/[...rest]/route.ts`]: { runs: 20 },
  [`POST ${A}/auth/[...nextauth]/route.ts`]: { runs: 120 },
  // Signs in only with a handoff token of 256 random bits, which the fuzz never has.
  [`POST ${A}/auth/quick-login/[subdomain]/route.ts`]: {
    params: { subdomain: { t: "subdomain", mustBeOwn: true } },
    body: token,
    runs: 120,
  },
  [`POST ${A}/chat/conversations/route.ts`]: {
    body: (f) => ({ userId: f.own.admin.id, organizationId: f.own.orgId, title: "Fuzz chat" }),
    runs: 120,
  },
  [`PATCH ${A}/chat/conversations/[key]/route.ts`]: { body: () => ({ title: "Fuzz rename" }), runs: 120 },
  [`POST ${A}/ai/categorize-content/route.ts`]: {
    body: (f) => ({
      content: "## Giving feedback\nAsk first, then describe the behaviour and its impact.",
      organizationId: f.own.orgId,
    }),
    runs: 100,
  },
  [`POST ${A}/ai-coach/stream/route.ts`]: { body: coach, runs: 80 },
  [`POST ${A}/ai-coach/chat/route.ts`]: { body: coach, runs: 80 },
  [`POST ${A}/chat/messages/route.ts`]: {
    body: (f) => ({ conversationId: f.own.chatId, type: "user", content: "How do I handle a disengaged report?" }),
    runs: 80,
  },
  // Confirms only a group of the recovery key shown in the same session, which the fuzz's
  // session was never shown; opens only vaults sealed by a password reset, with their key.
  [`POST ${A}/vault/recovery-key/confirm/route.ts`]: { body: () => ({ group: 3, value: "7K2M" }), runs: 80 },
  [`POST ${A}/vault/recover/route.ts`]: { body: () => ({ recoveryKey: "7K2M-Q9XD-0000-0000-0000-0000-0000-0000" }) },
  [`PATCH ${A}/notifications/[key]/[sub]/route.ts`]: { body: (f) => ({ userId: f.own.admin.id }), runs: 160 },
  [`PATCH ${A}/organizations/[orgId]/anonymity/route.ts`]: { body: () => ({ minGroupSize: 5 }), runs: 160 },
  [`PATCH ${A}/organizations/[orgId]/email-settings/route.ts`]: {
    body: () => ({ emailSubject: "Your pulse", emailBody: "Hi {{firstName}}, answer here: {{surveyLink}}" }),
    runs: 160,
  },
  [`PATCH ${A}/organizations/[orgId]/email-sender/route.ts`]: {
    body: () => ({ mailSenderName: "Acme People", mailReplyTo: "people@acme.example", accentColor: "#0f766e" }),
    runs: 160,
  },
  [`PATCH ${A}/organizations/[orgId]/pulse-schedule/route.ts`]: {
    body: () => ({ pulseEnabled: false, pulseWeekday: 2, pulseTime: "10:30", pulseTimeZone: "Europe/Berlin" }),
    runs: 160,
  },
  [`GET ${A}/pulse/export/route.ts`]: { query: (f) => ({ round: f.own.closedSurveyId, segment: "teams" }), runs: 100 },
  [`GET ${A}/pulse/route.ts`]: { query: (f) => ({ round: f.own.closedSurveyId, segment: "all" }), runs: 100 },
  [`GET ${A}/signup/check-subdomain/[subdomain]/route.ts`]: {
    params: { subdomain: { t: "subdomain", mustBeOwn: false } },
    runs: 100,
  },
  [`POST ${A}/signup/complete/route.ts`]: {
    body: () => signupBody(`fz${randomBytes(4).toString("hex")}`, PASSWORD),
    runs: 200,
  },
  [`POST ${A}/signup/setup-intent/route.ts`]: {
    body: () => ({
      email: `fz${randomBytes(4).toString("hex")}@fuzz.example`,
      name: "Fuzz Person",
      companyName: "Fuzz Co",
    }),
  },
  [`GET ${A}/surveys/[surveyId]/questions/route.ts`]: { query: token, runs: 80 },
  [`GET ${A}/surveys/[surveyId]/route.ts`]: { query: token, runs: 80 },
  // Stores an answer only with an unspent link's token (256 random bits, never known here) or as
  // the invited person signed in; the admin the fuzz signs in as was invited to nothing.
  [`POST ${A}/surveys/responses/route.ts`]: {
    body: (f) => ({
      surveyId: f.own.openSurveyId,
      ...token(),
      responses: [{ questionId: f.own.questionId, answer: 4 }],
    }),
    runs: 200,
  },
  [`POST ${A}/surveys/route.ts`]: {
    body: (f) => ({
      title: "Fuzz survey",
      questions: [{ type: "scale", text: "How is it?", isRequired: true }],
      audience: { teamIds: [f.own.team.id] },
      send: { now: true },
      openDays: 7,
    }),
    runs: 200,
  },
  [`GET ${A}/leadership-content/route.ts`]: { query: () => ({ q: "fuzz", type: "framework" }) },
  [`POST ${A}/leadership-content/route.ts`]: { body: content, runs: 160 },
  [`PUT ${A}/leadership-content/[key]/route.ts`]: { body: content, runs: 160 },
  // A built-in item's id is its slug: the first item's is the one served, any other is refused.
  [`PUT ${A}/leadership-content/builtin/[id]/hidden/route.ts`]: { params: { id: builtinItem } },
  [`DELETE ${A}/leadership-content/builtin/[id]/hidden/route.ts`]: { params: { id: builtinItem } },
  [`POST ${A}/leadership-content/import/route.ts`]: {
    body: () => ({ items: [{ content: "# Fuzz\n\nSome text to import.", filename: "fuzz.md" }] }),
    runs: 120,
  },
  [`PUT ${A}/teams/[teamId]/route.ts`]: { body: team, runs: 160 },
  [`POST ${A}/teams/route.ts`]: { body: team, runs: 160 },
  [`PUT ${A}/users/[id]/route.ts`]: { body: person, runs: 160 },
  [`POST ${A}/users/route.ts`]: { body: person, runs: 160 },
  [`POST ${A}/users/bulk-import/route.ts`]: {
    body: () => ({
      users: [{ firstName: "Fuzz", lastName: "Import", email: `fuzz.${hex()}@fuzz.example`, role: "employee" }],
    }),
    runs: 160,
  },
  [`GET ${A}/users/by-organization/route.ts`]: {
    query: (f) => ({ organizationId: f.own.orgId, search: "a", roles: "manager,admin", limit: "10", offset: "0" }),
    runs: 80,
  },
  [`GET ${A}/users/organization/[orgId]/route.ts`]: {
    query: () => ({ search: "a", roles: "employee", limit: "5", offset: "1" }),
    runs: 80,
  },
  [`POST ${A}/one-on-one-templates/route.ts`]: { body: template, runs: 160 },
  [`PUT ${A}/one-on-one-templates/[id]/route.ts`]: { body: template, runs: 120 },
  [`PUT ${A}/one-on-one-prep/[id]/route.ts`]: { body: () => ({ wins: "Fuzz win", mood: 4 }), runs: 120 },
  [`POST ${A}/one-on-one-prep/route.ts`]: {
    body: (f) => ({ meetingId: f.own.meetingId, employeeId: f.own.employee.id, wins: "Fuzz win", stressLevel: 2 }),
    runs: 120,
  },
  [`POST ${A}/one-on-one/prep-form/route.ts`]: {
    body: (f) => ({
      meetingId: f.own.meetingId,
      employeeId: f.own.employee.id,
      wins: "Fuzz win",
      mood: 3,
      stressLevel: 3,
    }),
    runs: 120,
  },
  [`POST ${A}/meetings/one-on-one/[meetingId]/agenda/route.ts`]: { body: () => ({ text: "Fuzz point" }) },
  [`PATCH ${A}/meetings/one-on-one/[meetingId]/agenda/[itemId]/route.ts`]: { body: () => ({ done: true }) },
  [`PUT ${A}/meetings/one-on-one/[meetingId]/agenda/order/route.ts`]: {
    body: (f) => ({ itemIds: [f.own.agendaItemId] }),
  },
  [`POST ${A}/meetings/one-on-one/[meetingId]/action-items/route.ts`]: {
    body: (f) => ({ text: "Fuzz action", ownerId: f.own.employee.id, dueDate: "2027-01-31" }),
  },
  [`PATCH ${A}/meetings/one-on-one/[meetingId]/action-items/[itemId]/route.ts`]: {
    body: () => ({ completed: true, dueDate: null }),
  },
  [`PUT ${A}/meetings/one-on-one/[meetingId]/private-note/route.ts`]: { body: () => ({ body: "Fuzz note" }) },
  [`PUT ${A}/meetings/one-on-one/[meetingId]/suggestion-reviews/route.ts`]: {
    body: () => ({ suggestionId: "low-mood-0a1b2c3d", reviewed: true }),
  },
  [`GET ${A}/meetings/one-on-one/route.ts`]: { query: () => ({ when: "past" }), runs: 80 },
  [`POST ${A}/meetings/one-on-one/route.ts`]: {
    body: (f) => ({
      employeeId: f.own.employee.id,
      scheduledAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      timeZone: "Europe/Berlin",
      durationMinutes: 30,
      recurrence: "weekly",
    }),
    runs: 160,
  },
  [`GET ${A}/meetings/one-on-one/people/route.ts`]: { runs: 20 },
  [`PUT ${A}/meetings/one-on-one/[meetingId]/route.ts`]: { body: () => ({ notes: "Fuzz notes", status: "completed" }) },
  [`POST ${A}/meetings/one-on-one/[meetingId]/reschedule/route.ts`]: {
    body: () => ({ scheduledAt: new Date(Date.now() + 9 * 86_400_000).toISOString(), durationMinutes: 45 }),
  },
  [`POST ${A}/meetings/one-on-one/[meetingId]/cancel/route.ts`]: { body: () => ({ scope: "series" }), runs: 60 },
  [`POST ${A}/action-plans/route.ts`]: {
    body: (f) => ({
      title: "Fuzz plan",
      dimension: "feedback",
      teamId: f.own.team.id,
      ownerId: f.own.manager.id,
      dueAt: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      visibility: "team",
      steps: [{ title: "Fuzz step", ownerId: f.own.employee.id, dueAt: null }],
    }),
    runs: 160,
  },
  [`PATCH ${A}/action-plans/[id]/route.ts`]: {
    body: (f) => ({
      title: "Fuzz plan renamed",
      steps: [
        { id: f.own.actionPlanStepId, title: "Fuzz step" },
        { title: "Another step", ownerId: f.own.manager.id },
      ],
      dueAt: new Date(Date.now() + 40 * 86_400_000).toISOString(),
    }),
    runs: 160,
  },
  [`PATCH ${A}/action-plans/[id]/steps/[stepId]/route.ts`]: { body: () => ({ done: true }), runs: 80 },
  [`POST ${A}/billing/upgrade/route.ts`]: { body: billing, runs: 40 },
  [`POST ${A}/billing/cancel/route.ts`]: { body: billing, runs: 40 },
  [`POST ${A}/billing/resume/route.ts`]: { body: billing, runs: 40 },
  [`POST ${A}/billing/portal/route.ts`]: { body: billing, runs: 40 },
  [`PUT ${A}/billing/seats/route.ts`]: { body: (f) => ({ organizationId: f.own.orgId, seats: 12 }) },
  // No request of the fuzz carries a Stripe signature: every one is refused (400, or 409 without
  // Stripe) and nothing is stored.
  [`POST ${A}/billing/webhook/route.ts`]: {
    body: () => ({
      id: "evt_fuzz",
      object: "event",
      type: "invoice.paid",
      data: { object: { object: "invoice", customer: "cus_fuzz" } },
    }),
    refusesAll: "no Stripe signature",
  },
};

/** Requests per route when its extras name none: more where there is more input to get wrong. */
function defaultRuns(route: DeclaredRoute): number {
  const d = route.declaration;
  if (!d) return 40;
  const inputs = (d.params ? 1 : 0) + (d.query ? 1 : 0) + (d.body ? 2 : 0);
  return d.writes ? 40 + 20 * inputs : 40 + 10 * inputs;
}

/** How the fuzz addresses and judges one declared route. */
export function fuzzRoute(route: DeclaredRoute): RouteSpec {
  const d = route.declaration;
  const extra = FUZZ_EXTRAS[route.key] ?? {};
  const shape = objectShape(d?.params);
  const ownUser = d?.ownUser ?? [];
  const params: Record<string, ParamKind> = {};
  for (const { name, catchAll } of route.segments) {
    const entity = entityOf(shape[name]);
    const literal = literalOf(shape[name]);
    params[name] = catchAll
      ? { t: "catchall" }
      : (extra.params?.[name] ??
        (ownUser.includes(name)
          ? { t: "uuid", own: (f) => [f.own.admin.id], foreign: (f) => [f.foreign.admin.id] }
          : entity
            ? { t: "uuid", ...ENTITY_IDS[entity] }
            : literal !== undefined
              ? { t: "literal", value: literal }
              : // A segment that names nothing known: any own id is taken as possibly served.
                { t: "uuid", own: (f) => [...f.ownIds], foreign: (f) => f.foreignIds }));
  }
  return {
    key: route.key,
    method: route.method,
    file: route.file,
    site: d?.auth === "main" ? "main" : "tenant",
    auth: d?.auth ?? "unwrapped",
    ...(route.segments.length ? { params } : {}),
    ...(d?.params ? { paramsSchema: d.params } : {}),
    ...(d?.query || extra.query ? { query: { valid: extra.query ?? (() => ({})), schema: d?.query } } : {}),
    // A route that reads its body raw (the webhook) declares no schema: its example body is sent all
    // the same, up to the limit it declares.
    ...(d?.body || extra.body
      ? {
          body: {
            valid: extra.body ?? (() => ({})),
            schema: d?.body,
            max: d?.maxBodyBytes ?? 64 * 1024,
            refs: new Set(referenceFields(d?.body).map((r) => r.field)),
          },
        }
      : {}),
    ownOrganization: d?.ownOrganization ?? [],
    ownUser,
    writes: d?.writes ?? false,
    sameOrigin: d?.sameOrigin ?? false,
    ...(extra.refusesAll ? { refusesAll: extra.refusesAll } : {}),
    runs: extra.runs ?? defaultRuns(route),
  };
}

/** Extras that name no declared route: a route renamed or removed leaves one behind. */
export function staleExtras(routes: DeclaredRoute[]): string[] {
  const keys = new Set(routes.map((r) => r.key));
  return Object.keys(FUZZ_EXTRAS).filter((k) => !keys.has(k));
}
