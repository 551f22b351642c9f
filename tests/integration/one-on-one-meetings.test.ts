import { beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { withOrg } from "@/lib/db/tenant";
import { currentSession } from "@/lib/auth/current-session";
import type { AuthContext } from "@/lib/auth/context";
import {
  cancelMeeting,
  getMeetingDetail,
  listMeetings,
  listSchedulablePeople,
  rescheduleMeeting,
  scheduleMeeting,
  updateMeetingNotes,
} from "@/lib/one-on-one/meetings";
import { extendSeries, materializeTarget, MATERIALIZE_HORIZON_MS } from "@/lib/one-on-one/series";
import { runMeetingWork } from "@/lib/one-on-one/reminders";
import { attachmentsOf } from "@/lib/mail/attachments";
import { GET as listGet, POST as schedulePost } from "@/app/api/meetings/one-on-one/route";
import { GET as detailGet } from "@/app/api/meetings/one-on-one/meeting/[meetingId]/route";
import { PUT as notesPut } from "@/app/api/meetings/one-on-one/[meetingId]/route";
import { call, company as makeCompany, DAY, person, refusal, reportsTo, type Route } from "../support/one-on-one";
import { createOrg } from "../support/factories";

// The meetings core: who sees a 1:1, who may schedule one, how a series becomes
// meetings, the calendar messages (checked with ical.js) and the reminder job.

vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
const signedIn = vi.mocked(currentSession);
beforeEach(() => signedIn.mockReset());

const company = () => makeCompany({ managerName: "Morgan", employeeName: "Jordan", reporting: "both" });

const asManager = <T>(m: AuthContext, fn: Parameters<typeof withOrg<T>>[1]) =>
  withOrg(m.orgId, fn, { userId: m.userId });

async function seriesMeetings(m: AuthContext, seriesId: string) {
  return asManager(m, (tx) =>
    tx.meeting.findMany({
      where: { organizationId: m.orgId, seriesId },
      orderBy: { scheduledAt: "asc" },
      select: { id: true, scheduledAt: true, occurrenceStart: true, status: true },
    }),
  );
}

/** The calendar mails of a meeting, oldest first, each parsed with ical.js. */
async function calendarMails(orgId: string, meetingId: string) {
  const rows = await withOrg(orgId, (tx) =>
    tx.mailMessage.findMany({
      where: {
        organizationId: orgId,
        ref: `meeting:${meetingId}`,
        kind: { in: ["meeting_invitation", "meeting_cancelled"] },
      },
      orderBy: { createdAt: "asc" },
    }),
  );
  return rows.map((r) => {
    const [file] = attachmentsOf(r.attachments);
    if (!file) throw new Error("no attachment");
    const calendar = new ICAL.Component(ICAL.parse(file.content));
    for (const tz of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
    const vevent = calendar.getFirstSubcomponent("vevent")!;
    return { to: r.to, subject: r.subject, file, calendar, vevent, event: new ICAL.Event(vevent) };
  });
}

function londonWallClock(d: Date) {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(d);
}

describe("scheduling", () => {
  it("materialises a weekly series to the horizon at the same London wall-clock time across DST, with the template's questions", async () => {
    const c = await company();
    const template = await withOrg(c.orgId, (tx) =>
      tx.meetingTemplate.create({
        data: { organizationId: c.orgId, name: "Weekly", description: "d", questions: ["How are you?", "Blockers?"] },
        select: { id: true },
      }),
    );
    // Monday 1 March 2027, 09:00 in London (GMT); BST starts on 28 March, ends 31 October.
    const now = new Date("2027-02-20T12:00:00Z");
    const detail = await scheduleMeeting(
      c.manager,
      {
        employeeId: c.employee.userId,
        templateId: template.id,
        scheduledAt: "2027-03-01T09:00:00+00:00",
        timeZone: "Europe/London",
        recurrence: "weekly",
      },
      { now },
    );
    expect(detail).toMatchObject({
      role: "manager",
      status: "scheduled",
      recurrence: "weekly",
      durationMinutes: 30,
      templateName: "Weekly",
      timeZone: "Europe/London",
    });
    expect(detail.scheduledAt).toBe("2027-03-01T09:00:00.000Z");
    expect(detail.agenda.map((a) => [a.kind, a.text])).toEqual([
      ["question", "How are you?"],
      ["question", "Blockers?"],
    ]);
    const rows = await seriesMeetings(c.manager, detail.seriesId);
    const target = materializeTarget(now).getTime();
    expect(target).toBeGreaterThan(now.getTime() + MATERIALIZE_HORIZON_MS);
    // Every Monday from the start until the target (an hour's DST difference cannot matter at noon).
    expect(rows.length).toBe(Math.ceil((target - Date.parse("2027-03-01T09:00:00Z")) / (7 * DAY)));
    expect(rows.every((r) => londonWallClock(r.scheduledAt) === "Mon 09:00")).toBe(true);
    expect(rows.find((r) => r.scheduledAt.toISOString() === "2027-03-29T08:00:00.000Z")).toBeTruthy(); // 09:00 BST
    const agendaCounts = await asManager(c.manager, (tx) =>
      tx.meetingAgendaItem.groupBy({
        by: ["meetingId"],
        where: { organizationId: c.orgId, meetingId: { in: rows.map((r) => r.id) } },
        _count: true,
      }),
    );
    expect(agendaCounts).toHaveLength(rows.length);
    expect(agendaCounts.every((g) => g._count === 2)).toBe(true);

    // Extending is idempotent: 60 days later (past the horizon's slack) adds the next weeks once; again adds none.
    const later = new Date(now.getTime() + 60 * DAY);
    const added = await asManager(c.manager, (tx) => extendSeries(tx, c.orgId, detail.seriesId, later));
    expect(added).toBeGreaterThanOrEqual(8);
    expect(await asManager(c.manager, (tx) => extendSeries(tx, c.orgId, detail.seriesId, later))).toBe(0);
    const after = await seriesMeetings(c.manager, detail.seriesId);
    expect(after).toHaveLength(rows.length + added);
    expect(new Set(after.map((r) => r.occurrenceStart.toISOString())).size).toBe(after.length);
    expect(after.every((r) => londonWallClock(r.scheduledAt) === "Mon 09:00")).toBe(true);
  });

  it("notifies the employee and mails them a REQUEST invitation with a stable UID, the series' RRULE and the organiser", async () => {
    const c = await company();
    const at = new Date(Date.now() + 3 * DAY);
    const detail = await scheduleMeeting(c.manager, {
      employeeId: c.employee.userId,
      scheduledAt: at.toISOString(),
      timeZone: "Europe/Berlin",
      recurrence: "biweekly",
      durationMinutes: 45,
    });
    const notes = await withOrg(c.orgId, (tx) =>
      tx.notification.findMany({ where: { organizationId: c.orgId, userId: c.employee.userId } }),
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: "meeting_scheduled",
      actionUrl: `/one-on-one/${detail.id}`,
      actionText: "Open meeting",
    });
    const [mail, ...more] = await calendarMails(c.orgId, detail.id);
    expect(more).toHaveLength(0);
    expect(mail!.to).toBe(
      (await withOrg(c.orgId, (tx) => tx.user.findFirstOrThrow({ where: { id: c.employee.userId } }))).email,
    );
    expect(mail!.calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(mail!.event.uid).toMatch(new RegExp(`^${detail.seriesId}@[a-z0-9-]+\\.localhost$`));
    expect(mail!.vevent.getFirstPropertyValue("sequence")).toBe(0);
    expect(mail!.event.startDate.toJSDate().getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);
    expect(mail!.event.duration.toSeconds()).toBe(45 * 60);
    expect(String(mail!.vevent.getFirstPropertyValue("rrule"))).toContain("FREQ=WEEKLY;INTERVAL=2");
    expect(String(mail!.vevent.getFirstPropertyValue("organizer"))).toMatch(/^mailto:/i);
    expect(mail!.vevent.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/Berlin");
  });

  it("refuses what the product refuses, with field messages, and changes nothing", async () => {
    const c = await company();
    const future = new Date(Date.now() + DAY).toISOString();
    const base = { scheduledAt: future, timeZone: "Europe/London", recurrence: "none" as const };
    const notMine = await refusal(scheduleMeeting(c.manager, { ...base, employeeId: c.otherEmployee.userId }));
    expect(notMine).toMatchObject({ status: 400 });
    expect(notMine.fields?.employeeId?.[0]).toMatch(/direct reports/);
    expect(
      (await refusal(scheduleMeeting(c.manager, { ...base, employeeId: c.manager.userId }))).fields?.employeeId,
    ).toBeTruthy();
    expect(
      (await refusal(scheduleMeeting(c.admin, { ...base, employeeId: c.admin.userId }))).fields?.employeeId,
    ).toBeTruthy();
    const past = await refusal(
      scheduleMeeting(c.manager, {
        ...base,
        employeeId: c.employee.userId,
        scheduledAt: new Date(Date.now() - 60_000).toISOString(),
      }),
    );
    expect(past.fields?.scheduledAt).toEqual(["Choose a date and time in the future"]);
    expect(
      (await refusal(scheduleMeeting(c.manager, { ...base, employeeId: c.employee.userId, templateId: randomUUID() })))
        .fields?.templateId,
    ).toBeTruthy();
    expect(
      (
        await refusal(
          scheduleMeeting(c.manager, { ...base, employeeId: c.employee.userId, managerId: c.otherManager.userId }),
        )
      ).fields?.managerId,
    ).toBeTruthy();
    expect(
      (await refusal(scheduleMeeting(c.manager, { ...base, employeeId: c.employee.userId, durationMinutes: 5 }))).fields
        ?.durationMinutes,
    ).toBeTruthy();
    expect(
      (await refusal(scheduleMeeting(c.manager, { ...base, employeeId: c.employee.userId, timeZone: "Mars/Olympus" })))
        .fields?.timeZone,
    ).toBeTruthy();
    const other = await createOrg();
    const foreign = await person(other.orgId, "employee");
    expect((await refusal(scheduleMeeting(c.admin, { ...base, employeeId: foreign.userId }))).status).toBe(400);
    expect((await refusal(scheduleMeeting(c.employee, { ...base, employeeId: c.manager.userId }))).status).toBe(403);
    const count = await withOrg(c.orgId, (tx) => tx.meetingSeries.count({ where: { organizationId: c.orgId } }), {
      userId: c.manager.userId,
    });
    expect(count).toBe(0);
    expect(await withOrg(c.orgId, (tx) => tx.mailMessage.count({ where: { organizationId: c.orgId } }))).toBe(0);

    // An admin may schedule with anyone in the organisation.
    const adminMeeting = await scheduleMeeting(c.admin, { ...base, employeeId: c.otherEmployee.userId });
    expect(adminMeeting.role).toBe("manager");
  });

  it("lists whom the caller may schedule with: direct reports for a manager, everyone else for an admin, never themselves", async () => {
    const c = await company();
    expect((await listSchedulablePeople(c.manager)).map((p) => p.id)).toEqual([c.employee.userId]);
    const all = (await listSchedulablePeople(c.admin)).map((p) => p.id).sort();
    expect(all).toEqual([c.manager.userId, c.employee.userId, c.otherManager.userId, c.otherEmployee.userId].sort());
    expect((await refusal(listSchedulablePeople(c.employee))).status).toBe(403);
  });

  it("answers 201 with the first meeting through the route, and 400 with fields for a bad body", async () => {
    const c = await company();
    const body = {
      employeeId: c.employee.userId,
      scheduledAt: new Date(Date.now() + DAY).toISOString(),
      timeZone: "Europe/London",
      recurrence: "weekly",
    };
    const res = await call(schedulePost as Route, c.manager, c.subdomain, "POST", "/api/meetings/one-on-one", body);
    expect(res.status).toBe(201);
    const detail = (await res.json()) as { id: string; role: string };
    expect(detail.role).toBe("manager");
    const bad = await call(schedulePost as Route, c.manager, c.subdomain, "POST", "/api/meetings/one-on-one", {
      ...body,
      scheduledAt: "tomorrow",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string[]> }).fields.scheduledAt).toBeTruthy();
  });
});

describe("visibility", () => {
  it("shows a meeting to its pair only: admins, other managers and other organisations get 404 and empty lists", async () => {
    const c = await company();
    const detail = await scheduleMeeting(c.manager, {
      employeeId: c.employee.userId,
      scheduledAt: new Date(Date.now() + DAY).toISOString(),
      timeZone: "Europe/London",
      recurrence: "none",
    });
    expect((await getMeetingDetail(c.manager, detail.id)).role).toBe("manager");
    const asEmployee = await getMeetingDetail(c.employee, detail.id);
    expect(asEmployee.role).toBe("employee");
    expect(asEmployee.manager.firstName).toBe("Morgan");
    const other = await createOrg();
    const foreignAdmin = await person(other.orgId, "admin");
    for (const outsider of [c.admin, c.otherManager, c.otherEmployee, foreignAdmin]) {
      expect((await refusal(getMeetingDetail(outsider, detail.id))).status).toBe(404);
      expect((await refusal(updateMeetingNotes(outsider, detail.id, { notes: "x" }))).status).toBe(404);
      expect(
        (
          await refusal(
            rescheduleMeeting(outsider, detail.id, { scheduledAt: new Date(Date.now() + 2 * DAY).toISOString() }),
          )
        ).status,
      ).toBe(404);
      expect((await refusal(cancelMeeting(outsider, detail.id, { scope: "series" }))).status).toBe(404);
      expect((await listMeetings(outsider, { when: "upcoming" })).meetings).toEqual([]);
    }
    expect((await refusal(getMeetingDetail(c.manager, randomUUID()))).status).toBe(404);
    expect((await refusal(getMeetingDetail(c.manager, "not-a-uuid"))).status).toBe(404);
    // Through the route: the same 404 as a meeting that does not exist.
    const res = await call(
      detailGet as Route,
      c.admin,
      c.subdomain,
      "GET",
      `/api/meetings/one-on-one/meeting/${detail.id}`,
      undefined,
      { meetingId: detail.id },
    );
    expect(res.status).toBe(404);
    const list = await call(listGet as Route, c.admin, c.subdomain, "GET", "/api/meetings/one-on-one?when=upcoming");
    expect(((await list.json()) as { meetings: unknown[] }).meetings).toEqual([]);
    // Nothing changed.
    expect((await getMeetingDetail(c.manager, detail.id)).status).toBe("scheduled");
  });

  it("lists upcoming meetings earliest first and past ones latest first, by person, a page at a time", async () => {
    const c = await company();
    const second = await person(c.orgId, "employee");
    await reportsTo(second, c.manager);
    const now = new Date("2027-01-04T12:00:00Z");
    const weekly = await scheduleMeeting(
      c.manager,
      { employeeId: c.employee.userId, scheduledAt: "2027-01-05T10:00:00Z", timeZone: "UTC", recurrence: "weekly" },
      { now },
    );
    await scheduleMeeting(
      c.manager,
      { employeeId: second.userId, scheduledAt: "2027-01-06T10:00:00Z", timeZone: "UTC", recurrence: "none" },
      { now },
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listMeetings(c.manager, { when: "upcoming", ...(cursor ? { cursor } : {}) }, { now });
      seen.push(...page.meetings.map((m) => m.scheduledAt));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.length).toBe((await seriesMeetings(c.manager, weekly.seriesId)).length + 1);
    expect([...seen].sort()).toEqual(seen);
    const onlySecond = await listMeetings(c.manager, { when: "upcoming", personId: second.userId }, { now });
    expect(onlySecond.meetings.map((m) => m.employee.id)).toEqual([second.userId]);
    const mine = await listMeetings(c.employee, { when: "upcoming" }, { now });
    expect(mine.meetings[0]).toMatchObject({
      role: "employee",
      id: weekly.id,
      scheduledAt: weekly.scheduledAt,
      recurrence: "weekly",
      prepSubmitted: false,
      durationMinutes: 30,
    });
    expect(mine.meetings[0]!.manager).toEqual(weekly.manager);
    expect(mine.meetings.every((m) => m.employee.id === c.employee.userId)).toBe(true);
    // Half a year later, the past is listed latest first.
    const past = await listMeetings(
      c.manager,
      { when: "past", personId: c.employee.userId },
      { now: new Date("2027-03-01T00:00:00Z") },
    );
    expect(past.meetings.length).toBeGreaterThan(5);
    expect([...past.meetings.map((m) => m.scheduledAt)].sort().reverse()).toEqual(
      past.meetings.map((m) => m.scheduledAt),
    );
    expect((await refusal(listMeetings(c.manager, { cursor: "garbage" }))).status).toBe(400);
  });
});

describe("changes", () => {
  it("reschedules one occurrence and cancels one and then the series, raising SEQUENCE with REQUEST/CANCEL invitations", async () => {
    const c = await company();
    const now = new Date();
    const first = new Date(now.getTime() + 2 * DAY);
    const detail = await scheduleMeeting(c.manager, {
      employeeId: c.employee.userId,
      scheduledAt: first.toISOString(),
      timeZone: "Europe/London",
      recurrence: "weekly",
    });
    const rows = await seriesMeetings(c.manager, detail.seriesId);
    const third = rows[2]!;

    expect(
      await refusal(
        rescheduleMeeting(c.employee, third.id, { scheduledAt: new Date(now.getTime() + 20 * DAY).toISOString() }),
      ),
    ).toMatchObject({
      status: 403,
      code: "meeting_manager_only",
    });
    expect(
      (
        await refusal(
          rescheduleMeeting(c.manager, third.id, { scheduledAt: new Date(now.getTime() - DAY).toISOString() }),
        )
      ).fields?.scheduledAt,
    ).toBeTruthy();

    const movedTo = new Date(third.scheduledAt.getTime() + DAY + 3_600_000);
    const moved = await rescheduleMeeting(c.manager, third.id, {
      scheduledAt: movedTo.toISOString(),
      durationMinutes: 60,
    });
    expect(moved).toMatchObject({ scheduledAt: movedTo.toISOString(), durationMinutes: 60, status: "scheduled" });
    const [request] = await calendarMails(c.orgId, third.id);
    expect(request!.calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(request!.vevent.getFirstPropertyValue("sequence")).toBe(1);
    expect(request!.event.uid.startsWith(`${detail.seriesId}@`)).toBe(true);
    expect(request!.event.recurrenceId.toJSDate().getTime()).toBe(third.occurrenceStart.getTime());
    expect(request!.event.startDate.toJSDate().getTime()).toBe(Math.floor(movedTo.getTime() / 1000) * 1000);
    expect(request!.vevent.getFirstProperty("rrule")).toBeNull();
    // The employee is told in the app too, once (the refused attempts told nobody).
    const noticesOf = (type: string) =>
      withOrg(c.orgId, (tx) =>
        tx.notification.findMany({
          where: { organizationId: c.orgId, type, title: { not: "1:1 scheduled" } },
          orderBy: { createdAt: "asc" },
        }),
      );
    expect(await noticesOf("meeting_scheduled")).toMatchObject([
      {
        userId: c.employee.userId,
        title: "1:1 rescheduled",
        actionUrl: `/one-on-one/${third.id}`,
        actionText: "Open meeting",
      },
    ]);
    // Only that occurrence moved.
    const fourth = (await seriesMeetings(c.manager, detail.seriesId)).find((r) => r.id === rows[3]!.id)!;
    expect(fourth.scheduledAt).toEqual(rows[3]!.scheduledAt);

    const cancelled = await cancelMeeting(c.manager, rows[1]!.id, { scope: "occurrence" });
    expect(cancelled.status).toBe("cancelled");
    const [cancelOne] = await calendarMails(c.orgId, rows[1]!.id);
    expect(cancelOne!.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancelOne!.vevent.getFirstPropertyValue("sequence")).toBe(2);
    expect(cancelOne!.event.recurrenceId.toJSDate().getTime()).toBe(rows[1]!.occurrenceStart.getTime());
    expect((await refusal(cancelMeeting(c.manager, rows[1]!.id, { scope: "occurrence" }))).code).toBe(
      "meeting_cancelled",
    );
    expect(await noticesOf("meeting_cancelled")).toMatchObject([
      { userId: c.employee.userId, title: "1:1 cancelled", actionUrl: `/one-on-one/${rows[1]!.id}` },
    ]);

    await cancelMeeting(c.manager, rows[0]!.id, { scope: "series" });
    const after = await seriesMeetings(c.manager, detail.seriesId);
    expect(after.every((r) => r.status === "cancelled")).toBe(true);
    const series = await asManager(c.manager, (tx) =>
      tx.meetingSeries.findFirstOrThrow({ where: { id: detail.seriesId } }),
    );
    expect(series.cancelledAt).not.toBeNull();
    expect(series.sequence).toBe(3);
    const [cancelAll] = await calendarMails(c.orgId, rows[0]!.id).then((m) => m.slice(-1));
    expect(cancelAll!.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancelAll!.vevent.getFirstPropertyValue("sequence")).toBe(3);
    expect(cancelAll!.vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(String(cancelAll!.vevent.getFirstPropertyValue("rrule"))).toContain("FREQ=WEEKLY");
    const cancelNotices = await noticesOf("meeting_cancelled");
    expect(cancelNotices).toHaveLength(2);
    expect(cancelNotices.find((n) => n.actionUrl === `/one-on-one/${rows[0]!.id}`)).toMatchObject({
      userId: c.employee.userId,
      title: "1:1 cancelled",
      actionText: "Open meeting",
    });
    // A cancelled series is not extended.
    expect(
      await asManager(c.manager, (tx) =>
        extendSeries(tx, c.orgId, detail.seriesId, new Date(now.getTime() + 300 * DAY)),
      ),
    ).toBe(0);
  });

  it("lets the manager alone write the shared notes and complete the meeting; a cancelled meeting's notes are closed", async () => {
    const c = await company();
    const detail = await scheduleMeeting(c.manager, {
      employeeId: c.employee.userId,
      scheduledAt: new Date(Date.now() + DAY).toISOString(),
      timeZone: "UTC",
      recurrence: "none",
    });
    const res = await call(
      notesPut as Route,
      c.employee,
      c.subdomain,
      "PUT",
      `/api/meetings/one-on-one/${detail.id}`,
      { notes: "mine" },
      { meetingId: detail.id },
    );
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("meeting_manager_only");
    const long = await refusal(updateMeetingNotes(c.manager, detail.id, { notes: "x".repeat(5001) }));
    expect(long.fields?.notes).toBeTruthy();
    const done = await updateMeetingNotes(c.manager, detail.id, {
      wins: "Shipped",
      notes: "Good talk",
      status: "completed",
    });
    expect(done).toMatchObject({ status: "completed", notes: { wins: "Shipped", notes: "Good talk", challenges: "" } });
    expect(done.completedAt).not.toBeNull();
    expect((await getMeetingDetail(c.employee, detail.id)).notes.wins).toBe("Shipped");

    const other = await scheduleMeeting(c.manager, {
      employeeId: c.employee.userId,
      scheduledAt: new Date(Date.now() + 2 * DAY).toISOString(),
      timeZone: "UTC",
      recurrence: "none",
    });
    await cancelMeeting(c.manager, other.id, { scope: "occurrence" });
    expect(await refusal(updateMeetingNotes(c.manager, other.id, { notes: "late" }))).toMatchObject({
      status: 409,
      code: "meeting_cancelled",
    });
  });
});

describe("reminders", () => {
  it("reminds both people once, 24 hours ahead, even with two workers at once", async () => {
    const c = await company();
    const now = new Date();
    const soon = await scheduleMeeting(c.manager, {
      employeeId: c.employee.userId,
      scheduledAt: new Date(now.getTime() + 3 * 3_600_000).toISOString(),
      timeZone: "UTC",
      recurrence: "none",
    });
    const later = await scheduleMeeting(c.manager, {
      employeeId: c.employee.userId,
      scheduledAt: new Date(now.getTime() + 3 * DAY).toISOString(),
      timeZone: "UTC",
      recurrence: "none",
    });

    await Promise.all([runMeetingWork(now), runMeetingWork(now)]);
    await runMeetingWork(now);

    const reminders = await withOrg(c.orgId, (tx) =>
      tx.notification.findMany({
        where: { organizationId: c.orgId, type: "meeting_reminder" },
        select: { userId: true, actionUrl: true, message: true },
      }),
    );
    expect(reminders).toHaveLength(2);
    const toEmployee = reminders.find((r) => r.userId === c.employee.userId)!;
    expect(toEmployee.actionUrl).toBe(`/one-on-one-prep?meetingId=${soon.id}`);
    expect(toEmployee.message).toMatch(/prep form/);
    expect(reminders.find((r) => r.userId === c.manager.userId)!.actionUrl).toBe(`/one-on-one/${soon.id}`);
    const mails = await withOrg(c.orgId, (tx) =>
      tx.mailMessage.findMany({ where: { organizationId: c.orgId, kind: "meeting_reminder" }, select: { ref: true } }),
    );
    expect(mails).toEqual([{ ref: `meeting:${soon.id}` }, { ref: `meeting:${soon.id}` }]);
    const rows = await asManager(c.manager, (tx) =>
      tx.meeting.findMany({
        where: { organizationId: c.orgId, id: { in: [soon.id, later.id] } },
        select: { id: true, reminderSentAt: true },
      }),
    );
    expect(rows.find((r) => r.id === soon.id)!.reminderSentAt).not.toBeNull();
    expect(rows.find((r) => r.id === later.id)!.reminderSentAt).toBeNull();
  });

  it("extends live recurring series whose meetings end before the horizon", async () => {
    const c = await company();
    const detail = await scheduleMeeting(c.manager, {
      employeeId: c.employee.userId,
      scheduledAt: new Date(Date.now() + DAY).toISOString(),
      timeZone: "UTC",
      recurrence: "weekly",
    });
    const before = (await seriesMeetings(c.manager, detail.seriesId)).length;
    await runMeetingWork(new Date(Date.now() + 45 * DAY));
    const after = await seriesMeetings(c.manager, detail.seriesId);
    expect(after.length).toBeGreaterThanOrEqual(before + 4);
  });
});
