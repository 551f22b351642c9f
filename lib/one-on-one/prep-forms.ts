import "server-only";
import { formatDate } from "@/lib/format";
import { orgKey, isUuid, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { conflict, forbidden, invalidInput, notFound } from "@/lib/errors/domain-error";
import { notify } from "@/lib/notifications/service";
import { inPair, loadMeetingForUser, type LoadedMeeting } from "./access";
import { prepFormSubmitSchema, type PrepFormDraft, type PrepFormSubmitBody } from "./prep-form";
import type { PrepFormDto } from "./dto";

// The employee's prep form: the employee writes it (a draft saved on
// every change, then submitted), the manager reads it once submitted. Nobody else sees that it
// exists: every id outside the pair is "Meeting not found", as loadMeetingForUser answers.

const select = {
  id: true,
  meetingId: true,
  wins: true,
  challenges: true,
  goals: true,
  feedback: true,
  mood: true,
  stressLevel: true,
  workloadConcerns: true,
  careerDevelopment: true,
  teamDynamics: true,
  additionalNotes: true,
  submittedAt: true,
  updatedAt: true,
} as const;

type Row = {
  id: string;
  meetingId: string;
  wins: string;
  challenges: string;
  goals: string;
  feedback: string;
  mood: number;
  stressLevel: number;
  workloadConcerns: string;
  careerDevelopment: string;
  teamDynamics: string;
  additionalNotes: string;
  submittedAt: Date | null;
  updatedAt: Date;
};

function toPrepFormDto(r: Row): PrepFormDto {
  return { ...r, submittedAt: r.submittedAt?.toISOString() ?? null, updatedAt: r.updatedAt.toISOString() };
}

/** The form as its reader may see it: the employee always, the manager once submitted. */
export async function readPrepForm(tx: Tx, ctx: AuthContext, meeting: LoadedMeeting): Promise<PrepFormDto | null> {
  const row = await tx.meetingPrepForm.findUnique({
    where: { organizationId_meetingId: { organizationId: ctx.orgId, meetingId: meeting.id } },
    select,
  });
  if (!row) return null;
  if (meeting.employeeId !== ctx.userId && !row.submittedAt) return null;
  return toPrepFormDto(row);
}

export async function getPrepForm(ctx: AuthContext, meetingId: string): Promise<PrepFormDto | null> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    return readPrepForm(tx, ctx, meeting);
  });
}

/** The meeting the employee may still prepare: theirs, and neither completed nor cancelled. */
async function writableMeeting(
  tx: Tx,
  ctx: AuthContext,
  meetingId: string,
  employeeId?: string,
): Promise<LoadedMeeting> {
  const { meeting, role } = await loadMeetingForUser(tx, ctx, meetingId);
  if (role !== "employee") throw forbidden("prep_form_employee_only", "Only the employee fills in the prep form");
  if (employeeId !== undefined && employeeId.toLowerCase() !== meeting.employeeId) {
    throw invalidInput("Invalid request body", { employeeId: ["The prep form belongs to the meeting's employee"] });
  }
  if (meeting.status !== "scheduled")
    throw conflict("prep_form_closed", `The meeting is ${meeting.status}; its prep form can no longer be changed`);
  return meeting;
}

function upsert(tx: Tx, ctx: AuthContext, meeting: LoadedMeeting, data: PrepFormDraft) {
  return tx.meetingPrepForm.upsert({
    where: { organizationId_meetingId: { organizationId: ctx.orgId, meetingId: meeting.id } },
    create: {
      organizationId: ctx.orgId,
      meetingId: meeting.id,
      managerId: meeting.managerId,
      employeeId: meeting.employeeId,
      ...data,
    },
    update: data,
    select,
  });
}

/** Saves a draft (autosave on every change): absent fields keep their stored value. A form that
 * was submitted stays submitted; the manager sees the edit. */
export async function savePrepDraft(
  ctx: AuthContext,
  meetingId: string,
  draft: PrepFormDraft,
  employeeId?: string,
): Promise<PrepFormDto> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const meeting = await writableMeeting(tx, ctx, meetingId, employeeId);
    return toPrepFormDto(await upsert(tx, ctx, meeting, draft));
  });
}

/** PUT /api/one-on-one-prep/{prepId}: the same draft save, addressed by the form's own id. */
export async function updatePrepForm(ctx: AuthContext, prepId: string, draft: PrepFormDraft): Promise<PrepFormDto> {
  requirePermission(ctx, "oneOnOnes.use");
  if (!isUuid(prepId)) throw notFound("Prep form");
  return inPair(ctx, async (tx) => {
    // Row-level security shows only the caller's pairs' forms; the meeting check does the rest.
    const form = await tx.meetingPrepForm.findUnique({
      where: orgKey(ctx.orgId, prepId.toLowerCase()),
      select: { meetingId: true },
    });
    if (!form) throw notFound("Prep form");
    const meeting = await writableMeeting(tx, ctx, form.meetingId);
    return toPrepFormDto(await upsert(tx, ctx, meeting, draft));
  });
}

/**
 * Submits the form (POST /api/one-on-one/prep-form). The first submission stamps
 * submittedAt and tells the manager (prep_form_submitted) in the same transaction; submitting
 * again updates the answers without a second notification.
 */
export async function submitPrepForm(ctx: AuthContext, body: PrepFormSubmitBody): Promise<PrepFormDto> {
  requirePermission(ctx, "oneOnOnes.use");
  const { meetingId, employeeId, ...rest } = body;
  const fields = prepFormSubmitSchema.parse(rest);
  return inPair(ctx, async (tx) => {
    const meeting = await writableMeeting(tx, ctx, meetingId, employeeId);
    let row = await upsert(tx, ctx, meeting, fields);
    // Stamped only where not yet stamped: of two submissions at once, one stamps and notifies.
    const where = { organizationId: ctx.orgId, meetingId: meeting.id };
    const first =
      (
        await tx.meetingPrepForm.updateMany({
          where: { ...where, submittedAt: null },
          data: { submittedAt: new Date() },
        })
      ).count === 1;
    if (first) row = await tx.meetingPrepForm.findUniqueOrThrow({ where: { organizationId_meetingId: where }, select });
    if (first) {
      const employee = await tx.user.findUnique({
        where: orgKey(ctx.orgId, meeting.employeeId),
        select: { firstName: true, lastName: true },
      });
      const who = employee ? `${employee.firstName} ${employee.lastName}` : "Your report";
      await notify(tx, ctx.orgId, {
        userId: meeting.managerId,
        type: "prep_form_submitted",
        title: "Prep form submitted",
        message: `${who} has submitted their prep form for your 1:1 on ${formatDate(meeting.scheduledAt, "weekdayDayMonth", meeting.series.timeZone)}.`,
        actionUrl: `/one-on-one-meeting?meetingId=${meeting.id}`,
        actionText: "Review prep form",
      });
    }
    return toPrepFormDto(row);
  });
}
