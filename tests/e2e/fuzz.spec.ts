import { test, expect } from "./support/test";
import fc from "fast-check";
import http from "node:http";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashToken } from "@/lib/auth/token-hash";
import { E2E_PORT, ROOT } from "../../playwright.config";
import { createWorkspace, e2eDb, PASSWORD, type Workspace } from "./support/workspace";
import { signIn } from "./support/http";
import { seedConversation } from "./support/routes/coach";
import { declaredRoutes, urlOf } from "./support/declared-routes";
import {
  fixtureIdsOf,
  fuzzRoute,
  staleExtras,
  type Fixture,
  type ParamKind,
  type RouteSpec,
  type Side,
} from "./support/fuzz-routes";
import {
  EXCLUDED_COLUMNS,
  EXCLUDED_SCHEMAS,
  EXCLUDED_TABLES,
  snapshot,
  snapshotChanges,
  superuserQuery,
} from "./support/db";

// A fuzz test over every /api route and method (read from the routes' declarations:
// support/fuzz-routes.ts) and every server action of the built app: fast-check makes malformed requests (bodies, path parameters, query strings,
// headers, encodings, hosts and cookies), sends them raw to the production server, and fails on any
// 5xx (but the known, reported ones listed in KNOWN_5XX, each matched narrowly), and on any write:
// the database's rows of this test's organisations (and every table that belongs to no
// organisation) are fingerprinted before and after each route's batch.
//
// Requests that a route must refuse are generated so that they are refused: for a route that
// writes on a valid request, every request carries at least one defect that the wrapper or the
// domain refuses (a body its own zod schema rejects, a foreign or malformed id, no session, a
// foreign Origin, an unknown host...). Which requests are refused is decided from the bytes
// actually sent (decoded and parsed as the server does, checked with the route's own schema), and
// such a request is never answered 2xx (a redirect runs nothing either). Reads may answer anything
// below 500.
//
// Raw node:http, as the other specs do (support/http.ts): Node cannot resolve *.localhost here,
// and the fuzz sends what a browser never would (invalid UTF-8, lone surrogates, odd Host headers).
// Requests leave from many loopback addresses (127.x.y.z), so the rate limits of the public
// endpoints, counted per address, neither stop the fuzz nor use up the other specs' allowance.
//
// Reproduce a failure with the seed printed in the failure message: FUZZ_SEED=<seed>. FUZZ_RUNS
// scales the number of runs (1 by default).

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);

// ------------------------------------------------------------------------------------------------
// The fixture: a workspace signed in as its admin, and another organisation whose ids are aimed at.

async function prepareSide(prefix: string): Promise<Side> {
  const ws = await createWorkspace(prefix);
  // The admin's Boss Bot conversation (sealed with the server's key), for the chat routes.
  const { conversationId: chatId } = await seedConversation(ws, ws.admin.id);
  return runInOrg(e2eDb(), ws.orgId, async (tx) => {
    // No weekly pulse may go out to it while the fuzz runs (the scheduler would write).
    await tx.organization.update({ where: { id: ws.orgId }, data: { pulseEnabled: false } });
    const now = Date.now();
    const open = await tx.survey.create({
      data: {
        organizationId: ws.orgId,
        kind: "custom",
        title: "Fuzz open",
        status: "active",
        scheduledFor: new Date(now),
        sentAt: new Date(now),
        closesAt: new Date(now + 7 * 86_400_000),
        invitedCount: 1,
      },
      select: { id: true },
    });
    const q = await tx.surveyQuestion.create({
      data: {
        organizationId: ws.orgId,
        surveyId: open.id,
        order: 1,
        type: "scale",
        text: "Fuzz?",
        dimension: "overall",
      },
      select: { id: true },
    });
    // The employee's link; its token is thrown away, so no request of the fuzz can spend it.
    await tx.surveyInvitation.create({
      data: {
        organizationId: ws.orgId,
        surveyId: open.id,
        userId: ws.employee.id,
        tokenHash: hashToken(randomBytes(32).toString("base64url")),
      },
    });
    const closed = await tx.survey.create({
      data: {
        organizationId: ws.orgId,
        kind: "pulse",
        title: "Fuzz closed",
        status: "closed",
        scheduledFor: new Date(now),
        sentAt: new Date(now),
        closesAt: new Date(now),
        closedAt: new Date(now),
      },
      select: { id: true },
    });
    // A library item, for the content routes.
    const content = await tx.leadershipContent.create({
      data: {
        organizationId: ws.orgId,
        title: "Fuzz playbook",
        content: "Fuzz content.",
        contentType: "framework",
        category: "delegation",
        tags: ["fuzz"],
      },
      select: { id: true },
    });
    // A draft action plan of the team with one step, for the action plan routes.
    const plan = await tx.actionPlan.create({
      data: {
        organizationId: ws.orgId,
        title: "Fuzz plan",
        dimension: "recognition",
        teamId: ws.team.id,
        ownerId: ws.manager.id,
        createdById: ws.admin.id,
        dueAt: new Date(now + 60 * 86_400_000),
      },
      select: { id: true },
    });
    const step = await tx.actionPlanStep.create({
      data: { organizationId: ws.orgId, planId: plan.id, order: 0, title: "Fuzz step", ownerId: ws.employee.id },
      select: { id: true },
    });
    return {
      ...ws,
      openSurveyId: open.id,
      questionId: q.id,
      closedSurveyId: closed.id,
      chatId,
      contentId: content.id,
      actionPlanId: plan.id,
      actionPlanStepId: step.id,
    };
  }).then(async (side) => ({ ...side, ...(await seedMeeting(ws)) }));
}

/** A 1:1 of the admin (manager, who may schedule with anyone) with the employee, ten days ahead
 * (no reminder falls due while the fuzz runs; no recurrence, so the job never extends it), from a
 * template of the organisation's, with one talking point, one action item and the employee's draft
 * prep form: the 1:1 routes' fuzzed parameters and bodies reach a real meeting of the caller's.
 * Written in the pair's unit of work, as the pair-only policies require. */
async function seedMeeting(
  ws: Workspace,
): Promise<{ meetingId: string; agendaItemId: string; actionItemId: string; templateId: string; prepFormId: string }> {
  return runInOrg(
    e2eDb(),
    ws.orgId,
    async (tx) => {
      const at = new Date(Math.ceil((Date.now() + 10 * 86_400_000) / 3_600_000) * 3_600_000);
      const pair = { organizationId: ws.orgId, managerId: ws.admin.id, employeeId: ws.employee.id };
      const template = await tx.meetingTemplate.create({
        data: { organizationId: ws.orgId, name: "Fuzz template", description: "", questions: ["How was the week?"] },
        select: { id: true },
      });
      const series = await tx.meetingSeries.create({
        data: {
          ...pair,
          templateId: template.id,
          recurrence: "none",
          timeZone: "Europe/Berlin",
          startsAt: at,
          durationMinutes: 30,
          materializedUntil: at,
        },
        select: { id: true },
      });
      const meeting = await tx.meeting.create({
        data: { ...pair, seriesId: series.id, occurrenceStart: at, scheduledAt: at, durationMinutes: 30 },
        select: { id: true },
      });
      const agenda = await tx.meetingAgendaItem.create({
        data: {
          ...pair,
          meetingId: meeting.id,
          kind: "talking_point",
          text: "Fuzz talking point",
          position: 0,
          authorId: ws.admin.id,
        },
        select: { id: true },
      });
      const action = await tx.meetingActionItem.create({
        data: {
          ...pair,
          originMeetingId: meeting.id,
          ownerId: ws.employee.id,
          text: "Fuzz action item",
          createdById: ws.admin.id,
        },
        select: { id: true },
      });
      const prep = await tx.meetingPrepForm.create({
        data: { ...pair, meetingId: meeting.id, wins: "Fuzz draft", mood: 3 },
        select: { id: true },
      });
      return {
        meetingId: meeting.id,
        agendaItemId: agenda.id,
        actionItemId: action.id,
        templateId: template.id,
        prepFormId: prep.id,
      };
    },
    15_000,
    ws.admin.id,
  );
}

let fixture: Promise<Fixture> | undefined;
function getFixture(): Promise<Fixture> {
  fixture ??= (async () => {
    const [own, foreign] = await Promise.all([prepareSide("fz"), prepareSide("fzf")]);
    const cookie = await signIn(own.subdomain, own.admin.email, PASSWORD);
    const foreignCookie = await signIn(foreign.subdomain, foreign.admin.email, PASSWORD);
    if (!cookie || !foreignCookie) throw new Error("the fuzz workspaces' admins could not sign in");
    return {
      own,
      foreign,
      cookie,
      foreignCookie,
      orgIds: [own.orgId, foreign.orgId],
      ownIds: new Set(fixtureIdsOf(own, foreign)),
      foreignIds: fixtureIdsOf(foreign, own),
    };
  })();
  return fixture;
}

// ------------------------------------------------------------------------------------------------
// What the server does with a request's text, mirrored (lib/api/body.ts, lib/api/route.ts), so the
// test knows from the bytes it sends whether the wrapper must refuse them.

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dirty = (s: string) => CONTROL.test(s) || LONE_SURROGATE.test(s);

