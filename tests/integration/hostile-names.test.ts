import { describe, expect, it, vi } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { withOrg } from "@/lib/db/tenant";
import { db } from "@/lib/db/client";
import { currentSession } from "@/lib/auth/current-session";
import type { AuthContext } from "@/lib/auth/context";
import { NAME_MESSAGE } from "@/lib/validation/names";
import { displayName } from "@/lib/mail/safe-name";
import { toEml } from "@/lib/mail/transport";
import { deliverMail } from "@/lib/mail/deliver";
import { attachmentsOf, isCalendarText } from "@/lib/mail/attachments";
import { resendInvitation } from "@/lib/people/users";
import { importUsers } from "@/lib/people/bulk-import";
import { mailPasswordReset } from "@/lib/auth/password-reset";
import { sendVerificationLink } from "@/lib/org/email-verification";
import { sendBillingNotice } from "@/lib/billing/notices";
import { createSurvey, sendSurvey } from "@/lib/surveys/send";
import { sendReminders, REMINDER_AFTER_MS } from "@/lib/surveys/round-lifecycle";
import { sendCalendarMail } from "@/lib/one-on-one/invitations";
import { sendMeetingReminder } from "@/lib/one-on-one/reminders";
import {
  noticeEmailChanged,
  noticeEmailChangeUndone,
  noticePasswordChanged,
  noticePasswordReset,
  noticeRoleChanged,
} from "@/lib/people/account-notices";
import { requestEmailChange } from "@/lib/people/email-change";
import { notifyTeamJoins } from "@/lib/people/team-join";
import { createPlan, publishPlan } from "@/lib/plans/plans";
import { planInputSchema } from "@/lib/plans/schemas";
import { runPlanNudges } from "@/lib/plans/nudges";
import { POST as usersPost } from "@/app/api/users/route";
import { PUT as userPut } from "@/app/api/users/[id]/route";
import { POST as teamsPost } from "@/app/api/teams/route";
import { PUT as teamPut } from "@/app/api/teams/[teamId]/route";
import { POST as bulkImportPost } from "@/app/api/users/bulk-import/route";
import { POST as signupPost } from "@/app/api/signup/complete/route";
import { createOrg, createUser, TEST_PASSWORD, uniqueName } from "../support/factories";
import { recordingTransport } from "../support/recording-transport";
import { DAY, meeting } from "../support/one-on-one";
import type { Route } from "../support/one-on-one";

// Names are data, never markup. The rule refuses new hostile names at every door (the first part);
// names stored before it, or written straight into the database, are still there, so every e-mail
// template and every calendar file is rendered with them (the second part): each message must be a
// valid e-mail with exactly its own headers, carry nothing of a hostile name, and each .ics must
// parse with an independent parser (ical.js) with its people's names intact or neutralised.

vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
vi.mock("next/headers", async (original) => ({
  ...(await original<typeof import("next/headers")>()),
  headers: vi.fn(),
}));

async function send(
  route: Route,
  as: AuthContext | null,
  host: string,
  method: string,
  urlPath: string,
  body: unknown,
  params: Record<string, string> = {},
) {
  vi.mocked(headers).mockResolvedValue(new Headers({ host }) as unknown as Awaited<ReturnType<typeof headers>>);
  if (as)
    vi.mocked(currentSession).mockResolvedValue({ ctx: as, user: { id: as.userId, role: as.role } } as Awaited<
      ReturnType<typeof currentSession>
    >);
  const res = await route(
    new NextRequest(`http://${host}${urlPath}`, {
      method,
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", host },
    }),
    { params: Promise.resolve(params) },
  );
  return {
    status: res.status,
    body: (await res.json()) as {
      fields?: Record<string, string[]>;
      failed?: number;
      errors?: string[];
      successful?: number;
    },
  };
}

const HOSTILE_FIRST = [
  "Bob http://evil.example/a",
  "www.evil.example",
  "evil.example",
  "<script>",
  "A\nB",
  "Eve\r\nBcc: spy@evil.example",
  "A\u0000",
  "A\u202eB",
];

async function admin(): Promise<{ orgId: string; subdomain: string; ctx: AuthContext }> {
  const { orgId, subdomain } = await createOrg();
  const u = await createUser(orgId, { role: "admin", firstName: "Ada" });
  return { orgId, subdomain, ctx: { orgId, userId: u.id, role: "admin", sessionId: randomUUID() } };
}

