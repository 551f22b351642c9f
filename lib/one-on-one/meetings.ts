import "server-only";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { conflict, invalidInput } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { notify } from "@/lib/notifications/service";
import { assertWritable } from "@/lib/billing/access";
import { inPair, loadMeetingForUser, managerOnly, type LoadedMeeting, type MeetingForUser } from "./access";
import { agendaForMeeting } from "./agenda";
import { actionItemsForMeeting } from "./action-items";
import { readPrepForm } from "./prep-forms";
import { readPrivateNote } from "./private-notes";
import { mailName, sendCalendarMail, whenText } from "./invitations";
import { materializeSeries, materializeTarget } from "./series";
import { EARLY_COMPLETION_MS } from "./completion";
import { z } from "zod";
import { zodFieldErrors } from "@/lib/errors/problem";
import { isValidTimeZone } from "@/lib/format/zones";
import {
  cancelMeetingSchema,
  listMeetingsQuerySchema,
  rescheduleMeetingSchema,
  scheduleMeetingSchema,
  seriesMeetingsQuerySchema,
  updateMeetingSchema,
  type CancelMeetingBody,
  type ListMeetingsQueryInput,
  type RescheduleMeetingBody,
  type ScheduleMeetingBody,
  type SeriesMeetingsQueryInput,
  type UpdateMeetingBody,
} from "./meeting-schemas";
import type {
  MeetingDetail,
  MeetingListItem,
  MeetingListPage,
  MeetingSeriesPage,
  PersonRef,
  SchedulablePerson,
} from "./dto";

// The meetings core: scheduling (one-off or a recurring series, materialised as
// Meeting rows), the caller's list, the meeting page's detail, the manager's shared notes,
// reschedule and cancel with calendar messages. A meeting is its pair's alone: every query runs
// with the caller as app_current_user (row-level security's pair_only), and anyone else, admins
// included, gets notFound("Meeting") from loadMeetingForUser.

const MEETINGS_PAGE_SIZE = 20;

/** The clock, injectable for tests and the demo seed. */
export type Clock = { now?: Date };

/** Domain functions take the request body as sent (routes pass it parsed; parsing is idempotent),
 * so server callers (seed, tests) get the same checks and field messages as the API. */
function parse<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw invalidInput("Please check the highlighted fields", zodFieldErrors(result.error.issues));
  return result.data;
}

const personSelect = { id: true, firstName: true, lastName: true, email: true } as const;

async function peopleById(tx: Tx, orgId: string, ids: string[]): Promise<Map<string, PersonRef>> {
  const rows = await tx.user.findMany({
    where: { organizationId: orgId, id: { in: [...new Set(ids)] } },
    select: personSelect,
  });
  return new Map(rows.map((r) => [r.id, r]));
}

const missingPerson = (id: string): PersonRef => ({ id, firstName: "", lastName: "", email: "" });

// ---------------------------------------------------------------------------------------------
// Detail

async function pairNeighbours(
  tx: Tx,
  m: LoadedMeeting,
): Promise<{ previousMeetingId: string | null; nextMeetingId: string | null }> {
  const pair = { organizationId: m.organizationId, managerId: m.managerId, employeeId: m.employeeId };
  const [prev, next] = [
    await tx.meeting.findFirst({
      where: {
        ...pair,
        OR: [{ scheduledAt: { lt: m.scheduledAt } }, { scheduledAt: m.scheduledAt, id: { lt: m.id } }],
      },
      orderBy: [{ scheduledAt: "desc" }, { id: "desc" }],
      select: { id: true },
    }),
    await tx.meeting.findFirst({
      where: {
        ...pair,
        OR: [{ scheduledAt: { gt: m.scheduledAt } }, { scheduledAt: m.scheduledAt, id: { gt: m.id } }],
      },
      orderBy: [{ scheduledAt: "asc" }, { id: "asc" }],
      select: { id: true },
    }),
  ];
  return { previousMeetingId: prev?.id ?? null, nextMeetingId: next?.id ?? null };
}