function hasDirtyText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (dirty(v)) return true;
    } else if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        if (dirty(k)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** Lower-cases UUID strings in place as the wrapper does (passwords keep their case); iterative,
 * as deeply nested bodies are part of the fuzz. */
function lowerUuids(value: unknown): unknown {
  const lower = (s: string) => (UUID.test(s) ? s.toLowerCase() : s);
  if (typeof value === "string") return lower(value);
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) v.forEach((item, i) => (typeof item === "string" ? (v[i] = lower(item)) : stack.push(item)));
    else if (v && typeof v === "object") {
      const record = v as Record<string, unknown>;
      for (const [k, item] of Object.entries(record)) {
        if (typeof item === "string") {
          if (!/password/i.test(k))
            Object.defineProperty(record, k, {
              value: lower(item),
              enumerable: true,
              writable: true,
              configurable: true,
            });
        } else stack.push(item);
      }
    }
  }
  return value;
}

type Parsed = { ok: true; value: unknown } | { ok: false; why: string };

/** readJsonBody's verdict on bytes sent with a Content-Type. */
function readBody(bytes: Buffer | undefined, contentType: string | undefined, max: number): Parsed {
  if (bytes && bytes.length > max) return { ok: false, why: "too large" };
  if (bytes === undefined) return { ok: false, why: "no body" };
  if (!/^application\/json\b/i.test(contentType ?? "")) return { ok: false, why: "content type" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, why: "invalid UTF-8" };
  }
  if (text.trim() === "") return { ok: false, why: "empty" };
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, why: "malformed JSON" };
  }
  if (hasDirtyText(value)) return { ok: false, why: "control characters" };
  return { ok: true, value: lowerUuids(value) };
}

// ------------------------------------------------------------------------------------------------
// The routes, from their declarations.

const DECLARED = await declaredRoutes();
const ROUTES: RouteSpec[] = DECLARED.map(fuzzRoute);

// ------------------------------------------------------------------------------------------------
// Arbitraries: symbolic choices, resolved against the fixture when a request is built (so a seed
// reproduces the same kinds of request whatever ids this run's workspaces got).

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const NASTY = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b",
  "\u001f",
  "\u007f",
  "\u0080",
  "\u0085",
  "\u00a0",
  "\u2028",
  "\u2029",
  "\u202e",
  "\ufeff",
  "\ufffe",
  "\uffff",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
  "\ud83d\ude00",
  "e\u0301",
  "%",
  "%00",
  "%E0%A4%A",
  "\\",
  '"',
  "'",
  "`",
  "${x}",
  "{{firstName}}",
  "{{constructor}}",
  "{{surveyLink}}",
  "__proto__",
  "constructor",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "' OR 1=1 --",
  "\r\n",
  "\t",
  " ",
  "",
  "null",
  "true",
  "0",
  "-1",
  "NaN",
];
const nastyChar = fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: "binary", minLength: 1, maxLength: 1 }));
const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY), weight: 3 },
  { arbitrary: fc.string({ unit: nastyChar, maxLength: 24 }), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 20 }), weight: 2 },
);
const json: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  nastyString,
  fc.array(fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json>, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json>, { maxKeys: 3 }),
);
const extraKey = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "organizationId",
    "orgId",
    "userId",
    "id",
    "role",
    "toString",
    "",
    "reset",
  ),
  nastyString,
);
const RAW_NUMBERS = [
  "1e999",
  "-1e999",
  "1E400",
  "0.1e-400",
  "-0",
  "123456789012345678901234567890",
  "9007199254740993",
  "1.0",
  "0x10",
  "Infinity",
  "NaN",
  "01",
  "+1",
  ".5",
];

type Op =
  | { t: "wrongType"; at: number; value: Json }
  | { t: "delete"; at: number }
  | { t: "extra"; at: number; key: string; value: Json }
  | { t: "string"; at: number; value: string }
  | { t: "rawNumber"; at: number; literal: string }
  | { t: "id"; at: number; which: "foreign" | "random" | "ownUpper" | "nil"; pick: number; uuid: string }
  | { t: "deep"; at: number; depth: number; shape: "array" | "object" }
  | { t: "long"; at: number; length: number; char: string };

const at = fc.nat({ max: 1000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant("wrongType" as const), at, value: wrongValue }), weight: 5 },
  { arbitrary: fc.record({ t: fc.constant("delete" as const), at }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant("extra" as const), at, key: extraKey, value: json }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant("string" as const), at, value: nastyString }), weight: 4 },
  {
    arbitrary: fc.record({ t: fc.constant("rawNumber" as const), at, literal: fc.constantFrom(...RAW_NUMBERS) }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      t: fc.constant("id" as const),
      at,
      which: fc.constantFrom("foreign" as const, "random" as const, "ownUpper" as const, "nil" as const),
      pick: fc.nat({ max: 50 }),
      uuid: fc.uuid(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      t: fc.constant("deep" as const),
      at,
      depth: fc.integer({ min: 50, max: 20_000 }),
      shape: fc.constantFrom("array" as const, "object" as const),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      t: fc.constant("long" as const),
      at,
      length: fc.integer({ min: 1_000, max: 70_000 }),
      char: fc.constantFrom("a", "é", "😀", "\u0000", " ", "{{firstName}}"),
    }),
    weight: 1,
  },
);

type BodyChoice =
  | { t: "none" }
  | { t: "mutate"; ops: Op[] }
  | { t: "json"; value: Json }
  | { t: "text"; pick: number; cut: number }
  | { t: "bytes"; kind: "invalidUtf8" | "utf16" | "random" | "bom" | "nul"; pos: number; random: Uint8Array }
  | { t: "huge"; extra: number };

const bodyChoice: fc.Arbitrary<BodyChoice> = fc.oneof(
  { arbitrary: fc.constant({ t: "none" as const }), weight: 1 },
  {
    arbitrary: fc.record({ t: fc.constant("mutate" as const), ops: fc.array(op, { minLength: 1, maxLength: 3 }) }),
    weight: 10,
  },
  { arbitrary: fc.record({ t: fc.constant("json" as const), value: json }), weight: 2 },
  {
    arbitrary: fc.record({ t: fc.constant("text" as const), pick: fc.nat({ max: 100 }), cut: fc.nat({ max: 1000 }) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      t: fc.constant("bytes" as const),
      kind: fc.constantFrom(
        "invalidUtf8" as const,
        "utf16" as const,
        "random" as const,
        "bom" as const,
        "nul" as const,
      ),
      pos: fc.nat({ max: 1000 }),
      random: fc.uint8Array({ maxLength: 64 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant("huge" as const), extra: fc.integer({ min: 1, max: 4096 }) }), weight: 1 },
);

const CONTENT_TYPES: (string | undefined)[] = [
  "application/json",
  "application/json",
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  undefined,
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "APPLICATION/JSON",
  "application/jsonx",
  "application/json-seq",
  "application/json; charset=utf-16",
  "application/problem+json",
  `application/json; ${"x".repeat(2000)}=1`,
  "*/*",
  "application/x-ndjson",
  "text/x-component",
];

type Identity = "admin" | "none" | "garbage" | "foreignCookie";
/** "home" is where the route lives (the workspace, or the main site for signup); the others are
 * absolute. */
type HostKind =
  | "home"
  | "tenant"
  | "tenantUpper"
  | "tenantDot"
  | "main"
  | "mainUpper"
  | "ip"
  | "unknown"
  | "foreign"
  | "reserved"
  | "garbage";
type ParamChoice =
  | { t: "own"; pick: number }
  | { t: "ownUpper"; pick: number }
  | { t: "foreign"; pick: number }
  | { t: "random"; uuid: string }
  | { t: "nil" }
  | { t: "text"; s: string }
  | { t: "uuidish"; variant: number; pick: number }
  | { t: "malformed"; raw: string }
  | { t: "dot"; raw: string };

const MALFORMED = [
  "%",
  "%E0%A4%A",
  "%ZZ",
  "%ED%A0%80",
  "%C0%80",
  "%FF",
  "%00",
  "a%00b",
  "%1b",
  "%u0041",
  "%%",
  "%e0%80%af",
];
const DOTS = [".", "..", "%2e", "%2E%2E", ""];
const paramChoice: fc.Arbitrary<ParamChoice> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant("own" as const), pick: fc.nat({ max: 9 }) }), weight: 6 },
  { arbitrary: fc.record({ t: fc.constant("ownUpper" as const), pick: fc.nat({ max: 9 }) }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant("foreign" as const), pick: fc.nat({ max: 9 }) }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant("random" as const), uuid: fc.uuid() }), weight: 1 },
  { arbitrary: fc.constant({ t: "nil" as const }), weight: 1 },
  {
    arbitrary: fc.record({ t: fc.constant("text" as const), s: fc.oneof(nastyString, fc.string({ maxLength: 300 })) }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ t: fc.constant("uuidish" as const), variant: fc.nat({ max: 7 }), pick: fc.nat({ max: 9 }) }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant("malformed" as const), raw: fc.constantFrom(...MALFORMED) }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant("dot" as const), raw: fc.constantFrom(...DOTS) }), weight: 1 },
);