const userNames = (orgId: string) =>
  withOrg(orgId, (tx) =>
    tx.user.findMany({ where: { organizationId: orgId }, select: { firstName: true, lastName: true } }),
  );

describe("every door refuses a hostile name with 400 and the field's message", () => {
  it("adding and editing a person, creating and renaming a team", async () => {
    const { orgId, subdomain, ctx } = await admin();
    const host = `${subdomain}.localhost:3000`;
    const person = await createUser(orgId, { firstName: "Nia" });
    const team = await withOrg(orgId, (tx) =>
      tx.team.create({ data: { organizationId: orgId, name: "Sales" }, select: { id: true } }),
    );
    const before = await userNames(orgId);
    for (const bad of HOSTILE_FIRST) {
      const user = { firstName: bad, lastName: "Okafor", email: `${uniqueName("n")}@example.com`, role: "employee" };
      const created = await send(usersPost, ctx, host, "POST", "/api/users", user);
      expect(created.status, JSON.stringify(bad)).toBe(400);
      // NUL is refused for every field before the schema runs, with its own message.
      if (bad !== "A\u0000") expect(created.body.fields).toEqual({ firstName: [NAME_MESSAGE] });
      const lastName = await send(usersPost, ctx, host, "POST", "/api/users", {
        ...user,
        firstName: "Nia",
        lastName: bad,
      });
      expect(lastName.status).toBe(400);
      if (bad !== "A\u0000") expect(lastName.body.fields).toEqual({ lastName: [NAME_MESSAGE] });
      const edited = await send(
        userPut,
        ctx,
        host,
        "PUT",
        `/api/users/${person.id}`,
        { firstName: bad, lastName: "User", email: person.email, role: "employee" },
        { id: person.id },
      );
      expect(edited.status).toBe(400);
      const teamNew = await send(teamsPost, ctx, host, "POST", "/api/teams", { name: bad });
      expect(teamNew.status).toBe(400);
      if (bad !== "A\u0000") expect(teamNew.body.fields).toEqual({ name: [NAME_MESSAGE] });
      expect(
        (await send(teamPut, ctx, host, "PUT", `/api/teams/${team.id}`, { name: `Sales ${bad}` }, { teamId: team.id }))
          .status,
      ).toBe(400);
    }
    expect(await userNames(orgId)).toEqual(before);
    expect(
      await withOrg(orgId, (tx) => tx.team.findMany({ where: { organizationId: orgId }, select: { name: true } })),
    ).toEqual([{ name: "Sales" }]);
    // Real names still go in.
    const ok = await send(usersPost, ctx, host, "POST", "/api/users", {
      firstName: "J.R.",
      lastName: "O'Brien-St. John",
      email: `${uniqueName("jr")}@example.com`,
      role: "employee",
    });
    expect(ok.status).toBe(201);
  });

  it("the bulk import fails a hostile row with the message and writes nothing for it", async () => {
    const { orgId, subdomain, ctx } = await admin();
    const good = `${uniqueName("good")}@example.com`;
    const bads = ["Bob http://evil.example/a", "evil.example", "<script>", "A\nB", "A\u202eB"].map((n, i) => ({
      firstName: n,
      lastName: "Row",
      email: `bad${i}.${uniqueName("b")}@example.com`,
      line: i + 3,
    }));
    const res = await send(bulkImportPost, ctx, `${subdomain}.localhost:3000`, "POST", "/api/users/bulk-import", {
      users: [
        { firstName: "Zoë", lastName: "María-José", email: good, line: 2 },
        ...bads,
        {
          firstName: "Dee",
          lastName: "Row",
          email: `${uniqueName("d")}@example.com`,
          department: "evil.example",
          line: 8,
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ successful: 1, failed: 6 });
    for (const line of [3, 4, 5, 6, 7, 8])
      expect(
        res.body.errors?.some((e) => e.startsWith(`Line ${line} `) && e.includes(NAME_MESSAGE)),
        `line ${line}: ${res.body.errors?.join(" | ")}`,
      ).toBe(true);
    const emails = (
      await withOrg(orgId, (tx) => tx.user.findMany({ where: { organizationId: orgId }, select: { email: true } }))
    ).map((u) => u.email);
    expect(emails).toContain(good);
    expect(emails.filter((e) => e.startsWith("bad") || e.startsWith("d"))).toEqual([]);
    expect(await withOrg(orgId, (tx) => tx.team.count({ where: { organizationId: orgId } }))).toBe(0);
  });

  it("signup refuses a hostile name and creates no workspace", async () => {
    for (const bad of ["Bob http://evil.example", "evil.example", "<b>", "A\nB"]) {
      const subdomain = uniqueName("hn");
      const body = {
        firstName: bad,
        lastName: "Okafor",
        workEmail: `nia@${subdomain}.example`,
        password: "Signup-pass-2026",
        confirmPassword: "Signup-pass-2026",
        companyName: "Acme",
        subdomain,
        companySize: "11-50",
      };
      const res = await send(signupPost, null, "localhost:3000", "POST", "/api/signup/complete", body);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ firstName: [NAME_MESSAGE] });
      expect(await db().organization.count({ where: { subdomain } })).toBe(0);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Every template, rendered with hostile stored names.

/** Every module that queues mail. A new one must be rendered below, then added here. */
const MAIL_MODULES = [
  "lib/auth/password-reset.ts",
  "lib/billing/checkout.ts",
  "lib/billing/notices.ts",
  "lib/one-on-one/invitations.ts",
  "lib/one-on-one/reminders.ts",
  "lib/org/email-verification.ts",
  "lib/people/account-notices.ts",
  "lib/people/email-change.ts",
  "lib/people/invitations.ts",
  "lib/plans/nudges.ts",
  "lib/surveys/round-lifecycle.ts",
  "lib/surveys/send.ts",
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === "generated" ? [] : sourceFiles(p);
    return p.endsWith(".ts") || p.endsWith(".tsx") ? [p] : [];
  });
}

it("the list of mail-sending modules is complete", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const senders = sourceFiles(path.join(root, "lib"))
    .filter(
      (f) =>
        !f.includes(`${path.sep}lib${path.sep}mail${path.sep}`) && /\benqueueMails?\(/.test(readFileSync(f, "utf8")),
    )
    .map((f) => path.relative(root, f).split(path.sep).join("/"))
    .sort();
  expect(senders).toEqual(MAIL_MODULES);
});

it("a message stored before the outbox kept headers on one line is delivered with them on one line", async () => {
  const { orgId } = await createOrg();
  const row = await withOrg(orgId, (tx) =>
    tx.mailMessage.create({
      data: {
        organizationId: orgId,
        to: "ana@example.com\r\nBcc: spy@evil.example",
        subject: "Hi Eve\r\nBcc: spy@evil.example",
        text: "Hello",
        kind: "invitation",
      },
      select: { id: true },
    }),
  );
  const transport = recordingTransport();
  expect(await deliverMail(orgId, row.id, transport)).toBe("sent");
  expect(transport.sent[0]).toMatchObject({
    to: "ana@example.com Bcc: spy@evil.example",
    subject: "Hi Eve Bcc: spy@evil.example",
  });
});

type Names = { first: string; last: string };
/** Stored names: hostile ones (links, markup, header injection, bidi override) and one that passes
 * the rule but needs escaping everywhere (quotes, semicolons, commas, backslash, caret); a team's
 * name too, which the in-app notice of who joined it shows. */
const VARIANTS: [string, { admin: Names; manager: Names; employee: Names; team: string }][] = [
  [
    "links",
    {
      admin: { first: "Bob http://evil.example/a", last: "Ode" },
      manager: { first: "www.evil.example", last: "Max" },
      employee: { first: "Eve", last: "evil.example" },
      team: "Sales http://evil.example",
    },
  ],
  [
    "header injection",
    {
      admin: { first: "Ada\r\nBcc: spy@evil.example", last: "Ode" },
      manager: { first: "Max\nX-Evil: 1", last: "Roe" },
      employee: { first: "Eve\rSubject: evil", last: "Poe\r\nX-Evil: 2" },
      team: "Sales\r\nBcc: spy@evil.example",
    },
  ],
  [
    "markup and control characters",
    {
      admin: { first: "<script>evil()</script>", last: "Ode" },
      manager: { first: "Max\u202eelpmaxe.evil", last: "Roe" },
      employee: { first: "Eve\u0001", last: "Poe\u0085x" },
      team: "<b>Sales</b>\u202eevil",
    },
  ],
  [
    "quotes and separators",
    {
      admin: { first: 'Robert "Bob"', last: "O'Neil; Jr." },
      manager: { first: "Smith, Ann", last: 'D"Arcy; \\ ^n' },
      employee: { first: 'O"Neil', last: "Poe, Jr.; II" },
      team: 'R&D "Core"; Ops, \\ ^',
    },
  ],
];

const FORBIDDEN = /evil|<script|\u202e|\u0001|\u0085|X-Evil|Bcc:/i;

async function personWith(
  orgId: string,
  role: "admin" | "manager" | "employee",
  names: Names,
  opts: { activated?: boolean } = {},
) {
  const u = await createUser(orgId, { role });
  await withOrg(orgId, (tx) =>
    tx.user.update({
      where: { organizationId_id: { organizationId: orgId, id: u.id } },
      data: {
        firstName: names.first,
        lastName: names.last,
        passwordSetAt: opts.activated === false ? null : new Date(Date.now() - 2 * DAY),
      },
    }),
  );
  return {
    ...u,
    ...names,
    firstName: names.first,
    lastName: names.last,
    ctx: { orgId, userId: u.id, role, sessionId: randomUUID() } as AuthContext,
  };
}

/** One message's headers, as a mail reader splits them: one per line, name and value. */
function headerNames(eml: string): string[] {
  const end = eml.indexOf("\r\n\r\n");
  expect(end).toBeGreaterThan(0);
  return eml
    .slice(0, end)
    .split("\r\n")
    .map((line) => {
      const m = /^([A-Za-z-]+): ([\x20-\x7e]*)$/.exec(line);
      if (!m) throw new Error(`not a header line: ${JSON.stringify(line)}`);
      return m[1]!;
    });
}

describe.each(VARIANTS)("every e-mail and .ics with stored names holding %s", (variant, names) => {
  it("is a valid message whose headers are its own, carries nothing of a hostile name, and its calendar file parses", async () => {
    const { orgId, subdomain } = await createOrg();
    const adm = await personWith(orgId, "admin", names.admin);
    const mgr = await personWith(orgId, "manager", names.manager);
    const emp = await personWith(orgId, "employee", names.employee);
    const pending = await personWith(orgId, "employee", names.employee, { activated: false });
    const tenant = { orgId, subdomain };

    // People: an invitation sent again, a bulk import's invitations, both from the admin.
    await resendInvitation(adm.ctx, pending.id);
    expect(
      (
        await importUsers(adm.ctx, [
          { firstName: "Newbie", lastName: "Person", email: `${uniqueName("new")}@example.com` },
        ])
      ).successful,
    ).toBe(1);
    // Sign-in: a reset link, the workspace's verification, the account notices, an e-mail change.
    await mailPasswordReset(tenant, emp.email);
    await withOrg(orgId, async (tx) => {
      await sendVerificationLink(
        tx,
        { orgId, subdomain, name: "Acme" },
        { userId: adm.id, email: adm.email, firstName: names.admin.first },
      );
      for (const notice of ["trial_ending", "payment_failed", "subscription_cancelled"] as const)
        await sendBillingNotice(tx, orgId, notice);
      await noticePasswordChanged(tx, orgId, emp.id);
      await noticePasswordReset(tx, orgId, emp.id);
      await noticeRoleChanged(tx, orgId, emp.id, {
        from: "employee",
        to: "manager",
        by: `${names.admin.first} ${names.admin.last}`,
        sessionsEnded: 1,
      });
      await noticeEmailChanged(tx, orgId, emp.id, {
        oldEmail: emp.email,
        newEmail: `moved.${emp.email}`,
        undoLink: `http://${subdomain}.localhost:3000/undo-email-change?token=t`,
      });
      await noticeEmailChangeUndone(tx, orgId, emp.id);
    });
    await requestEmailChange(emp.ctx, { newEmail: `new.${emp.email}`, currentPassword: TEST_PASSWORD });
    // Teams: who joined, told in the app to the team's members and manager (the admin is a member).
    const team = await withOrg(orgId, async (tx) => {
      const t = await tx.team.create({
        data: { organizationId: orgId, name: names.team, managerId: mgr.id },
        select: { id: true },
      });
      await tx.user.update({
        where: { organizationId_id: { organizationId: orgId, id: adm.id } },
        data: { teamId: t.id },
      });
      return t;
    });
    expect(
      await withOrg(orgId, (tx) =>
        notifyTeamJoins(tx, orgId, [
          { userId: emp.id, teamId: team.id },
          { userId: pending.id, teamId: team.id },
        ]),
      ),
    ).toBe(2);
    // Surveys: the invitation and the day-3 reminder.
    const sentAt = new Date();
    await withOrg(orgId, async (tx) => {
      const { surveyId } = await createSurvey(
        tx,
        orgId,
        {
          kind: "custom",
          title: "Check",
          audienceTeamIds: [],
          createdById: adm.id,
          questions: [{ type: "scale", text: "Fine?", isRequired: true }],
        },
        sentAt,
      );
      expect((await sendSurvey(tx, orgId, surveyId, sentAt)).invited).toBeGreaterThan(0);
      expect(
        await sendReminders(tx, orgId, surveyId, new Date(sentAt.getTime() + REMINDER_AFTER_MS + 60_000)),
      ).toBeGreaterThan(0);
    });
    // Action plans: published to the team (who published it, for which team), then the step and
    // the plan due today told to their owners, and a check-back's result told to the plan's owner.
    const today = new Date().toISOString().slice(0, 10);
    const { id: planId } = await createPlan(
      mgr.ctx,
      planInputSchema.parse({
        title: "Weekly 1:1s",
        dimension: "recognition",
        teamId: team.id,
        ownerId: mgr.id,
        dueAt: today,
        visibility: "team",
        steps: [{ title: "Book the slots", ownerId: adm.id, dueAt: today }],
      }),
    );
    await publishPlan(mgr.ctx, planId);
    await withOrg(orgId, async (tx) => {
      const survey = await tx.survey.findFirstOrThrow({ where: { organizationId: orgId }, select: { id: true } });
      await tx.survey.update({
        where: { organizationId_id: { organizationId: orgId, id: survey.id } },
        data: { status: "closed", closedAt: new Date() },
      });
      await tx.actionCheckBack.updateMany({
        where: { organizationId: orgId, planId, ordinal: 1 },
        data: { status: "sent", surveyId: survey.id, sentAt: new Date() },
      });
    });
    await runPlanNudges(new Date(Date.now() + 60_000));

    // 1:1s: scheduled, moved, cancelled (one and all), and the reminder.
    const meetingId = await meeting(mgr.ctx, emp.id, { at: new Date(Date.now() + DAY / 2) });
    const series = {
      organizationId: orgId,
      id: randomUUID(),
      recurrence: "weekly" as const,
      timeZone: "Europe/Berlin",
      startsAt: new Date(Date.now() + DAY),
      durationMinutes: 30,
      sequence: 1,
    };
    const ref = { id: meetingId, occurrenceStart: series.startsAt, scheduledAt: series.startsAt, durationMinutes: 30 };
    await withOrg(orgId, async (tx) => {
      for (const [scope, method] of [
        ["series", "REQUEST"],
        ["occurrence", "REQUEST"],
        ["occurrence", "CANCEL"],
        ["series", "CANCEL"],
      ] as const) {
        await sendCalendarMail(tx, { series, manager: mgr, employee: emp, change: { scope, method, meeting: ref } });
      }
    });
    expect(await sendMeetingReminder(orgId, meetingId, mgr.id, new Date())).toBe(true);

    // Oldest first: the first 1:1 message to the employee is the invitation, later ones the changes.
    const mails = await withOrg(orgId, (tx) =>
      tx.mailMessage.findMany({ where: { organizationId: orgId }, orderBy: { createdAt: "asc" } }),
    );
    const kinds = new Set(mails.map((m) => m.kind));
    for (const kind of [
      "invitation",
      "password_reset",
      "email_verification",
      "billing_trial_ending",
      "billing_payment_failed",
      "billing_subscription_cancelled",
      "account_password_changed",
      "account_password_reset",
      "account_role_changed",
      "account_email_changed",
      "account_email_restored",
      "account_email_confirm",
      "survey_invitation",
      "survey_reminder",
      "meeting_invitation",
      "meeting_cancelled",
      "meeting_reminder",
      "plan_step_due",
      "plan_due",
      "plan_checkback_result",
    ])
      expect(kinds, `no ${kind} mail`).toContain(kind);

    // In-app notices: the account notices, who joined a team, the 1:1 reminder; each title and
    // message one plain line that carries nothing of a hostile name.
    const notices = await withOrg(orgId, (tx) =>
      tx.notification.findMany({
        where: { organizationId: orgId },
        select: { type: true, title: true, message: true },
      }),
    );
    const types = new Set(notices.map((n) => n.type));
    for (const type of [
      "account_password_changed",
      "account_role_changed",
      "account_email_changed",
      "team_member_joined",
      "meeting_reminder",
      "plan_published",
      "plan_step_due",
      "plan_checkback_result",
    ])
      expect(types, `no ${type} notice`).toContain(type);
    for (const n of notices) {
      for (const line of [n.title, n.message]) {
        expect(line, `${variant}: ${n.type} notice`).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
        expect(line, `${variant}: ${n.type} notice`).not.toMatch(FORBIDDEN);
        expect(line, `${variant}: ${n.type} notice`).not.toMatch(/[<>]/);
      }
    }

    let calendars = 0;
    for (const m of mails) {
      const label = `${variant}: ${m.kind} to ${m.to}`;
      const attachments = attachmentsOf(m.attachments);
      const eml = toEml(
        {
          id: m.id,
          from: "Pulsewell <no-reply@pulsewell.test>",
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          attachments,
        },
        m.id,
      );
      const expected = [
        "Message-ID",
        "Date",
        "From",
        "To",
        "Subject",
        "MIME-Version",
        "Content-Type",
        // Every message has an HTML part now (multipart/alternative), so no top-level encoding.
      ];
      expect(headerNames(eml), label).toEqual(expected);
      expect(m.subject, label).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
      expect(m.subject, label).not.toMatch(FORBIDDEN);
      expect(m.text, label).not.toMatch(FORBIDDEN);
      // Line breaks in a text part are the template's own, never a name's lone CR.
      expect(m.text, label).not.toMatch(/\r/);
      // The HTML part: the same names, escaped by React, and nothing of a hostile one.
      expect(m.html, label).toMatch(/^<!DOCTYPE html/);
      expect(m.html, label).not.toMatch(FORBIDDEN);
      expect(m.html!.replace(/<\/?[a-z][^<>]*>|<!--[^<>]*-->|<!DOCTYPE[^<>]*>/gi, ""), label).not.toMatch(/[<>]/);
      for (const a of attachments) {
        calendars++;
        expect(isCalendarText(a.content), label).toBe(true);
        expect(a.content, label).not.toMatch(FORBIDDEN);
        const event = new ICAL.Component(ICAL.parse(a.content)).getFirstSubcomponent("vevent")!;
        const shown = (p: { first: string; last: string; email: string }) => {
          // The name as the e-mail shows it (lib/mail/safe-name.ts), DQUOTE and backslash neutralised.
          return displayName(p.first, p.last, p.email).replace(/"/g, "'").replace(/\\/g, "/");
        };
        expect(event.getFirstProperty("organizer")?.getParameter("cn"), label).toBe(shown(mgr));
        expect(event.getFirstProperty("attendee")?.getParameter("cn"), label).toBe(shown(emp));
        expect(String(event.getFirstPropertyValue("summary")), label).toMatch(/^1:1: /);
      }
    }
    expect(calendars).toBe(4);

    if (variant === "quotes and separators") {
      // A name that passes the rule is shown as it is, quotes and separators included.
      const to = (email: string, kind: string) => mails.find((m) => m.to === email && m.kind === kind)!;
      expect(to(emp.email, "password_reset").text).toMatch(/^Hi O"Neil,\n/);
      expect(to(emp.email, "password_reset").html).toContain("Hi O&quot;Neil,");
      expect(to(emp.email, "meeting_invitation").html).toContain("Smith, Ann D&quot;Arcy; \\ ^n ");
      expect(to(emp.email, "meeting_invitation").text).toContain('Smith, Ann D"Arcy; \\ ^n scheduled a 1:1');
      const ics = attachmentsOf(to(emp.email, "meeting_invitation").attachments)[0]!.content;
      const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!;
      expect(event.getFirstPropertyValue("summary")).toBe('1:1: Smith, Ann D"Arcy; \\ ^n / O"Neil Poe, Jr.; II');
      // The team's name and its joiners' names, shown as they are in the in-app notice.
      const joined = notices.filter((n) => n.type === "team_member_joined").map((n) => n.title);
      expect(joined).toEqual([
        'O"Neil Poe, Jr.; II and O"Neil Poe, Jr.; II joined R&D "Core"; Ops, \\ ^',
        'O"Neil Poe, Jr.; II and O"Neil Poe, Jr.; II joined R&D "Core"; Ops, \\ ^',
      ]);
    }
  });
});