/** The meeting page's data for a meeting already loaded for the caller. */
async function meetingDetailTx(tx: Tx, ctx: AuthContext, loaded: MeetingForUser): Promise<MeetingDetail> {
  const { meeting: m, role } = loaded;
  const people = await peopleById(tx, ctx.orgId, [m.managerId, m.employeeId]);
  const template = m.series.templateId
    ? await tx.meetingTemplate.findUnique({
        where: orgKey(ctx.orgId, m.series.templateId),
        select: { name: true },
      })
    : null;
  const agenda = await agendaForMeeting(tx, m);
  const actionItems = await actionItemsForMeeting(tx, m);
  const prepForm = await readPrepForm(tx, ctx, m);
  const privateNote = await readPrivateNote(tx, ctx, m);
  const neighbours = await pairNeighbours(tx, m);
  // The employee reads their form whether submitted or not; the manager only once submitted.
  const submitted = prepForm?.submittedAt != null;
  return {
    id: m.id,
    seriesId: m.seriesId,
    scheduledAt: m.scheduledAt.toISOString(),
    durationMinutes: m.durationMinutes,
    status: m.status,
    recurrence: m.series.recurrence,
    role,
    manager: people.get(m.managerId) ?? missingPerson(m.managerId),
    employee: people.get(m.employeeId) ?? missingPerson(m.employeeId),
    prepSubmitted: submitted,
    timeZone: m.series.timeZone,
    templateId: m.series.templateId,
    templateName: template?.name ?? null,
    completedAt: m.completedAt?.toISOString() ?? null,
    cancelledAt: m.cancelledAt?.toISOString() ?? null,
    notes: {
      wins: m.wins ?? "",
      challenges: m.challenges ?? "",
      goals: m.goals ?? "",
      feedback: m.feedback ?? "",
      notes: m.notes ?? "",
    },
    agenda,
    actionItems,
    prepForm,
    privateNote,
    ...neighbours,
  };
}

export async function getMeetingDetail(ctx: AuthContext, meetingId: string): Promise<MeetingDetail> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => meetingDetailTx(tx, ctx, await loadMeetingForUser(tx, ctx, meetingId)));
}

// ---------------------------------------------------------------------------------------------
// List

type Cursor = { at: Date; id: string };

const CURSOR_ID = z.uuid();

const encodeCursor = (c: Cursor) => Buffer.from(`${c.at.toISOString()}|${c.id}`, "utf8").toString("base64url");

function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const [iso, id] = Buffer.from(raw, "base64url").toString("utf8").split("|");
  const at = iso ? new Date(iso) : new Date(NaN);
  // Everything PostgreSQL will be handed must parse there too: a real UUID (not 36 dashes) and a
  // year it stores as a timestamp, else the query would fail instead of the request.
  const year = at.getUTCFullYear();
  if (!id || Number.isNaN(year) || year < 1970 || year > 9999 || !CURSOR_ID.safeParse(id).success)
    throw invalidInput("Invalid cursor", { cursor: ["Invalid cursor"] });
  return { at, id };
}

type ListRow = {
  id: string;
  seriesId: string;
  managerId: string;
  employeeId: string;
  scheduledAt: Date;
  durationMinutes: number;
  status: MeetingListItem["status"];
  recurrence: MeetingListItem["recurrence"];
  prepSubmitted: boolean;
  mFirst: string | null;
  mLast: string | null;
  mEmail: string | null;
  eFirst: string | null;
  eLast: string | null;
  eEmail: string | null;
};

/** Where a meeting is listed: Upcoming until it is held (its time has come) or completed, which
 * may happen early; Past from then on. Cancelled meetings stay where their time puts them. */
