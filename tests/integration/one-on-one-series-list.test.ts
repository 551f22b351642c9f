import { beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { currentSession } from "@/lib/auth/current-session";
import {
  getMeetingDetail,
  listMeetings,
  listMeetingSeries,
  listSeriesMeetings,
  scheduleMeeting,
  updateMeetingNotes,
} from "@/lib/one-on-one/meetings";
import type { MeetingListPage, MeetingSeriesPage } from "@/lib/one-on-one/dto";
import { GET as listGet, POST as schedulePost } from "@/app/api/meetings/one-on-one/route";
import { GET as seriesGet } from "@/app/api/meetings/one-on-one/[meetingId]/series/route";
import { PUT as notesPut } from "@/app/api/meetings/one-on-one/[meetingId]/route";
import {
  call,
  company as makeCompany,
  DAY,
  meeting,
  person,
  refusal,
  reportsTo,
  type Route,
} from "../support/one-on-one";

// 'My Meetings' a series a row (the list's series view and the series' own pages), where a meeting
// completed early is listed, the confirmation completing more than a day early takes, and the
// time zone a meeting gets when the request names none (the documented payload).

vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
beforeEach(() => vi.mocked(currentSession).mockReset());

const company = () => makeCompany({ managerName: "Morgan", employeeName: "Jordan", reporting: "both" });

async function allPages<T>(
  read: (cursor: string | undefined) => Promise<{ nextCursor: string | null } & T>,
): Promise<T[]> {
  const pages: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

describe("the series view of 'My Meetings'", () => {
  it("shows a weekly series as one row standing as its next meeting, for the manager and the employee; one-offs stay rows of their own", async () => {
    const c = await company();
    const second = await person(c.orgId, "employee", "Riley");
    await reportsTo(second, c.manager);
    const now = new Date("2027-01-04T12:00:00Z");
    const weekly = await scheduleMeeting(
      c.manager,
      { employeeId: c.employee.userId, scheduledAt: "2027-01-05T10:00:00Z", timeZone: "UTC", recurrence: "weekly" },
      { now },
    );
    const oneOff = await scheduleMeeting(
      c.manager,
      { employeeId: second.userId, scheduledAt: "2027-01-06T10:00:00Z", timeZone: "UTC", recurrence: "none" },
      { now },
    );
    const flat = (await allPages((cursor) => listMeetings(c.manager, { when: "upcoming", cursor }, { now }))).flatMap(
      (p) => p.meetings,
    );
    const weeklyCount = flat.filter((m) => m.seriesId === weekly.seriesId).length;
    expect(weeklyCount).toBeGreaterThan(20);

    const rows = await listMeetingSeries(c.manager, { when: "upcoming" }, { now });
    expect(rows.nextCursor).toBeNull();
    expect(rows.series.map((s) => s.meeting.id)).toEqual([weekly.id, oneOff.id]);
    expect(rows.series[0]).toMatchObject({
      seriesId: weekly.seriesId,
      recurrence: "weekly",
      role: "manager",
      employee: { id: c.employee.userId, firstName: "Jordan" },
      upcomingCount: weeklyCount,
      pastCount: 0,
      meeting: { scheduledAt: "2027-01-05T10:00:00.000Z", status: "scheduled" },
    });
    expect(rows.series[1]).toMatchObject({ recurrence: "none", upcomingCount: 1, pastCount: 0 });

    const employeeRows = await listMeetingSeries(c.employee, { when: "upcoming" }, { now });
    expect(employeeRows.series).toHaveLength(1);
    expect(employeeRows.series[0]).toMatchObject({
      role: "employee",
      manager: { id: c.manager.userId, firstName: "Morgan" },
      meeting: { id: weekly.id },
    });
    const bySecond = await listMeetingSeries(c.manager, { when: "upcoming", personId: second.userId }, { now });
    expect(bySecond.series.map((s) => s.seriesId)).toEqual([oneOff.seriesId]);
    // Outside the pair: no rows.
    expect((await listMeetingSeries(c.admin, { when: "upcoming" }, { now })).series).toEqual([]);
    expect((await listMeetingSeries(c.otherManager, { when: "upcoming" }, { now })).series).toEqual([]);

    // Two months on: the past has one row per series, standing as its latest meeting.
    const later = new Date("2027-03-01T12:00:00Z");
    const past = await listMeetingSeries(c.manager, { when: "past" }, { now: later });
    expect(past.series.map((s) => s.seriesId)).toEqual([weekly.seriesId, oneOff.seriesId]);
    // Tuesdays from 5 January to 23 February.
    expect(past.series[0]!.meeting.scheduledAt).toBe("2027-02-23T10:00:00.000Z");
    expect(past.series[0]!.pastCount).toBe(8);

    // The series' own pages list every one of its meetings once, in order.
    const occurrences = (
      await allPages((cursor) => listSeriesMeetings(c.employee, weekly.id, { when: "upcoming", cursor }, { now }))
    ).flatMap((p) => p.meetings);
    expect(occurrences).toHaveLength(weeklyCount);
    expect(new Set(occurrences.map((m) => m.id)).size).toBe(weeklyCount);
    expect(occurrences.every((m) => m.seriesId === weekly.seriesId)).toBe(true);
    expect([...occurrences.map((m) => m.scheduledAt)].sort()).toEqual(occurrences.map((m) => m.scheduledAt));
    const pastOccurrences = await listSeriesMeetings(c.manager, weekly.id, { when: "past" }, { now: later });
    expect(pastOccurrences.meetings.map((m) => m.scheduledAt).slice(0, 2)).toEqual([
      "2027-02-23T10:00:00.000Z",
      "2027-02-16T10:00:00.000Z",
    ]);
    expect(await refusal(listSeriesMeetings(c.admin, weekly.id, {}, { now }))).toMatchObject({ status: 404 });
    expect(await refusal(listSeriesMeetings(c.manager, randomUUID(), {}, { now }))).toMatchObject({ status: 404 });
  });

  it("pages the series rows by their meeting", async () => {
    const c = await company();
    const base = Date.now() + 3 * DAY;
    const ids: string[] = [];
    for (let i = 0; i < 23; i++)
      ids.push(await meeting(c.manager, c.employee.userId, { at: new Date(base + i * DAY) }));
    const pages = await allPages((cursor) => listMeetingSeries(c.manager, { view: "series", cursor }));
    expect(pages.map((p) => p.series.length)).toEqual([20, 3]);
    expect(pages.flatMap((p) => p.series.map((s) => s.meeting.id))).toEqual(ids);
  });

  it("answers the series view and the series' pages over the API, and refuses what is not a view or a meeting", async () => {
    const c = await company();
    const weekly = await scheduleMeeting(c.manager, {
      employeeId: c.employee.userId,
      scheduledAt: new Date(Date.now() + 2 * DAY).toISOString(),
      timeZone: "Europe/Berlin",
      recurrence: "weekly",
    });
    const res = await call(
      listGet as Route,
      c.employee,
      c.subdomain,
      "GET",
      "/api/meetings/one-on-one?view=series&when=upcoming",
    );
    expect(res.status).toBe(200);
    const page = (await res.json()) as MeetingSeriesPage;
    expect(page.series).toHaveLength(1);
    expect(page.series[0]!.meeting.id).toBe(weekly.id);
    // The documented list is unchanged without a view.
    const plain = (await (
      await call(listGet as Route, c.employee, c.subdomain, "GET", "/api/meetings/one-on-one?when=upcoming")
    ).json()) as MeetingListPage;
    expect(plain.meetings.length).toBe(20);
    expect(plain.nextCursor).not.toBeNull();
    const bad = await call(listGet as Route, c.employee, c.subdomain, "GET", "/api/meetings/one-on-one?view=grid");
    expect(bad.status).toBe(400);

    const series = async (as: typeof c.manager, id: string, qs = "") =>
      call(seriesGet as Route, as, c.subdomain, "GET", `/api/meetings/one-on-one/${id}/series${qs}`, undefined, {
        meetingId: id,
      });
    const mine = await series(c.manager, weekly.id, "?when=upcoming");
    expect(mine.status).toBe(200);
    const first = (await mine.json()) as MeetingListPage;
    expect(first.meetings).toHaveLength(20);
    const next = await series(c.manager, weekly.id, `?when=upcoming&cursor=${first.nextCursor}`);
    const rest = (await next.json()) as MeetingListPage;
    expect(rest.meetings.length).toBeGreaterThan(0);
    expect(rest.meetings.some((m) => first.meetings.some((f) => f.id === m.id))).toBe(false);
    expect((await series(c.admin, weekly.id)).status).toBe(404);
    expect((await series(c.otherManager, weekly.id)).status).toBe(404);
    const elsewhere = await makeCompany({ reporting: "pair" });
    expect((await series(elsewhere.manager, weekly.id)).status).toBe(404);
    expect((await series(c.manager, weekly.id, "?when=soon")).status).toBe(400);
    expect((await series(c.manager, weekly.id, "?cursor=garbage")).status).toBe(400);
    // Cursors that pass a loose check but not PostgreSQL's: 36 dashes for an id, a year before 1970.
    const cursorOf = (s: string) => Buffer.from(s, "utf8").toString("base64url");
    for (const raw of [`2026-11-27T10:00:00.000Z|${"-".repeat(36)}`, `-000001-01-01T00:00:00.000Z|${weekly.id}`])
      expect((await series(c.manager, weekly.id, `?cursor=${cursorOf(raw)}`)).status).toBe(400);
  });
});

describe("completing a meeting", () => {
  it("moves a meeting completed early out of Upcoming into Past; the series then stands as its next meeting", async () => {
    const c = await company();
    const now = new Date("2027-01-04T12:00:00Z");
    const weekly = await scheduleMeeting(
      c.manager,
      { employeeId: c.employee.userId, scheduledAt: "2027-01-05T10:00:00Z", timeZone: "UTC", recurrence: "weekly" },
      { now },
    );
    const before = await listMeetingSeries(c.employee, { when: "upcoming" }, { now });
    await updateMeetingNotes(c.manager, weekly.id, { status: "completed" }, { now });
    const upcoming = await listMeetings(c.employee, { when: "upcoming" }, { now });
    expect(upcoming.meetings.map((m) => m.id)).not.toContain(weekly.id);
    const past = await listMeetings(c.employee, { when: "past" }, { now });
    expect(past.meetings.map((m) => m.id)).toEqual([weekly.id]);
    expect(past.meetings[0]!.status).toBe("completed");

    const rows = await listMeetingSeries(c.employee, { when: "upcoming" }, { now });
    expect(rows.series[0]!.meeting.scheduledAt).toBe("2027-01-12T10:00:00.000Z");
    expect(rows.series[0]!.upcomingCount).toBe(before.series[0]!.upcomingCount - 1);
    expect(rows.series[0]!.pastCount).toBe(1);
    const pastRows = await listMeetingSeries(c.employee, { when: "past" }, { now });
    expect(pastRows.series.map((s) => s.meeting.id)).toEqual([weekly.id]);
  });

  it("refuses to complete a meeting more than a day away without confirmation (409 meeting_not_due), and completes it once confirmed", async () => {
    const c = await company();
    const far = await scheduleMeeting(c.manager, {
      employeeId: c.employee.userId,
      scheduledAt: new Date(Date.now() + 3 * DAY).toISOString(),
      timeZone: "UTC",
      recurrence: "none",
    });
    const put = (id: string, body: unknown) =>
      call(notesPut as Route, c.manager, c.subdomain, "PUT", `/api/meetings/one-on-one/${id}`, body, {
        meetingId: id,
      });
    // The documented payload: notes, status and completedAt.
    const specBody = {
      wins: "Shipped",
      challenges: "",
      goals: "",
      feedback: "",
      notes: "Good talk",
      status: "completed",
      completedAt: new Date().toISOString(),
    };
    const refused = await put(far.id, specBody);
    expect(refused.status).toBe(409);
    const problem = (await refused.json()) as { code: string; detail?: string; title?: string };
    expect(problem.code).toBe("meeting_not_due");
    expect(JSON.stringify(problem)).toContain("more than a day away");
    // Nothing changed, the notes included.
    const untouched = await getMeetingDetail(c.manager, far.id);
    expect(untouched).toMatchObject({ status: "scheduled", completedAt: null, notes: { wins: "" } });
    // Notes alone are fine at any time.
    expect((await put(far.id, { notes: "Agenda ideas" })).status).toBe(200);
    expect((await put(far.id, { ...specBody, confirmEarly: "yes" })).status).toBe(400);

    const confirmed = await put(far.id, { ...specBody, confirmEarly: true });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ status: "completed", notes: { wins: "Shipped" } });

    // Due within the day, or already past: the documented payload completes it without a flag.
    const soon = await scheduleMeeting(c.manager, {
      employeeId: c.employee.userId,
      scheduledAt: new Date(Date.now() + 20 * 3_600_000).toISOString(),
      timeZone: "UTC",
      recurrence: "none",
    });
    expect((await put(soon.id, specBody)).status).toBe(200);
    const held = await meeting(c.manager, c.employee.userId, { at: new Date(Date.now() - 2 * 3_600_000) });
    const done = await put(held, specBody);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: "completed" });
  });
});