type QueryChoice = {
  base: boolean;
  edits: { key: number; value: string; mode: "replace" | "add" | "repeat" }[];
  raw: string;
};
// Values resolved against the fixture when the request is built.
const ID_VALUES = ["@ownOrg", "@ownOrgUpper", "@foreignOrg", "@ownSurvey", "@foreignSurvey"];
const RAW_QUERY = [
  "",
  "",
  "",
  "&&&",
  "=",
  "==x",
  "a[b]=c",
  "%",
  "%E0%A4%A",
  "%ZZ=1",
  "x=%00",
  "%00=x",
  "x=%ED%A0%80",
  "+=+",
  "a=1&a=2",
  "?x=1",
  "#frag",
  `pad=${"q".repeat(4000)}`,
  "x=%1b[2J",
  "round=LATEST",
  "limit=1e3",
  "offset=-0",
  "limit=99999999999999999999",
  "roles=,,",
  "roles=admin,ADMIN",
  "segment[]=all",
  "token=",
  `token=${"t".repeat(300)}`,
  "callbackUrl=javascript:alert(1)",
  "error=%3Cscript%3E",
];
const queryChoice: fc.Arbitrary<QueryChoice> = fc.record({
  base: fc.boolean(),
  edits: fc.array(
    fc.record({
      key: fc.nat({ max: 20 }),
      value: fc.oneof(
        nastyString,
        fc.uuid(),
        fc.constantFrom(
          "latest",
          "recent",
          "all",
          "teams",
          "organization",
          "-1",
          "1.5",
          "1e3",
          "admin,manager",
          ...ID_VALUES,
        ),
      ),
      mode: fc.constantFrom("replace" as const, "add" as const, "repeat" as const),
    }),
    { maxLength: 3 },
  ),
  raw: fc.constantFrom(...RAW_QUERY),
});

type HeaderChoice = {
  origin: number;
  accept: number;
  extras: number[];
  pad: number;
  junkCookie: number;
  chunked: boolean;
};
const ORIGINS = [
  "none",
  "none",
  "none",
  "same",
  "foreign",
  "null",
  "malformed",
  "sameOtherPort",
  "sameHttps",
  "subdomainOfSame",
] as const;
const ACCEPTS = [
  undefined,
  "application/json",
  "*/*",
  "text/html",
  "application/x-ndjson",
  "text/x-component",
  "application/json;q=0",
  "x".repeat(3000),
];
const EXTRAS: [string, string][] = [
  ["rsc", "1"],
  ["next-router-state-tree", "%5B%22%22%2C%7B%7D%5D"],
  ["next-router-state-tree", "garbage{"],
  ["next-router-prefetch", "1"],
  ["next-url", "/../../x"],
  ["next-action", "0123456789abcdef"],
  ["x-middleware-subrequest", "middleware:middleware:middleware:middleware:middleware"],
  ["x-forwarded-host", "evil.example"],
  ["x-forwarded-for", "1.2.3.4, ::1, garbage"],
  ["x-pulsewell-tenant", "someone-else"],
  ["content-encoding", "gzip"],
  ["accept-encoding", "gzip, deflate, br, zstd"],
  ["authorization", "Bearer junk"],
  ["if-none-match", '"*"'],
  ["range", "bytes=0-1"],
  ["x-http-method-override", "DELETE"],
  ["user-agent", "\u00ff\u0080fuzz"],
  ["accept-language", "*;q=x,,,"],
  ["referer", "http://evil.example/"],
];
const JUNK_COOKIES = [
  "",
  "",
  "next-auth.callback-url=javascript%3Aalert(1)",
  "a=%E0%A4%A",
  "=;;=;",
  "x=" + "c".repeat(4000),
  "next-auth.csrf-token=junk",
  "__Host-x=1; ; ;",
  'b="quoted"',
];
const headerChoice: fc.Arbitrary<HeaderChoice> = fc.record({
  origin: fc.nat({ max: ORIGINS.length - 1 }),
  accept: fc.nat({ max: ACCEPTS.length - 1 }),
  extras: fc.array(fc.nat({ max: EXTRAS.length - 1 }), { maxLength: 3 }),
  pad: fc.oneof({ arbitrary: fc.constant(0), weight: 6 }, { arbitrary: fc.integer({ min: 1, max: 8000 }), weight: 1 }),
  junkCookie: fc.nat({ max: JUNK_COOKIES.length - 1 }),
  chunked: fc.oneof({ arbitrary: fc.constant(false), weight: 6 }, { arbitrary: fc.constant(true), weight: 1 }),
});

type Case = {
  identity: Identity;
  host: HostKind;
  params: Record<string, ParamChoice>;
  catchall: number[];
  query: QueryChoice;
  body: BodyChoice;
  contentType: number;
  headers: HeaderChoice;
  /** Which refusal to add when the request would otherwise be served by a route that writes. */
  forced: number;
  /** The request-target's form: 0 origin-form (the path), else asterisk, absolute or odd forms. */
  target: number;
  source: number;
};

const identity = fc.oneof(
  { arbitrary: fc.constant("admin" as const), weight: 6 },
  { arbitrary: fc.constantFrom("none" as const, "garbage" as const, "foreignCookie" as const), weight: 2 },
);
const host: fc.Arbitrary<HostKind> = fc.oneof(
  { arbitrary: fc.constant("home" as const), weight: 12 },
  {
    arbitrary: fc.constantFrom<HostKind>(
      "tenant",
      "tenantUpper",
      "tenantDot",
      "main",
      "mainUpper",
      "ip",
      "unknown",
      "foreign",
      "reserved",
      "garbage",
    ),
    weight: 5,
  },
);

function caseArb(route: RouteSpec): fc.Arbitrary<Case> {
  const names = Object.keys(route.params ?? {});
  return fc.record({
    identity,
    host,
    params: fc.record(
      Object.fromEntries(names.map((n) => [n, paramChoice])) as Record<string, fc.Arbitrary<ParamChoice>>,
    ),
    catchall: fc.array(fc.nat({ max: 40 }), { minLength: 0, maxLength: 3 }),
    query: queryChoice,
    body: bodyChoice,
    contentType: fc.nat({ max: CONTENT_TYPES.length - 1 }),
    headers: headerChoice,
    forced: fc.nat({ max: 100 }),
    source: fc.nat({ max: 255 }),
    target: fc.oneof(
      { arbitrary: fc.constant(0), weight: 30 },
      { arbitrary: fc.integer({ min: 1, max: TARGETS.length - 1 }), weight: 1 },
    ),
  });
}

/** Request-targets besides the path itself (RFC 9112 section 3.2): what a client may put on the request line. */
const TARGETS: ((path: string, host: string) => string)[] = [
  (p) => p,
  () => "*",
  (p) => `*${p}`,
  // (A target with no leading "/" is refused by Node's own HTTP parser, before the app.)
  (p, h) => `http://${h}${p}`,
  (p) => `http://evil.example${p}`,
  (p) => `/${p}`,
];

// ------------------------------------------------------------------------------------------------
// Building a request from a case, and deciding from what is sent whether it must be refused.

type Wire = {
  method: string;
  host: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  chunked: boolean;
  /** For server actions: whether the body is one a browser's form or React's client writes. */
  shape?: "client" | "malformed reply" | "over limit";
};
type Built = { wire: Wire; refused: string | null; signupSubdomain?: string };

const hostFor = (sub: string) => `${sub}.${ROOT}`;

function resolveHost(kind: HostKind, site: "tenant" | "main"): Exclude<HostKind, "home"> {
  return kind === "home" ? (site === "tenant" ? "tenant" : "main") : kind;
}

function hostHeader(kind: Exclude<HostKind, "home">, f: Fixture): string {
  const tenant = hostFor(f.own.subdomain);
  switch (kind) {
    case "tenant":
      return tenant;
    case "tenantUpper":
      return tenant.toUpperCase();
    case "tenantDot":
      return tenant.replace(/:(\d+)$/, ".:$1");
    case "main":
      return ROOT;
    case "mainUpper":
      return ROOT.toUpperCase();
    case "ip":
      return `127.0.0.1:${E2E_PORT}`;
    case "unknown":
      return hostFor(`nope${f.own.subdomain}`);
    case "foreign":
      return hostFor(f.foreign.subdomain);
    case "reserved":
      return hostFor("www");
    case "garbage":
      return "a b@c:99999";
  }
}

/** What lib/tenancy/host.ts makes of these Host headers (the root domain is local). */
function siteOf(kind: Exclude<HostKind, "home">): "tenant" | "main" | "foreign" | "none" {
  if (kind === "tenant" || kind === "tenantUpper" || kind === "tenantDot") return "tenant";
  if (kind === "main" || kind === "mainUpper" || kind === "ip") return "main";
  if (kind === "foreign") return "foreign";
  return "none";
}

/** The value of one path segment, and whether it names the fixture's own row (null: the segment
 * changes which route answers, so nothing is concluded from it). */