function windowOf(when: "upcoming" | "past", now: Date, alias?: "x"): Prisma.Sql {
  const col = (name: "scheduledAt" | "status") => Prisma.raw(alias ? `${alias}."${name}"` : `"${name}"`);
  return when === "upcoming"
    ? Prisma.sql`(${col("scheduledAt")} >= ${ts(now)} AND ${col("status")} <> 'completed')`
    : Prisma.sql`(${col("scheduledAt")} < ${ts(now)} OR ${col("status")} = 'completed')`;
}

// Columns are timestamp(3) holding UTC, as Prisma writes them.
const ts = (d: Date) => Prisma.sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

const afterCursor = (cursor: Cursor | null, asc: boolean, at: Prisma.Sql, id: Prisma.Sql) =>
  cursor
    ? asc
      ? Prisma.sql`AND (${at}, ${id}) > (${ts(cursor.at)}, ${cursor.id}::uuid)`
      : Prisma.sql`AND (${at}, ${id}) < (${ts(cursor.at)}, ${cursor.id}::uuid)`
    : Prisma.empty;

/**
 * The caller's meetings: upcoming (from now, earliest first) or past (latest first), optionally
 * with one other person, 20 a page. One round trip: two index range scans, one per side
 * (organisation, managerId or employeeId, scheduledAt), each stopping after a page, merged and
 * joined to their series, prep form and people. With `view: "series"` one row per series instead
 * (listMeetingSeries).
 */
export async function listMeetings(
  ctx: AuthContext,
  rawQuery: ListMeetingsQueryInput = {},
  { now = new Date() }: Clock = {},
): Promise<MeetingListPage> {
  requirePermission(ctx, "oneOnOnes.use");
  const query = parse(listMeetingsQuerySchema, rawQuery);
  return inPair(ctx, (tx) => meetingsPage(tx, ctx, query, now));
}

async function meetingsPage(
  tx: Tx,
  ctx: AuthContext,
  query: { when: "upcoming" | "past"; cursor?: string; personId?: string; seriesId?: string },
  now: Date,
): Promise<MeetingListPage> {
  const cursor = decodeCursor(query.cursor);
  const asc = query.when === "upcoming";
  const dir = asc ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const after = afterCursor(cursor, asc, Prisma.sql`"scheduledAt"`, Prisma.sql`"id"`);
  const take = MEETINGS_PAGE_SIZE + 1;
  const side = (me: "managerId" | "employeeId", other: "managerId" | "employeeId") => Prisma.sql`(
    SELECT "id", "seriesId", "managerId", "employeeId", "scheduledAt", "durationMinutes", "status"::text AS "status"
    FROM "Meeting"
    WHERE "organizationId" = ${ctx.orgId}::uuid AND ${Prisma.raw(`"${me}"`)} = ${ctx.userId}::uuid
      ${query.personId ? Prisma.sql`AND ${Prisma.raw(`"${other}"`)} = ${query.personId}::uuid` : Prisma.empty}
      ${query.seriesId ? Prisma.sql`AND "seriesId" = ${query.seriesId}::uuid` : Prisma.empty}
      AND ${windowOf(query.when, now)} ${after}
    ORDER BY "scheduledAt" ${dir}, "id" ${dir}
    LIMIT ${take})`;
  const rows = await tx.$queryRaw<ListRow[]>(Prisma.sql`
    SELECT m.*, s."recurrence"::text AS "recurrence", (p."submittedAt" IS NOT NULL) AS "prepSubmitted",
           um."firstName" AS "mFirst", um."lastName" AS "mLast", um."email" AS "mEmail",
           ue."firstName" AS "eFirst", ue."lastName" AS "eLast", ue."email" AS "eEmail"
    FROM (${side("managerId", "employeeId")} UNION ALL ${side("employeeId", "managerId")}) m
    JOIN "MeetingSeries" s ON s."organizationId" = ${ctx.orgId}::uuid AND s."id" = m."seriesId"
    LEFT JOIN "MeetingPrepForm" p ON p."organizationId" = ${ctx.orgId}::uuid AND p."meetingId" = m."id"
    LEFT JOIN "User" um ON um."organizationId" = ${ctx.orgId}::uuid AND um."id" = m."managerId"
    LEFT JOIN "User" ue ON ue."organizationId" = ${ctx.orgId}::uuid AND ue."id" = m."employeeId"
    ORDER BY m."scheduledAt" ${dir}, m."id" ${dir}
    LIMIT ${take}`);
  const page = rows.slice(0, MEETINGS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    meetings: page.map((r) => toListItem(r, ctx.userId)),
    nextCursor: rows.length > MEETINGS_PAGE_SIZE && last ? encodeCursor({ at: last.scheduledAt, id: last.id }) : null,
  };
}