describe("scheduling without a time zone", () => {
  it("takes the documented payload as written and gives the meeting the workspace's time zone (UTC when the workspace has the default)", async () => {
    const c = await company();
    await withOrg(c.orgId, (tx) =>
      tx.organization.update({ where: { id: c.orgId }, data: { pulseTimeZone: "America/New_York" } }),
    );
    const template = await withOrg(c.orgId, (tx) =>
      tx.meetingTemplate.create({
        data: { organizationId: c.orgId, name: "Weekly", description: "d", questions: ["How are you?"] },
        select: { id: true },
      }),
    );
    const scheduledAt = new Date(Date.now() + 4 * DAY).toISOString();
    const res = await call(schedulePost as Route, c.manager, c.subdomain, "POST", "/api/meetings/one-on-one", {
      managerId: c.manager.userId,
      employeeId: c.employee.userId,
      templateId: template.id,
      scheduledAt,
      status: "scheduled",
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; timeZone: string; recurrence: string; scheduledAt: string };
    expect(created).toMatchObject({ timeZone: "America/New_York", recurrence: "none", scheduledAt });
    // The employee's notice names the day in that zone.
    const notice = await withOrg(c.orgId, (tx) =>
      tx.notification.findFirst({
        where: { organizationId: c.orgId, userId: c.employee.userId, type: "meeting_scheduled" },
        select: { message: true },
      }),
    );
    expect(notice?.message).toMatch(/E[SD]T/);

    // A zone sent still wins.
    const berlin = await scheduleMeeting(c.manager, {
      employeeId: c.employee.userId,
      scheduledAt,
      timeZone: "Europe/Berlin",
    });
    expect(berlin.timeZone).toBe("Europe/Berlin");
    expect(
      (await refusal(scheduleMeeting(c.manager, { employeeId: c.employee.userId, scheduledAt, timeZone: "Mars/Base" })))
        .fields?.timeZone,
    ).toBeTruthy();

    const plain = await makeCompany({ reporting: "pair" });
    const utc = await scheduleMeeting(plain.manager, { employeeId: plain.employee.userId, scheduledAt });
    expect(utc.timeZone).toBe("UTC");
  });
});