function paramSegment(
  kind: ParamKind,
  c: ParamChoice,
  f: Fixture,
): { raw: string; own: boolean | null; malformed: boolean } {
  // A lone surrogate has no UTF-8 form: it goes out as the bytes a careless encoder would write
  // (ED A0 80...), which the server refuses as a malformed escape.
  const encode = (s: string) =>
    s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[^]/gu, (ch) => {
      const u = ch.charCodeAt(0);
      if (ch.length === 1 && u >= 0xd800 && u <= 0xdfff)
        return `%${(0xe0 | (u >> 12)).toString(16)}%${(0x80 | ((u >> 6) & 63)).toString(16)}%${(0x80 | (u & 63)).toString(16)}`.toUpperCase();
      return encodeURIComponent(ch);
    });
  const decodes = (raw: string) => {
    try {
      decodeURIComponent(raw);
      return true;
    } catch {
      return false;
    }
  };
  if (c.t === "malformed") return { raw: c.raw, own: false, malformed: true };
  if (c.t === "dot") return { raw: c.raw, own: null, malformed: false };
  if (kind.t === "uuid") {
    const own = kind.own(f);
    const foreign = kind.foreign(f);
    switch (c.t) {
      case "own":
        return { raw: own[c.pick % own.length]!, own: true, malformed: false };
      case "ownUpper":
        return { raw: own[c.pick % own.length]!.toUpperCase(), own: true, malformed: false };
      case "foreign":
        return { raw: foreign[c.pick % foreign.length]!, own: false, malformed: false };
      case "random":
        return { raw: c.uuid, own: f.ownIds.has(c.uuid.toLowerCase()), malformed: false };
      case "nil":
        return { raw: "00000000-0000-0000-0000-000000000000", own: false, malformed: false };
      case "text": {
        const raw = encode(c.s);
        if (raw === "" || raw === "." || raw === "..") return { raw, own: null, malformed: false };
        return {
          raw,
          own: UUID.test(c.s) ? f.ownIds.has(c.s.toLowerCase()) : false,
          malformed: !decodes(raw) || /[\u0000-\u001F\u007F]/.test(c.s),
        };
      }
      case "uuidish": {
        const id = own[c.pick % own.length]!;
        const variants = [
          `{${id}}`,
          `urn:uuid:${id}`,
          id.replace(/-/g, ""),
          `${id}0`,
          id.slice(1),
          id.replace(/[0-9]/, "\uff10"),
          ` ${id}`,
          `${id}%20`,
        ];
        const v = variants[c.variant % variants.length]!;
        return { raw: v.endsWith("%20") ? v : encode(v), own: false, malformed: false };
      }
    }
  }
  if (kind.t === "literal") {
    const values: Record<string, string> = {
      own: kind.value,
      ownUpper: kind.value.toUpperCase(),
      foreign: "unread",
      nil: "",
      uuidish: `${kind.value}.json`,
    };
    if (c.t === "text")
      return {
        raw: encode(c.s) || ".",
        own: c.s === kind.value ? true : c.s === "" || c.s === "." || c.s === ".." ? null : false,
        malformed: !decodes(encode(c.s)),
      };
    if (c.t === "random") return { raw: c.uuid, own: false, malformed: false };
    const v = values[c.t] ?? kind.value;
    return { raw: v === "" ? "" : encode(v), own: v === "" ? null : v === kind.value, malformed: false };
  }
  // Subdomains: the workspace's own, another's, or anything.
  const subs = {
    own: f.own.subdomain,
    ownUpper: f.own.subdomain.toUpperCase(),
    foreign: f.foreign.subdomain,
    nil: "www",
    uuidish: `${f.own.subdomain}.evil`,
  } as Record<string, string>;
  if (c.t === "text") {
    const raw = encode(c.s);
    return {
      raw,
      own: raw === "" || raw === "." || raw === ".." ? null : c.s.toLowerCase() === f.own.subdomain,
      malformed: !decodes(raw),
    };
  }
  if (c.t === "random") return { raw: c.uuid, own: false, malformed: false };
  const v = subs[c.t] ?? f.own.subdomain;
  return { raw: encode(v), own: v.toLowerCase() === f.own.subdomain, malformed: false };
}

const AUTH_SEGMENTS = [
  "csrf",
  "providers",
  "session",
  "signin",
  "signout",
  "callback",
  "error",
  "verify-request",
  "_log",
  "credentials",
  "nope",
  "%",
  "%E0%A4%A",
  "..",
  "signin%00",
  "CSRF",
  "callback%2Fcredentials",
];

/** The paths inside a JSON value (the value itself is []), down to a depth that valid bodies
 * never exceed: mutations aim at them, and references are looked for there. Deeper nesting (the
 * fuzz makes thousands of levels) is left alone, so that it costs neither stack nor memory. */
function pathsOf(
  value: unknown,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  out.push(prefix);
  if (prefix.length >= 8 || out.length > 2000) return out;
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

const RAW_PLACEHOLDER = "\u0000__fuzz_raw_number__";

function setAt(root: unknown, p: (string | number)[], value: unknown): unknown {
  if (p.length === 0) return value;
  let parent = root as Record<string | number, unknown>;
  for (const k of p.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  Object.defineProperty(parent, p[p.length - 1]!, { value, enumerable: true, writable: true, configurable: true });
  return root;
}

function nested(depth: number, shape: "array" | "object"): string {
  return shape === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

function mutate(valid: unknown, ops: Op[], f: Fixture): string {
  let value = structuredClone(valid);
  const raws: string[] = [];
  for (const o of ops) {
    const paths = pathsOf(value);
    const p = paths[o.at % paths.length]!;
    switch (o.t) {
      case "wrongType":
        // A copy: fast-check reuses its values while shrinking, and later ops change this one.
        value = setAt(value, p, structuredClone(o.value));
        break;
      case "string":
        value = setAt(value, p, o.value);
        break;
      case "delete": {
        if (p.length === 0) {
          value = undefined;
          break;
        }
        let parent = value as Record<string | number, unknown>;
        for (const k of p.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
        if (Array.isArray(parent)) parent.splice(Number(p[p.length - 1]), 1);
        else delete parent[p[p.length - 1]!];
        break;
      }
      case "extra": {
        // An object at or above the aimed path gets a field it does not expect.
        let q = p;
        let target: unknown = value;
        for (const k of q) target = (target as Record<string | number, unknown>)[k];
        while (!(target && typeof target === "object" && !Array.isArray(target)) && q.length) {
          q = q.slice(0, -1);
          target = value;
          for (const k of q) target = (target as Record<string | number, unknown>)[k];
        }
        if (target && typeof target === "object" && !Array.isArray(target))
          Object.defineProperty(target, o.key, {
            value: structuredClone(o.value),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        break;
      }
      case "rawNumber":
        raws.push(o.literal);
        value = setAt(value, p, `${RAW_PLACEHOLDER}${raws.length - 1}`);
        break;
      case "id": {
        const id =
          o.which === "foreign"
            ? f.foreignIds[o.pick % f.foreignIds.length]!
            : o.which === "random"
              ? o.uuid
              : o.which === "nil"
                ? "00000000-0000-0000-0000-000000000000"
                : [...f.ownIds][o.pick % f.ownIds.size]!.toUpperCase();
        value = setAt(value, p, id);
        break;
      }
      case "deep":
        raws.push(nested(o.depth, o.shape));
        value = setAt(value, p, `${RAW_PLACEHOLDER}${raws.length - 1}`);
        break;
      case "long":
        value = setAt(value, p, o.char.repeat(Math.ceil(o.length / o.char.length)));
        break;
    }
  }
  let text = value === undefined ? "" : JSON.stringify(value);
  // Raw literals JSON.stringify cannot write (1e999, deep nesting) replace their placeholders.
  text = text.replace(/"\\u0000__fuzz_raw_number__(\d+)"/g, (_m, i: string) => raws[Number(i)]!);
  return text;
}

const MALFORMED_JSON = [
  '{"a":',
  "{'a':1}",
  "{a:1}",
  '{"a":1,}',
  "[1,2,]",
  "NaN",
  "undefined",
  '{"a":1}{"b":2}',
  '{"a":1 /* c */}',
  '"\u0000"',
  '{"a":"\u0001"}',
  "\ufeff{}",
  '{"a":1,"a":2}',
  "[]",
  "{}",
  "null",
  "0",
  '""',
  "true",
  '"x"',
  " ",
  "\n\t",
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
];

function bodyBytes(route: RouteSpec, b: BodyChoice, f: Fixture): Buffer | undefined {
  const valid = route.body?.valid(f) ?? {};
  const validText = JSON.stringify(valid);
  switch (b.t) {
    case "none":
      return undefined;
    case "mutate":
      return Buffer.from(mutate(valid, b.ops, f), "utf8");
    case "json":
      return Buffer.from(JSON.stringify(b.value), "utf8");
    case "text": {
      const all = [...MALFORMED_JSON, validText.slice(0, b.cut % (validText.length + 1))];
      return Buffer.from(all[b.pick % all.length]!, "utf8");
    }
    case "bytes": {
      const base = Buffer.from(validText, "utf8");
      const at = b.pos % (base.length + 1);
      const splice = (ins: Buffer) => Buffer.concat([base.subarray(0, at), ins, base.subarray(at)]);
      switch (b.kind) {
        case "invalidUtf8":
          return splice(Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80, 0xc0, 0x80, 0xff, 0xfe]));
        case "utf16":
          return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(validText, "utf16le")]);
        case "random":
          return Buffer.from(b.random);
        case "bom":
          return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), base]);
        case "nul":
          return splice(Buffer.from([0x00]));
      }
      break;
    }
    case "huge": {
      const max = route.body?.max ?? 64 * 1024;
      return Buffer.from(JSON.stringify({ ...(valid as object), pad: "p".repeat(max + b.extra) }), "utf8");
    }
  }
  return undefined;
}