/**
 * 'My Meetings' a series a row: each series of the caller's (optionally with one other person)
 * that has a meeting in the window, standing as its next upcoming meeting (a scheduled one before a
 * cancelled one) or its latest past one, ordered and paged by that meeting like listMeetings. A
 * one-off meeting is a series of one, so it stays a row of its own. The caller has a handful of
 * series, so this walks them and takes each one's meeting through its (organisation, series) index.
 */
export async function listMeetingSeries(
  ctx: AuthContext,
  rawQuery: ListMeetingsQueryInput = {},
  { now = new Date() }: Clock = {},
): Promise<MeetingSeriesPage> {
  requirePermission(ctx, "oneOnOnes.use");
  const query = parse(listMeetingsQuerySchema, rawQuery);
  const cursor = decodeCursor(query.cursor);
  const asc = query.when === "upcoming";
  const dir = asc ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const take = MEETINGS_PAGE_SIZE + 1;
  const me = ctx.userId;
  const pair = query.personId
    ? Prisma.sql`((s."managerId" = ${me}::uuid AND s."employeeId" = ${query.personId}::uuid)
        OR (s."employeeId" = ${me}::uuid AND s."managerId" = ${query.personId}::uuid))`
    : Prisma.sql`(s."managerId" = ${me}::uuid OR s."employeeId" = ${me}::uuid)`;
  const inSeries = Prisma.sql`x."organizationId" = ${ctx.orgId}::uuid AND x."seriesId" = s."id"`;
  return inPair(ctx, async (tx) => {
    const rows = await tx.$queryRaw<(ListRow & { upcomingCount: number; pastCount: number })[]>(Prisma.sql`
      SELECT m."id", s."id" AS "seriesId", s."managerId", s."employeeId", m."scheduledAt", m."durationMinutes",
             m."status", s."recurrence"::text AS "recurrence", (p."submittedAt" IS NOT NULL) AS "prepSubmitted",
             um."firstName" AS "mFirst", um."lastName" AS "mLast", um."email" AS "mEmail",
             ue."firstName" AS "eFirst", ue."lastName" AS "eLast", ue."email" AS "eEmail",
             (SELECT count(*)::int FROM "Meeting" x WHERE ${inSeries} AND ${windowOf("upcoming", now, "x")}) AS "upcomingCount",
             (SELECT count(*)::int FROM "Meeting" x WHERE ${inSeries} AND ${windowOf("past", now, "x")}) AS "pastCount"
      FROM "MeetingSeries" s
      CROSS JOIN LATERAL (
        SELECT x."id", x."scheduledAt", x."durationMinutes", x."status"::text AS "status"
        FROM "Meeting" x
        WHERE ${inSeries} AND ${windowOf(query.when, now, "x")}
        ORDER BY ${asc ? Prisma.sql`(x."status" = 'cancelled') ASC,` : Prisma.empty} x."scheduledAt" ${dir}, x."id" ${dir}
        LIMIT 1
      ) m
      LEFT JOIN "MeetingPrepForm" p ON p."organizationId" = ${ctx.orgId}::uuid AND p."meetingId" = m."id"
      LEFT JOIN "User" um ON um."organizationId" = ${ctx.orgId}::uuid AND um."id" = s."managerId"
      LEFT JOIN "User" ue ON ue."organizationId" = ${ctx.orgId}::uuid AND ue."id" = s."employeeId"
      WHERE s."organizationId" = ${ctx.orgId}::uuid AND ${pair}
        ${afterCursor(cursor, asc, Prisma.sql`m."scheduledAt"`, Prisma.sql`m."id"`)}
      ORDER BY m."scheduledAt" ${dir}, m."id" ${dir}
      LIMIT ${take}`);
    const page = rows.slice(0, MEETINGS_PAGE_SIZE);
    const last = page.at(-1);
    return {
      series: page.map((r) => {
        const meeting = toListItem(r, me);
        return {
          seriesId: r.seriesId,
          recurrence: r.recurrence,
          role: meeting.role,
          manager: meeting.manager,
          employee: meeting.employee,
          meeting,
          upcomingCount: r.upcomingCount,
          pastCount: r.pastCount,
        };
      }),
      nextCursor: rows.length > MEETINGS_PAGE_SIZE && last ? encodeCursor({ at: last.scheduledAt, id: last.id }) : null,
    };
  });
}

