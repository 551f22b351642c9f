import "server-only";
import { orgKey, isUuid, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { conflict, forbidden, invalidInput, notFound } from "@/lib/errors/domain-error";
import { inPair, loadMeetingForUser, type LoadedMeeting } from "./access";
import type { AgendaItemDto } from "./dto";
import type { AgendaItemPatch, AgendaOrder, TalkingPointInput } from "./notes-schemas";

// The meeting's agenda (docs/decisions.md (1:1 meetings)): the template's questions copied at creation plus talking
// points either person adds before the meeting; reordered and ticked off by either person while the meeting is
// scheduled. A talking point's text is its author's to edit or delete.

const agendaSelect = { id: true, kind: true, text: true, position: true, authorId: true, doneAt: true } as const;
type AgendaRow = {
  id: string;
  kind: "question" | "talking_point";
  text: string;
  position: number;
  authorId: string | null;
  doneAt: Date | null;
};

const toDto = (r: AgendaRow): AgendaItemDto => ({
  id: r.id,
  kind: r.kind,
  text: r.text,
  position: r.position,
  authorId: r.authorId,
  done: r.doneAt !== null,
});

/** The agenda of a meeting already loaded for the caller, in order (helper for the meeting detail). */
export async function agendaForMeeting(
  tx: Tx,
  meeting: Pick<LoadedMeeting, "organizationId" | "id">,
): Promise<AgendaItemDto[]> {
  const rows = await tx.meetingAgendaItem.findMany({
    where: { organizationId: meeting.organizationId, meetingId: meeting.id },
    select: agendaSelect,
    orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(toDto);
}

function requireScheduled(meeting: LoadedMeeting): void {
  if (meeting.status !== "scheduled") {
    if (meeting.status === "cancelled") throw conflict("meeting_cancelled", "This meeting was cancelled");
    throw conflict("meeting_not_scheduled", "This meeting is already completed");
  }
}

export async function listAgenda(ctx: AuthContext, meetingId: string): Promise<AgendaItemDto[]> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    return agendaForMeeting(tx, meeting);
  });
}

/** Either person adds a talking point at the end of the agenda while the meeting is scheduled. */
export async function addTalkingPoint(
  ctx: AuthContext,
  meetingId: string,
  input: TalkingPointInput,
): Promise<AgendaItemDto> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    requireScheduled(meeting);
    const last = await tx.meetingAgendaItem.aggregate({
      where: { organizationId: ctx.orgId, meetingId: meeting.id },
      _max: { position: true },
    });
    const row = await tx.meetingAgendaItem.create({
      data: {
        organizationId: ctx.orgId,
        meetingId: meeting.id,
        managerId: meeting.managerId,
        employeeId: meeting.employeeId,
        kind: "talking_point",
        text: input.text,
        position: (last._max.position ?? -1) + 1,
        authorId: ctx.userId,
      },
      select: agendaSelect,
    });
    return toDto(row);
  });
}

async function findItem(tx: Tx, ctx: AuthContext, meetingId: string, itemId: string): Promise<AgendaRow> {
  if (!isUuid(itemId)) throw notFound("Agenda item");
  const row = await tx.meetingAgendaItem.findFirst({
    where: { organizationId: ctx.orgId, id: itemId.toLowerCase(), meetingId },
    select: agendaSelect,
  });
  if (!row) throw notFound("Agenda item");
  return row;
}

const notYours = () =>
  forbidden("agenda_item_not_yours", "Only the person who added a talking point can change or delete it");

/** Either person ticks an item off (or back on); the author of a talking point edits its text. */
export async function updateAgendaItem(
  ctx: AuthContext,
  meetingId: string,
  itemId: string,
  patch: AgendaItemPatch,
): Promise<AgendaItemDto> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    const item = await findItem(tx, ctx, meeting.id, itemId);
    requireScheduled(meeting);
    if (
      patch.text !== undefined &&
      patch.text !== item.text &&
      (item.kind !== "talking_point" || item.authorId !== ctx.userId)
    )
      throw notYours();
    const data: { text?: string; doneAt?: Date | null } = {};
    if (patch.text !== undefined) data.text = patch.text;
    if (patch.done !== undefined && patch.done !== (item.doneAt !== null)) data.doneAt = patch.done ? new Date() : null;
    if (!Object.keys(data).length) return toDto(item);
    const row = await tx.meetingAgendaItem.update({
      where: orgKey(ctx.orgId, item.id),
      data,
      select: agendaSelect,
    });
    return toDto(row);
  });
}

/** The author deletes their own talking point while the meeting is scheduled; questions stay. */
export async function deleteAgendaItem(ctx: AuthContext, meetingId: string, itemId: string): Promise<void> {
  requirePermission(ctx, "oneOnOnes.use");
  await inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    const item = await findItem(tx, ctx, meeting.id, itemId);
    requireScheduled(meeting);
    if (item.kind !== "talking_point" || item.authorId !== ctx.userId) throw notYours();
    await tx.meetingAgendaItem.delete({ where: orgKey(ctx.orgId, item.id) });
  });
}

/** Either person reorders the agenda: itemIds must be exactly the meeting's items, each once. */
export async function reorderAgenda(ctx: AuthContext, meetingId: string, input: AgendaOrder): Promise<AgendaItemDto[]> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    requireScheduled(meeting);
    const current = await agendaForMeeting(tx, meeting);
    const ids = input.itemIds.map((id) => id.toLowerCase());
    const known = new Set(current.map((i) => i.id));
    if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw invalidInput("Invalid request body", {
        itemIds: ["itemIds must list each of the meeting's agenda items exactly once"],
      });
    }
    for (const [position, id] of ids.entries()) {
      const was = current.find((i) => i.id === id)!;
      if (was.position !== position) {
        await tx.meetingAgendaItem.update({
          where: orgKey(ctx.orgId, id),
          data: { position },
        });
      }
    }
    return agendaForMeeting(tx, meeting);
  });
}