function originHeader(choice: number, hostValue: string): string | undefined {
  switch (ORIGINS[choice]) {
    case "same":
      return `http://${hostValue}`;
    case "foreign":
      return "http://evil.example";
    case "null":
      return "null";
    case "malformed":
      return "http//no-colon";
    case "sameOtherPort":
      return `http://${hostValue.replace(/:\d+$/, "")}:1`;
    case "sameHttps":
      return `https://${hostValue}`;
    case "subdomainOfSame":
      return `http://evil.${hostValue}`;
    default:
      return undefined;
  }
}

/** lib/api/same-origin.ts's verdict: a present Origin whose host is not the Host header. */
function originRefused(origin: string | undefined, hostValue: string): boolean {
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== hostValue;
  } catch {
    return true;
  }
}

/** The refusals that can be added to a request of a writing route, in order of preference. */
function forcedRefusals(
  route: RouteSpec,
): ("noCookie" | "garbageCookie" | "foreignOrigin" | "unknownHost" | "otherHost" | "badBody" | "foreignParam")[] {
  const origin = route.sameOrigin ? (["foreignOrigin"] as const) : [];
  const badBody = route.body ? (["badBody"] as const) : [];
  if (route.auth === "session")
    return [
      "noCookie",
      "garbageCookie",
      ...origin,
      "unknownHost",
      ...badBody,
      ...(route.params ? (["foreignParam"] as const) : []),
    ];
  if (route.auth === "main") return ["otherHost", ...origin, ...badBody];
  // A public route has nothing to force: its own oracle (refusesAll) and the no-write check judge it.
  return ["unknownHost", ...origin];
}

function build(route: RouteSpec, c: Case, f: Fixture): Built {
  let identity = c.identity;
  let hostKind = c.host;
  let params = { ...c.params };
  let body = c.body;
  let contentType = CONTENT_TYPES[c.contentType];
  let originChoice = c.headers.origin;

  const assemble = (): Built => {
    const resolved = resolveHost(hostKind, route.site);
    const hostValue = hostHeader(resolved, f);
    const site = siteOf(resolved);
    const reasons: string[] = [];

    // Path
    let url = urlOf(route.file);
    let paramsOwn = true;
    let paramsMalformed = false;
    let paramsUnknown = false;
    // The parameters as Next hands them to the route (decoded), for its params schema.
    const decoded: Record<string, string> = {};
    for (const [name, kind] of Object.entries(route.params ?? {})) {
      if (kind.t === "catchall") {
        const segs = c.catchall.map((i) => AUTH_SEGMENTS[i % AUTH_SEGMENTS.length]!);
        url = url.replace(`[...${name}]`, segs.length ? segs.join("/") : "csrf");
        continue;
      }
      const seg = paramSegment(kind, params[name]!, f);
      url = url.replace(`[${name}]`, seg.raw);
      if (seg.malformed) paramsMalformed = true;
      if (seg.own === null) paramsUnknown = true;
      else if (!seg.own && !(kind.t === "subdomain" && !kind.mustBeOwn)) paramsOwn = false;
      if (!seg.malformed && seg.own !== null) decoded[name] = decodeURIComponent(seg.raw);
    }

    // Query
    const q = new URLSearchParams(c.query.base ? route.query?.valid(f) : {});
    const keys = [...Object.keys(route.query?.valid(f) ?? {}), "organizationId", "orgId", "token", "x", "__proto__"];
    for (const e of c.query.edits) {
      const k = keys[e.key % keys.length]!;
      const ids: Record<string, string> = {
        "@ownOrg": f.own.orgId,
        "@ownOrgUpper": f.own.orgId.toUpperCase(),
        "@foreignOrg": f.foreign.orgId,
        "@ownSurvey": f.own.closedSurveyId,
        "@foreignSurvey": f.foreign.closedSurveyId,
      };
      const value = ids[e.value] ?? e.value;
      if (e.mode === "replace") q.set(k, value);
      else if (e.mode === "add") q.append(`${k}${e.key}`, value);
      else q.append(k, value);
    }
    let search = q.toString();
    if (c.query.raw) search = search ? `${search}&${c.query.raw}` : c.query.raw;
    const fullPath = TARGETS[c.target % TARGETS.length]!(`${url}${search ? `?${search}` : ""}`, hostValue);

    // Body and headers
    const bytes = route.method === "GET" || route.method === "HEAD" ? undefined : bodyBytes(route, body, f);
    const headers: Record<string, string> = {};
    if (contentType !== undefined && bytes !== undefined) headers["content-type"] = contentType;
    const origin = originHeader(originChoice, hostValue);
    if (origin !== undefined) headers.origin = origin;
    const accept = ACCEPTS[c.headers.accept];
    if (accept !== undefined) headers.accept = accept;
    for (const i of c.headers.extras) {
      const [k, v] = EXTRAS[i]!;
      headers[k] = v;
    }
    if (c.headers.pad) headers["x-fuzz-pad"] = "p".repeat(c.headers.pad);
    const cookies: string[] = [];
    if (identity === "admin") cookies.push(f.cookie);
    // The other workspace's cookie: never the foreign admin's on the foreign host (a real session).
    if (identity === "foreignCookie") cookies.push(site === "foreign" ? f.cookie : f.foreignCookie);
    if (identity === "garbage")
      cookies.push(
        `next-auth.session-token=${randomBytes(24).toString("base64url")}`,
        "__Secure-next-auth.session-token=eyJhbGciOiJub25lIn0.e30.",
      );
    const junk = JUNK_COOKIES[c.headers.junkCookie];
    if (junk) cookies.push(junk);
    if (cookies.length) headers.cookie = cookies.join("; ");

    // What the server must refuse, decided from what is sent.
    const isApiRoute = route.auth !== "unwrapped";
    const sessionValid = identity === "admin" && site === "tenant";
    if (paramsMalformed) reasons.push("malformed path");
    if (isApiRoute && !paramsUnknown && c.target === 0) {
      if (route.refusesAll) reasons.push(route.refusesAll);
      if (route.auth === "session" && !sessionValid) reasons.push("no session here");
      if (route.auth === "tenant" && site !== "tenant") reasons.push("no such workspace");
      if (route.auth === "main" && site !== "main") reasons.push("not the main site");
      if (route.sameOrigin && originRefused(origin, hostValue)) reasons.push("foreign origin");
      // Keys that must name the caller's own organisation or user, wherever they appear.
      const notOwn = (key: string, value: unknown) =>
        value !== undefined &&
        value !== null &&
        ((route.ownOrganization.includes(key) && (typeof value !== "string" || value.toLowerCase() !== f.own.orgId)) ||
          (route.ownUser.includes(key) && (typeof value !== "string" || value.toLowerCase() !== f.own.admin.id)));
      for (const [k, v] of Object.entries(decoded)) if (notOwn(k, v)) reasons.push(`another's ${k} in the path`);
      if (
        route.paramsSchema &&
        Object.keys(decoded).length === Object.keys(route.params ?? {}).length &&
        !route.paramsSchema.safeParse(lowerUuids({ ...decoded })).success
      )
        reasons.push("params schema");
      // Next drops a "__proto__" key while it parses the query (into a plain object): the route
      // never sees it.
      const query = new URLSearchParams([...new URLSearchParams(search)].filter(([k]) => k !== "__proto__"));
      for (const [k, v] of query) if (dirty(k) || dirty(v)) reasons.push("control characters in the query");
      // The wrapper's view of the query: the last value of a repeated key wins.
      const last = Object.fromEntries(query);
      for (const [k, v] of Object.entries(last)) if (notOwn(k, v)) reasons.push(`another's ${k} in the query`);
      if (
        route.query?.schema &&
        !route.query.schema.safeParse(
          Object.fromEntries([...query].map(([k, v]) => [k, UUID.test(v) ? v.toLowerCase() : v])),
        ).success
      )
        reasons.push("query schema");
      if (route.params && !paramsOwn) reasons.push("path parameter not one of ours");
      if (route.body) {
        const parsed = readBody(bytes, contentType, route.body.max);
        if (!parsed.ok) reasons.push(`body: ${parsed.why}`);
        else {
          const v = parsed.value;
          if (route.body.schema && !route.body.schema.safeParse(v).success) reasons.push("body schema");
          if (v && typeof v === "object" && !Array.isArray(v)) {
            for (const [k, claimed] of Object.entries(v))
              if (notOwn(k, claimed)) reasons.push(`another's ${k} in the body`);
          }
          if (route.body.refs.size) {
            for (const p of pathsOf(v)) {
              if (!route.body.refs.has(p.filter((k) => typeof k === "string").join("."))) continue;
              let x: unknown = v;
              for (const k of p) x = (x as Record<string | number, unknown>)[k];
              if (typeof x === "string" && UUID.test(x) && !f.ownIds.has(x.toLowerCase()))
                reasons.push("refers to a row not ours");
            }
          }
        }
      }
    }
    const signupSubdomain = route.file.includes("signup/complete") ? subdomainIn(bytes) : undefined;
    return {
      // One of 256 loopback addresses per seed: see the rate-limit note at the top.
      wire: { method: route.method, host: hostValue, path: fullPath, headers, body: bytes, chunked: c.headers.chunked },
      refused: reasons.length ? reasons.join(", ") : null,
      signupSubdomain,
    };
  };

  let built = assemble();
  if (route.writes && built.refused === null) {
    // A request this route would serve: add one defect it must refuse.
    const options = forcedRefusals(route);
    const pick = options[c.forced % options.length]!;
    if (pick === "noCookie") identity = "none";
    else if (pick === "garbageCookie") identity = "garbage";
    else if (pick === "foreignOrigin") originChoice = ORIGINS.indexOf("foreign");
    else if (pick === "unknownHost") hostKind = "unknown";
    else if (pick === "otherHost") hostKind = "tenant";
    else if (pick === "badBody") {
      body = { t: "text", pick: 0, cut: 0 };
      contentType = "application/json";
    } else if (pick === "foreignParam")
      params = Object.fromEntries(Object.keys(params).map((k) => [k, { t: "foreign", pick: c.forced } as ParamChoice]));
    built = assemble();
  }
  return built;
}