/** The meetings of the series `meetingId` belongs to, upcoming or past, a page at a time (the
 * series view of 'My Meetings'); notFound("Meeting") for anyone outside the pair. */
export async function listSeriesMeetings(
  ctx: AuthContext,
  meetingId: string,
  rawQuery: SeriesMeetingsQueryInput = {},
  { now = new Date() }: Clock = {},
): Promise<MeetingListPage> {
  requirePermission(ctx, "oneOnOnes.use");
  const query = parse(seriesMeetingsQuerySchema, rawQuery);
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    return meetingsPage(tx, ctx, { ...query, seriesId: meeting.seriesId }, now);
  });
}

function toListItem(r: ListRow, me: string): MeetingListItem {
  return {
    id: r.id,
    seriesId: r.seriesId,
    scheduledAt: r.scheduledAt.toISOString(),
    durationMinutes: r.durationMinutes,
    status: r.status,
    recurrence: r.recurrence,
    role: r.managerId === me ? "manager" : "employee",
    manager: { id: r.managerId, firstName: r.mFirst ?? "", lastName: r.mLast ?? "", email: r.mEmail ?? "" },
    employee: { id: r.employeeId, firstName: r.eFirst ?? "", lastName: r.eLast ?? "", email: r.eEmail ?? "" },
    prepSubmitted: r.prepSubmitted,
  };
}

// ---------------------------------------------------------------------------------------------
// People and scheduling

/** Whom the caller may schedule with: admins anyone in the organisation, managers their direct
 * reports; never the caller. */
export async function listSchedulablePeople(ctx: AuthContext): Promise<SchedulablePerson[]> {
  requirePermission(ctx, "oneOnOnes.schedule");
  return withOrg(ctx.orgId, async (tx) => {
    const rows = await tx.user.findMany({
      where: {
        organizationId: ctx.orgId,
        id: { not: ctx.userId },
        ...(ctx.role === "admin" ? {} : { managerId: ctx.userId }),
      },
      select: { ...personSelect, team: { select: { name: true } } },
      orderBy: [{ firstName: "asc" }, { lastName: "asc" }, { id: "asc" }],
    });
    return rows.map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      teamName: r.team?.name ?? null,
    }));
  });
}

async function schedulableEmployee(tx: Tx, ctx: AuthContext, employeeId: string) {
  const notYours = () =>
    invalidInput("Choose one of your team members", {
      employeeId: [
        ctx.role === "admin"
          ? "Choose someone in your organisation"
          : "You can only schedule 1:1s with your direct reports",
      ],
    });
  if (employeeId === ctx.userId)
    throw invalidInput("You cannot schedule a 1:1 with yourself", {
      employeeId: ["You cannot schedule a 1:1 with yourself"],
    });
  const user = await tx.user.findUnique({
    where: orgKey(ctx.orgId, employeeId),
    select: { ...personSelect, managerId: true },
  });
  if (!user) throw notYours();
  if (ctx.role !== "admin" && user.managerId !== ctx.userId) throw notYours();
  return user;
}