function subdomainIn(bytes: Buffer | undefined): string | undefined {
  try {
    const v = JSON.parse(bytes?.toString("utf8") ?? "") as { subdomain?: unknown };
    return typeof v.subdomain === "string" ? v.subdomain : undefined;
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------------------------------------
// 5xx answers that are known and reported, and are not this test's code to fix. Each is matched
// narrowly on the request; while it is listed its 5xx answers are counted and printed instead of
// failing the test. Delete an entry once its owner has fixed it: the test then holds the fix.

type Known = { id: string; owner: string; what: string; matches: (w: Wire) => boolean | Promise<boolean> };

const KNOWN_5XX: Known[] = [];

const knownHits: Record<string, number> = {};

/** The known defect a 5xx answer to this request belongs to, counted; null when it is new. */
async function knownFiveHundred(w: Wire): Promise<Known | null> {
  for (const k of KNOWN_5XX) {
    if (await k.matches(w)) {
      knownHits[k.id] = (knownHits[k.id] ?? 0) + 1;
      return k;
    }
  }
  return null;
}

// ------------------------------------------------------------------------------------------------
// Sending.

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

type Answer = { status: number; body: string } | { error: string; unsendable: boolean; closedEarly?: boolean };

// Each request leaves from the next of 1,024 loopback addresses (127.<run>.<n>.<m>), so the rate
// limits of the public endpoints, counted per address, seldom answer in place of the route, and
// the other specs' own address (127.0.0.1) keeps its whole allowance.
const RUN_OCTET = 20 + Math.floor(Math.random() * 200);
let sent = 0;
function nextAddress(): string {
  const n = sent++ % 1024;
  return `127.${RUN_OCTET}.${n >> 4}.${(n & 15) + 2}`;
}

/** Sends a request; a keep-alive socket the server closed while idle (its keep-alive timeout)
 * is retried once on a fresh one, as any HTTP client does. */
async function send(w: Wire): Promise<Answer> {
  const from = nextAddress();
  const first = await sendOnce(w, from);
  return "error" in first && first.reused ? sendOnce(w, from) : first;
}

function sendOnce(w: Wire, localAddress: string): Promise<Answer & { reused?: boolean }> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { host: w.host, ...w.headers };
    if (w.body !== undefined && !w.chunked) headers["content-length"] = String(w.body.length);
    let req: http.ClientRequest;
    try {
      req = http.request(
        {
          host: "127.0.0.1",
          port: E2E_PORT,
          method: w.method,
          path: w.path,
          headers,
          agent,
          localAddress,
          setHost: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8").slice(0, 2000) }),
          );
          res.on("error", (e) => resolve({ error: e.message, unsendable: false }));
        },
      );
    } catch (e) {
      // Node's client refuses some header or path bytes outright: such a request never leaves.
      resolve({ error: e instanceof Error ? e.message : String(e), unsendable: true });
      return;
    }
    req.setTimeout(30_000, () => req.destroy(new Error("timed out after 30 s")));
    req.on("error", (e: NodeJS.ErrnoException) => {
      // A server may answer before it has read a large body and close the connection (a route
      // that never reads it, a size limit): the client's writes then meet a reset. That is a
      // refusal, not a failure; the answer itself is lost with the connection.
      const closedEarly = (e.code === "ECONNRESET" || e.code === "EPIPE") && (w.body?.length ?? 0) >= 16 * 1024;
      resolve({ error: e.message, unsendable: false, closedEarly, reused: req.reusedSocket });
    });
    if (w.body !== undefined) {
      if (w.chunked && w.body.length > 1) {
        req.write(w.body.subarray(0, w.body.length >> 1));
        req.write(w.body.subarray(w.body.length >> 1));
      } else req.write(w.body);
    }
    req.end();
  });
}

function describeWire(w: Wire): string {
  const body =
    w.body === undefined
      ? "(none)"
      : w.body.length > 600
        ? `${JSON.stringify(w.body.subarray(0, 300).toString("latin1"))}... (${w.body.length} bytes)`
        : JSON.stringify(w.body.toString("latin1"));
  const headers = Object.fromEntries(
    Object.entries(w.headers).map(([k, v]) => [k, v.length > 120 ? `${v.slice(0, 60)}... (${v.length} chars)` : v]),
  );
  return `${w.method} http://${w.host}${w.path.length > 400 ? `${w.path.slice(0, 400)}...` : w.path}\n  headers: ${JSON.stringify(headers)}${w.chunked ? " (chunked)" : ""}\n  body: ${body}`;
}

type Stats = { sent: number; unsendable: number; statuses: Record<number, number>; served: string[] };