async function workspaceTimeZone(tx: Tx, orgId: string): Promise<string> {
  const org = await tx.organization.findUnique({ where: { id: orgId }, select: { pulseTimeZone: true } });
  return org && isValidTimeZone(org.pulseTimeZone) ? org.pulseTimeZone : "UTC";
}

/** Schedules a one-off 1:1 or a recurring series with a direct report (admins: anyone); answers
 * the first meeting. Sends the employee a notification and a calendar invitation, in the same
 * transaction. */
export async function scheduleMeeting(
  ctx: AuthContext,
  body: ScheduleMeetingBody,
  { now = new Date() }: Clock = {},
): Promise<MeetingDetail> {
  requirePermission(ctx, "oneOnOnes.schedule");
  const input = parse(scheduleMeetingSchema, body);
  if (input.managerId !== undefined && input.managerId !== ctx.userId) {
    throw invalidInput("You can only schedule your own 1:1s", { managerId: ["You can only schedule your own 1:1s"] });
  }
  if (input.scheduledAt.getTime() <= now.getTime()) {
    throw invalidInput("Choose a date and time in the future", {
      scheduledAt: ["Choose a date and time in the future"],
    });
  }
  return inPair(ctx, async (tx) => {
    await assertWritable(tx, ctx.orgId);
    const employee = await schedulableEmployee(tx, ctx, input.employeeId);
    if (input.templateId) {
      const template = await tx.meetingTemplate.findUnique({
        where: orgKey(ctx.orgId, input.templateId),
        select: { id: true },
      });
      if (!template)
        throw invalidInput("Unknown template", { templateId: ["Choose one of your organisation's templates"] });
    }
    const manager = await tx.user.findUniqueOrThrow({
      where: orgKey(ctx.orgId, ctx.userId),
      select: personSelect,
    });
    // People carry no time zone of their own: a request without one (the documented payload) takes the
    // workspace's, which its pulse schedule uses too; UTC only if that is somehow not a zone.
    const timeZone = input.timeZone ?? (await workspaceTimeZone(tx, ctx.orgId));
    const series = await tx.meetingSeries.create({
      data: {
        organizationId: ctx.orgId,
        managerId: ctx.userId,
        employeeId: employee.id,
        templateId: input.templateId ?? null,
        recurrence: input.recurrence,
        timeZone,
        startsAt: input.scheduledAt,
        durationMinutes: input.durationMinutes,
        materializedUntil: input.scheduledAt,
      },
    });
    const until = new Date(Math.max(materializeTarget(now).getTime(), input.scheduledAt.getTime() + 1));
    const [firstId] = await materializeSeries(tx, series, until, { fromStart: true });
    const loaded = await loadMeetingForUser(tx, ctx, firstId!);
    await sendCalendarMail(tx, {
      series,
      manager,
      employee,
      change: { scope: "series", method: "REQUEST", meeting: loaded.meeting },
      now,
    });
    const repeats =
      input.recurrence === "none"
        ? ""
        : input.recurrence === "biweekly"
          ? ", every two weeks"
          : `, ${input.recurrence}`;
    await notify(tx, ctx.orgId, {
      userId: employee.id,
      type: "meeting_scheduled",
      title: "1:1 scheduled",
      message: `${mailName(manager, "Your manager")} scheduled a 1:1 with you on ${whenText(input.scheduledAt, timeZone)}${repeats}.`,
      actionUrl: `/one-on-one/${firstId}`,
      actionText: "Open meeting",
    });
    return meetingDetailTx(tx, ctx, loaded);
  });
}

// ---------------------------------------------------------------------------------------------
// Changes by the manager

async function loadAsManager(tx: Tx, ctx: AuthContext, meetingId: string): Promise<MeetingForUser> {
  const loaded = await loadMeetingForUser(tx, ctx, meetingId);
  if (loaded.role !== "manager") throw managerOnly();
  return loaded;
}

function requireScheduled(m: LoadedMeeting): void {
  if (m.status === "cancelled") throw conflict("meeting_cancelled", "This meeting was cancelled");
  if (m.status !== "scheduled") throw conflict("meeting_not_scheduled", "This meeting is already completed");
}

/** The shared meeting notes and 'Mark Complete': the manager's alone. */
export async function updateMeetingNotes(
  ctx: AuthContext,
  meetingId: string,
  body: UpdateMeetingBody,
  { now = new Date() }: Clock = {},
): Promise<MeetingDetail> {
  requirePermission(ctx, "oneOnOnes.use");
  const input = parse(updateMeetingSchema, body);
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadAsManager(tx, ctx, meetingId);
    if (meeting.status === "cancelled") throw conflict("meeting_cancelled", "This meeting was cancelled");
    const data: Prisma.MeetingUpdateInput = {};
    for (const k of ["wins", "challenges", "goals", "feedback", "notes"] as const)
      if (input[k] !== undefined) data[k] = input[k];
    if (input.status === "completed" && meeting.status !== "completed") {
      // A meeting days away is rarely done: completing it that early takes an explicit yes (the
      // page asks), so a stray press or a script does not close next week's 1:1.
      if (meeting.scheduledAt.getTime() - now.getTime() > EARLY_COMPLETION_MS && input.confirmEarly !== true)
        throw conflict(
          "meeting_not_due",
          "This meeting is more than a day away. Confirm that it already took place to mark it complete.",
        );
      data.status = "completed";
      data.completedAt = input.completedAt && input.completedAt.getTime() <= now.getTime() ? input.completedAt : now;
    }
    if (Object.keys(data).length > 0) {
      await tx.meeting.update({ where: orgKey(ctx.orgId, meeting.id), data });
    }
    return meetingDetailTx(tx, ctx, await loadMeetingForUser(tx, ctx, meeting.id));
  });
}

async function raiseSequence(tx: Tx, orgId: string, seriesId: string, extra: Prisma.MeetingSeriesUpdateInput = {}) {
  return tx.meetingSeries.update({
    where: orgKey(orgId, seriesId),
    data: { sequence: { increment: 1 }, ...extra },
  });
}

async function pairOf(tx: Tx, orgId: string, m: LoadedMeeting) {
  const people = await tx.user.findMany({
    where: { organizationId: orgId, id: { in: [m.managerId, m.employeeId] } },
    select: personSelect,
  });
  const manager = people.find((p) => p.id === m.managerId) ?? missingPerson(m.managerId);
  const employee = people.find((p) => p.id === m.employeeId) ?? missingPerson(m.employeeId);
  return { manager, employee };
}

/** Moves this occurrence only (a series keeps its rule); sends the calendar update. */
export async function rescheduleMeeting(
  ctx: AuthContext,
  meetingId: string,
  body: RescheduleMeetingBody,
  { now = new Date() }: Clock = {},
): Promise<MeetingDetail> {
  requirePermission(ctx, "oneOnOnes.use");
  const input = parse(rescheduleMeetingSchema, body);
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadAsManager(tx, ctx, meetingId);
    requireScheduled(meeting);
    await assertWritable(tx, ctx.orgId);
    if (input.scheduledAt.getTime() <= now.getTime()) {
      throw invalidInput("Choose a date and time in the future", {
        scheduledAt: ["Choose a date and time in the future"],
      });
    }
    const moved = await tx.meeting.update({
      where: orgKey(ctx.orgId, meeting.id),
      // A new time gets its own reminder.
      data: {
        scheduledAt: input.scheduledAt,
        durationMinutes: input.durationMinutes ?? meeting.durationMinutes,
        reminderSentAt: null,
      },
    });
    const extra: Prisma.MeetingSeriesUpdateInput =
      meeting.series.recurrence === "none"
        ? { startsAt: input.scheduledAt, durationMinutes: moved.durationMinutes }
        : {};
    const series = await raiseSequence(tx, ctx.orgId, meeting.seriesId, extra);
    const { manager, employee } = await pairOf(tx, ctx.orgId, meeting);
    await sendCalendarMail(tx, {
      series,
      manager,
      employee,
      change: { scope: "occurrence", method: "REQUEST", meeting: moved },
      now,
    });
    await notify(tx, ctx.orgId, {
      userId: employee.id,
      type: "meeting_scheduled",
      title: "1:1 rescheduled",
      message: `${mailName(manager, "Your manager")} moved your 1:1 to ${whenText(input.scheduledAt, series.timeZone)}.`,
      actionUrl: `/one-on-one/${meeting.id}`,
      actionText: "Open meeting",
    });
    return meetingDetailTx(tx, ctx, await loadMeetingForUser(tx, ctx, meeting.id));
  });
}