function seedFor(key: string): number {
  let h = SEED | 0;
  for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

// Totals for the summary line each test prints (per worker; the report adds them up).
const totals = { requests: 0, fiveHundreds: 0 };

async function fuzzOne(
  key: string,
  arb: fc.Arbitrary<Case>,
  runs: number,
  make: (c: Case, f: Fixture) => Built,
  f: Fixture,
  stats: Stats,
  signupSubdomains: string[],
) {
  const seed = seedFor(key);
  await fc.assert(
    fc.asyncProperty(arb, async (c) => {
      const built = make(c, f);
      if (built.signupSubdomain) signupSubdomains.push(built.signupSubdomain);
      const answer = await send(built.wire);
      if ("error" in answer) {
        if (answer.unsendable || answer.closedEarly) {
          stats.unsendable++;
          return;
        }
        throw new Error(`no answer (${answer.error}) to\n${describeWire(built.wire)}`);
      }
      stats.sent++;
      totals.requests++;
      stats.statuses[answer.status] = (stats.statuses[answer.status] ?? 0) + 1;
      if (answer.status < 400) stats.served.push(`${answer.status} ${describeWire(built.wire)}`);
      if (answer.status >= 500) {
        totals.fiveHundreds++;
        if (await knownFiveHundred(built.wire)) return;
        throw new Error(`${answer.status} for\n${describeWire(built.wire)}\n  answer: ${answer.body}`);
      }
      // A refused request is never served; a redirect (Next sends RSC requests to their ?_rsc
      // address first) runs nothing either.
      if (built.refused !== null && answer.status >= 200 && answer.status < 300) {
        throw new Error(
          `${answer.status} for a request that must be refused (${built.refused}):\n${describeWire(built.wire)}\n  answer: ${answer.body}`,
        );
      }
    }),
    { seed, numRuns: Math.max(1, Math.round(runs * RUNS)), includeErrorInReport: true },
  );
  return seed;
}

// ------------------------------------------------------------------------------------------------
// Server actions: their ids from the built app's server reference manifest, each posted to a page
// that uses it, in every encoding a client could send and many it would not.

type ActionInfo = { id: string; name: string; file: string; site: "tenant" | "main"; path: string };

const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";

/** The public address of a page from its app-directory worker name, or null for pages with dynamic
 * segments other than the workspace. */
function pageAddress(worker: string): { site: "tenant" | "main"; path: string } | null {
  const m = /^app\/(site|t\/\[tenant\])((?:\/[^/]+)*?)\/page$/.exec(worker);
  if (!m) return null;
  const segments = (m[2] ?? "").split("/").filter((s) => s && !/^\(.*\)$/.test(s));
  if (segments.some((s) => s.startsWith("["))) return null;
  return { site: m[1] === "site" ? "main" : "tenant", path: `/${segments.join("/")}` };
}

function manifestActions(): ActionInfo[] {
  const file = path.join(DIST_DIR, "server", "server-reference-manifest.json");
  if (!existsSync(file)) throw new Error(`${file} is missing: the e2e server builds into ${DIST_DIR}`);
  const manifest = JSON.parse(readFileSync(file, "utf8")) as {
    node?: Record<string, { workers: Record<string, unknown>; filename?: string; exportedName?: string }>;
  };
  return Object.entries(manifest.node ?? {}).flatMap(([id, a]) => {
    const page = Object.keys(a.workers)
      .map(pageAddress)
      .find((x) => x !== null);
    return page ? [{ id, name: a.exportedName ?? "?", file: a.filename ?? "?", ...page }] : [];
  });
}

/** The server actions the sources declare: the exports of every "use server" module. */
function declaredActions(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? walk(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : [],
    );
  return ["app", "components", "lib"]
    .flatMap(walk)
    .map((f) => readFileSync(f, "utf8"))
    .filter((src) => /^\s*["']use server["']/m.test(src))
    .flatMap((src) => [...src.matchAll(/export\s+(?:async\s+function|const)\s+(\w+)/g)].map((m) => m[1]!));
}

type Field = { name: string; value: string } | { name: string; file: { filename: string; type: string; size: number } };

type ActionCase = {
  identity: "admin" | "none" | "garbage";
  host: HostKind;
  id:
    | { t: "real" }
    | { t: "other"; pick: number }
    | { t: "unknown"; hex: string }
    | { t: "junk"; s: string }
    | { t: "none" };
  encoding:
    | "rsc"
    | "rscRandom"
    | "text"
    | "urlencoded"
    | "json"
    | "mpaId"
    | "mpaRef"
    | "brokenMultipart"
    | "bytes"
    | "huge"
    | "get";
  prev: Json;
  args: Json;
  refs: string[];
  fields: Field[];
  origin: number;
  extras: number[];
  junkCookie: number;
  source: number;
};

const FIELD_NAMES = [
  "email",
  "newEmail",
  "password",
  "confirmPassword",
  "currentPassword",
  "token",
  "company",
  "companyName",
  "name",
  "workEmail",
  "teamSize",
  "phone",
  "organizationId",
  "__proto__",
  "constructor",
  "$ACTION_KEY",
  "$ACTION_REF_1",
  "1_x",
  "",
];
const REFS = [
  "$K1",
  "$K2",
  "$K99",
  "$Q1",
  "$W1",
  "$@1",
  "$@99",
  "$h1",
  "$T",
  "$F1",
  "$B1",
  "$n1",
  "$D2020-01-01",
  "$Dnope",
  "$-0",
  "$NaN",
  "$Infinity",
  "$-Infinity",
  "$undefined",
  "$S1",
  "$i1",
  "$l1",
  "$1:a:b",
  "$$",
  "$",
  "$Z",
  "$E",
  "$R1",
  "$r1",
  "$X1",
  "$x1",
  "$O1",
  "$U1",
  "$Y",
  "$0",
  "$-1",
  "$1e9",
];
const fieldValue = fc.oneof(
  { arbitrary: nastyString, weight: 5 },
  {
    arbitrary: fc.constantFrom(
      "someone@fuzz.example",
      "Str0ng-pass-2026",
      "Str0ng-pass-2027",
      "12",
      "-1",
      "1e9",
      "Acme",
      "",
    ),
    weight: 3,
  },
  { arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => "x".repeat(n)), weight: 1 },
);
const field: fc.Arbitrary<Field> = fc.oneof(
  {
    arbitrary: fc.record({ name: fc.oneof(fc.constantFrom(...FIELD_NAMES), nastyString), value: fieldValue }),
    weight: 8,
  },
  {
    arbitrary: fc.record({
      name: fc.constantFrom(...FIELD_NAMES),
      file: fc.record({
        filename: fc.oneof(fc.constantFrom("a.txt", "", "../../x", "\u00ff.csv"), nastyString),
        type: fc.constantFrom("text/plain", "application/octet-stream", "", "text/x-component"),
        size: fc.nat({ max: 5000 }),
      }),
    }),
    weight: 1,
  },
);

const actionCase: fc.Arbitrary<ActionCase> = fc.record({
  identity: fc.oneof(
    { arbitrary: fc.constant("admin" as const), weight: 3 },
    { arbitrary: fc.constantFrom("none" as const, "garbage" as const), weight: 2 },
  ),
  host,
  id: fc.oneof(
    { arbitrary: fc.constant({ t: "real" as const }), weight: 10 },
    { arbitrary: fc.record({ t: fc.constant("other" as const), pick: fc.nat({ max: 20 }) }), weight: 1 },
    {
      arbitrary: fc.record({ t: fc.constant("unknown" as const), hex: fc.stringMatching(/^[0-9a-f]{42}$/) }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        t: fc.constant("junk" as const),
        s: fc.oneof(fc.constantFrom("", "x", "null", "../x", "0".repeat(4000)), fc.string({ maxLength: 60 })),
      }),
      weight: 1,
    },
    { arbitrary: fc.constant({ t: "none" as const }), weight: 1 },
  ),
  encoding: fc.oneof(
    { arbitrary: fc.constant("rsc" as const), weight: 10 },
    {
      arbitrary: fc.constantFrom(
        "rscRandom" as const,
        "text" as const,
        "urlencoded" as const,
        "json" as const,
        "mpaId" as const,
        "mpaRef" as const,
        "brokenMultipart" as const,
        "bytes" as const,
      ),
      weight: 6,
    },
    { arbitrary: fc.constantFrom("huge" as const, "get" as const), weight: 1 },
  ),
  prev: json,
  args: json,
  refs: fc.array(fc.constantFrom(...REFS), { maxLength: 3 }),
  fields: fc.array(field, { maxLength: 6 }),
  origin: fc.nat({ max: ORIGINS.length - 1 }),
  extras: fc.array(fc.nat({ max: EXTRAS.length - 1 }), { maxLength: 2 }),
  junkCookie: fc.nat({ max: JUNK_COOKIES.length - 1 }),
  source: fc.nat({ max: 255 }),
});

function multipart(
  parts: { name: string; value: string | Buffer; filename?: string; type?: string }[],
  boundary: string,
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    // Quotes and line breaks in a name are escaped as browsers do (the WHATWG form encoding).
    const esc = (s: string) => s.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
    const disposition = `form-data; name="${esc(p.name)}"${p.filename !== undefined ? `; filename="${esc(p.filename)}"` : ""}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type !== undefined ? `Content-Type: ${p.type}\r\n` : ""}\r\n`,
        "utf8",
      ),
    );
    chunks.push(typeof p.value === "string" ? Buffer.from(p.value, "utf8") : p.value);
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A value as React's encodeReply writes it: a string that starts with "$" gets another "$", so
 * it cannot be read as a reference. */
function escapeReply(value: Json): Json {
  if (typeof value === "string") return value.startsWith("$") ? `$${value}` : value;
  if (Array.isArray(value)) return value.map(escapeReply);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, escapeReply(v)]));
  return value;
}

/** A JSON value with some strings swapped for React's reply references ("$K1", "$@1", ...). */
function withRefs(value: Json, refs: string[]): Json {
  if (!refs.length) return value;
  return Array.isArray(value)
    ? [...value, ...refs]
    : value && typeof value === "object"
      ? { ...value, ...Object.fromEntries(refs.map((r, i) => [`r${i}`, r])) }
      : [value, ...refs];
}

function buildAction(action: ActionInfo, all: ActionInfo[], c: ActionCase, f: Fixture): Wire {
  const resolved = resolveHost(c.host, action.site);
  const hostValue = hostHeader(resolved, f);
  const id =
    c.id.t === "real"
      ? action.id
      : c.id.t === "other"
        ? all[c.id.pick % all.length]!.id
        : c.id.t === "unknown"
          ? c.id.hex
          : c.id.t === "junk"
            ? c.id.s
            : undefined;
  const headers: Record<string, string> = {};
  const boundary = `----fuzz${randomBytes(8).toString("hex")}`;
  const plain = c.fields.map((x) =>
    "value" in x
      ? { name: x.name, value: x.value }
      : { name: x.name, value: Buffer.alloc(x.file.size, 0x61), filename: x.file.filename, type: x.file.type },
  );
  let body: Buffer | undefined;
  let fetchAction = true;
  // Browsers escape only CR, LF and '"' in a part's name; a control character there is no form's.
  const oddNames = c.fields.some(
    (x) => /[\u0000-\u001F\u007F]/.test(x.name) || ("file" in x && /[\u0000-\u001F\u007F]/.test(x.file.filename)),
  );
  const clientShapes: ActionCase["encoding"][] = ["rsc", "mpaId", "urlencoded", "get"];
  const shape: Wire["shape"] =
    c.encoding === "huge"
      ? "over limit"
      : clientShapes.includes(c.encoding) && !oddNames
        ? "client"
        : c.encoding === "mpaRef" && !c.refs.length && !oddNames
          ? "client"
          : "malformed reply";
  switch (c.encoding) {
    case "rsc":
      // What the browser sends for useActionState: [previous state, FormData], the form's fields
      // prefixed with the FormData's reference.
      body = multipart(
        [
          { name: "0", value: JSON.stringify([escapeReply(c.prev), "$K1"]) },
          ...plain.map((p) => ({ ...p, name: `_1_${p.name}` })),
        ],
        boundary,
      );
      headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
      break;
    case "rscRandom":
      body = multipart(
        [
          { name: "0", value: JSON.stringify(withRefs(c.args, c.refs)) },
          ...plain.map((p, i) => ({ ...p, name: `${["_1_", "1_", "_2_", ""][i % 4]}${p.name}` })),
        ],
        boundary,
      );
      headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
      break;
    case "text":
      body = Buffer.from(JSON.stringify(withRefs([c.prev, c.args], c.refs)), "utf8");
      headers["content-type"] = "text/plain;charset=UTF-8";
      break;
    case "urlencoded":
      body = Buffer.from(
        new URLSearchParams(plain.map((p) => [p.name, typeof p.value === "string" ? p.value : "file"])).toString(),
        "utf8",
      );
      headers["content-type"] = "application/x-www-form-urlencoded";
      break;
    case "json":
      body = Buffer.from(JSON.stringify(c.args), "utf8");
      headers["content-type"] = "application/json";
      break;
    case "mpaId":
      // A form posted without JavaScript: the action named by a field, no Next-Action header.
      fetchAction = false;
      body = multipart([{ name: `$ACTION_ID_${id ?? ""}`, value: "" }, ...plain], boundary);
      headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
      break;
    case "mpaRef":
      // useActionState's form without JavaScript: the action and its bound state as fields.
      fetchAction = false;
      body = multipart(
        [
          { name: "$ACTION_REF_1", value: "" },
          { name: "$ACTION_1:0", value: JSON.stringify({ id: id ?? null, bound: c.refs[0] ?? "$@1" }) },
          { name: "$ACTION_1:1", value: JSON.stringify(withRefs([c.prev], c.refs)) },
          { name: "$ACTION_KEY", value: "k0" },
          ...plain,
        ],
        boundary,
      );
      headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
      break;
    case "brokenMultipart": {
      const whole = multipart(
        [{ name: "0", value: JSON.stringify([c.prev, "$K1"]) }, ...plain.map((p) => ({ ...p, name: `_1_${p.name}` }))],
        boundary,
      );
      body = whole.subarray(0, Math.max(1, whole.length - 1 - (c.source % 40)));
      headers["content-type"] = [
        `multipart/form-data; boundary=${boundary}`,
        "multipart/form-data",
        "multipart/form-data; boundary=",
        `multipart/form-data; boundary=other`,
      ][c.source % 4]!;
      break;
    }
    case "bytes":
      body = Buffer.concat([Buffer.from([0xc3, 0x28, 0xff, 0x00]), Buffer.from(JSON.stringify(c.args), "utf8")]);
      headers["content-type"] = [
        "text/plain;charset=UTF-8",
        `multipart/form-data; boundary=${boundary}`,
        "application/octet-stream",
      ][c.source % 3]!;
      break;
    case "huge":
      // Past the 1 MB the app allows server actions (next.config.mjs).
      body = multipart(
        [
          { name: "0", value: JSON.stringify([c.prev, "$K1"]) },
          { name: "_1_email", value: "e".repeat(1_100_000) },
        ],
        boundary,
      );
      headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
      break;
    case "get":
      body = undefined;
      break;
  }
  if (fetchAction && id !== undefined) headers["next-action"] = id;
  headers.accept = "text/x-component";
  const origin = originHeader(c.origin, hostValue);
  if (origin !== undefined) headers.origin = origin;
  for (const i of c.extras) {
    const [k, v] = EXTRAS[i]!;
    if (k !== "next-action") headers[k] = v;
  }
  const cookies: string[] = [];
  if (c.identity === "admin") cookies.push(f.cookie);
  if (c.identity === "garbage") cookies.push(`next-auth.session-token=${randomBytes(24).toString("base64url")}`);
  const junk = JUNK_COOKIES[c.junkCookie];
  if (junk) cookies.push(junk);
  if (cookies.length) headers.cookie = cookies.join("; ");
  return {
    method: c.encoding === "get" ? "GET" : "POST",
    host: hostValue,
    path: action.path,
    headers,
    body,
    chunked: false,
    shape,
  };
}

// ------------------------------------------------------------------------------------------------
// The tests.

test.describe("fuzz", () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(() => {
    console.log(
      `fuzz seed ${SEED} (FUZZ_SEED=${SEED} reproduces this run); not compared by the no-write check: ${JSON.stringify({ tables: EXCLUDED_TABLES, columns: EXCLUDED_COLUMNS, schemas: EXCLUDED_SCHEMAS })}`,
    );
  });

  test.afterAll(() => {
    const known = Object.entries(knownHits).map(([id, n]) => {
      const k = KNOWN_5XX.find((x) => x.id === id)!;
      return `\n  KNOWN 5xx ${id} (${k.owner}): ${n} answers. ${k.what}`;
    });
    console.log(
      `fuzz totals of this worker: ${totals.requests} requests, ${totals.fiveHundreds} answered 5xx${known.join("")}`,
    );
  });

  test("every extra of the fuzz names a declared route", () => {
    expect(ROUTES.length).toBeGreaterThan(0);
    expect(staleExtras(DECLARED), "FUZZ_EXTRAS entries (support/fuzz-routes.ts) naming no route").toEqual([]);
  });

  for (const route of ROUTES) {
    const key = `${route.method} ${urlOf(route.file)}`;
    test(`${key}: malformed requests answer below 500 and write nothing`, async () => {
      const f = await getFixture();
      const stats: Stats = { sent: 0, unsendable: 0, statuses: {}, served: [] };
      const signupSubdomains: string[] = [];
      const before = await snapshot(f.orgIds);
      const started = Date.now();
      const seed = await fuzzOne(
        key,
        caseArb(route),
        route.runs,
        (c, fx) => build(route, c, fx),
        f,
        stats,
        signupSubdomains,
      ).catch((e: unknown) => {
        throw new Error(
          `fuzz seed ${SEED} (route seed ${seedFor(key)}): ${e instanceof Error ? e.message : String(e)}`,
        );
      });
      const after = await snapshot(f.orgIds);
      console.log(
        `fuzz ${key}: ${stats.sent} requests in ${Date.now() - started} ms (seed ${seed}), statuses ${JSON.stringify(stats.statuses)}${stats.unsendable ? `, ${stats.unsendable} unsendable or closed before the body was sent` : ""}`,
      );
      expect(
        snapshotChanges(before, after),
        `a request wrote; the last of those not refused were:\n${stats.served.slice(-40).join("\n")}`,
      ).toEqual([]);
      if (signupSubdomains.length) {
        // Only a name of the allowed form could have become a workspace (and PostgreSQL takes no NUL).
        const names = signupSubdomains.map((s) => s.toLowerCase()).filter((s) => /^[a-z0-9-]{1,63}$/.test(s));
        const made = await superuserQuery<{ subdomain: string }>(
          `SELECT subdomain FROM "Organization" WHERE subdomain = ANY($1::text[])`,
          [names],
        );
        expect(made, "signup created a workspace").toEqual([]);
      }
      // Not vacuous: some requests got past the session and workspace checks to the route's own code.
      const deep = Object.entries(stats.statuses)
        .filter(([s]) => !["401", "403", "404"].includes(s))
        .reduce((n, [, k]) => n + k, 0);
      expect(deep, JSON.stringify(stats.statuses)).toBeGreaterThan(0);
    });
  }
  // The actions are read from the build the server runs, so they are known only once it is up.
  test("server actions: malformed posts answer below 500 and write nothing", async () => {
    const f = await getFixture();
    const actions = manifestActions();
    // Every action the sources declare is found in the build (and so fuzzed) on a page that uses it.
    expect(actions.map((a) => a.name).sort(), "server actions in the build's manifest").toEqual(
      expect.arrayContaining(declaredActions().sort()),
    );
    expect(actions.length).toBeGreaterThan(0);
    const before = await snapshot(f.orgIds);
    const lines: string[] = [];
    const served: string[] = [];
    for (const action of actions) {
      const key = `action ${action.name} (${action.file}) via ${action.site === "main" ? ROOT : "<workspace>"}${action.path}`;
      const seed = seedFor(key);
      const statuses: Record<number, number> = {};
      const started = Date.now();
      await fc
        .assert(
          fc.asyncProperty(actionCase, async (c) => {
            const wire = buildAction(action, actions, c, f);
            const answer = await send(wire);
            if ("error" in answer) {
              if (answer.unsendable || answer.closedEarly) return;
              throw new Error(`no answer (${answer.error}) to\n${describeWire(wire)}`);
            }
            totals.requests++;
            statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
            if (answer.status < 400) served.push(`${answer.status} ${describeWire(wire)}`);
            if (answer.status >= 500) {
              totals.fiveHundreds++;
              if (await knownFiveHundred(wire)) return;
              throw new Error(`${answer.status} for\n${describeWire(wire)}\n  answer: ${answer.body.slice(0, 500)}`);
            }
          }),
          { seed, numRuns: Math.max(1, Math.round(120 * RUNS)), includeErrorInReport: true },
        )
        .catch((e: unknown) => {
          throw new Error(`fuzz seed ${SEED} (${key}, seed ${seed}): ${e instanceof Error ? e.message : String(e)}`);
        });
      lines.push(
        `fuzz ${key}: ${Object.values(statuses).reduce((a, b) => a + b, 0)} requests in ${Date.now() - started} ms (seed ${seed}), statuses ${JSON.stringify(statuses)}`,
      );
    }
    console.log(lines.join("\n"));
    const after = await snapshot(f.orgIds);
    expect(
      snapshotChanges(before, after),
      `an action wrote; the last of those answered below 400 were:\n${served.slice(-40).join("\n")}`,
    ).toEqual([]);
  });
});