/** Cancels this occurrence, or the series (every future scheduled occurrence, and the series
 * itself, so it is not extended); sends METHOD:CANCEL. */
export async function cancelMeeting(
  ctx: AuthContext,
  meetingId: string,
  body: CancelMeetingBody = {},
  { now = new Date() }: Clock = {},
): Promise<MeetingDetail> {
  requirePermission(ctx, "oneOnOnes.use");
  const input = parse(cancelMeetingSchema, body);
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadAsManager(tx, ctx, meetingId);
    const wholeSeries = input.scope === "series" || meeting.series.recurrence === "none";
    if (wholeSeries) {
      if (meeting.series.cancelledAt) throw conflict("meeting_cancelled", "This series was cancelled");
      if (meeting.series.recurrence === "none") requireScheduled(meeting);
      await tx.meeting.updateMany({
        where: {
          organizationId: ctx.orgId,
          seriesId: meeting.seriesId,
          status: "scheduled",
          OR: [{ scheduledAt: { gte: now } }, { id: meeting.id }],
        },
        data: { status: "cancelled", cancelledAt: now },
      });
      const series = await raiseSequence(tx, ctx.orgId, meeting.seriesId, { cancelledAt: now });
      const { manager, employee } = await pairOf(tx, ctx.orgId, meeting);
      await sendCalendarMail(tx, {
        series,
        manager,
        employee,
        change: { scope: "series", method: "CANCEL", meeting },
        now,
      });
      await notifyCancelled(tx, ctx.orgId, {
        manager,
        employee,
        meetingId: meeting.id,
        what: series.recurrence === "none" ? "your 1:1" : "your recurring 1:1s",
      });
    } else {
      requireScheduled(meeting);
      await tx.meeting.update({
        where: orgKey(ctx.orgId, meeting.id),
        data: { status: "cancelled", cancelledAt: now },
      });
      const series = await raiseSequence(tx, ctx.orgId, meeting.seriesId);
      const { manager, employee } = await pairOf(tx, ctx.orgId, meeting);
      await sendCalendarMail(tx, {
        series,
        manager,
        employee,
        change: { scope: "occurrence", method: "CANCEL", meeting },
        now,
      });
      await notifyCancelled(tx, ctx.orgId, {
        manager,
        employee,
        meetingId: meeting.id,
        what: `your 1:1 on ${whenText(meeting.scheduledAt, series.timeZone)}`,
      });
    }
    return meetingDetailTx(tx, ctx, await loadMeetingForUser(tx, ctx, meeting.id));
  });
}

/** The employee's in-app notice of a cancellation (the calendar CANCEL goes by mail). */
async function notifyCancelled(
  tx: Tx,
  orgId: string,
  p: { manager: Parameters<typeof mailName>[0]; employee: { id: string }; meetingId: string; what: string },
): Promise<void> {
  await notify(tx, orgId, {
    userId: p.employee.id,
    type: "meeting_cancelled",
    title: "1:1 cancelled",
    message: `${mailName(p.manager, "Your manager")} cancelled ${p.what}.`,
    actionUrl: `/one-on-one/${p.meetingId}`,
    actionText: "Open meeting",
  });
}
