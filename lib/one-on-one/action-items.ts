import "server-only";
import { orgKey, isUuid, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import type { Prisma } from "@/lib/generated/prisma/client";
import { requirePermission } from "@/lib/auth/authorize";
import { conflict, forbidden, invalidInput, notFound } from "@/lib/errors/domain-error";
import { inPair, loadMeetingForUser, type LoadedMeeting } from "./access";
import type { ActionItemDto } from "./dto";
import type { ActionItemInput, ActionItemPatch } from "./notes-schemas";

// What the pair agreed (docs/decisions.md (1:1 meetings)). Open items belong to the pair, not to one meeting: a meeting
// shows the items created in it, the pair's items still open that were created in an earlier
// meeting (carried over, with the meeting they came from), and the items ticked off in it.

type MeetingRef = Pick<LoadedMeeting, "organizationId" | "id" | "managerId" | "employeeId" | "scheduledAt">;

const itemSelect = {
  id: true,
  text: true,
  ownerId: true,
  dueDate: true,
  completedAt: true,
  completedMeetingId: true,
  createdById: true,
  originMeetingId: true,
  originMeeting: { select: { scheduledAt: true } },
} as const;
type ItemRow = Prisma.MeetingActionItemGetPayload<{ select: typeof itemSelect }>;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function toDto(r: ItemRow, meetingId: string): ActionItemDto {
  return {
    id: r.id,
    text: r.text,
    ownerId: r.ownerId,
    dueDate: r.dueDate ? isoDay(r.dueDate) : null,
    completed: r.completedAt !== null,
    completedAt: r.completedAt?.toISOString() ?? null,
    originMeetingId: r.originMeetingId,
    originScheduledAt: r.originMeeting.scheduledAt.toISOString(),
    carriedOver: r.originMeetingId !== meetingId,
  };
}

/** The carry-over rule as a filter on the pair's items. */
function shownIn(meeting: MeetingRef): Prisma.MeetingActionItemWhereInput {
  return {
    organizationId: meeting.organizationId,
    managerId: meeting.managerId,
    employeeId: meeting.employeeId,
    OR: [
      { originMeetingId: meeting.id },
      { completedMeetingId: meeting.id },
      { completedAt: null, originMeeting: { scheduledAt: { lt: meeting.scheduledAt } } },
    ],
  };
}

async function rowsFor(tx: Tx, meeting: MeetingRef): Promise<ItemRow[]> {
  return tx.meetingActionItem.findMany({
    where: shownIn(meeting),
    select: itemSelect,
    orderBy: [{ originMeeting: { scheduledAt: "asc" } }, { createdAt: "asc" }, { id: "asc" }],
  });
}

/** The action items a meeting shows (for the meeting detail): call with a meeting already loaded
 * for the caller, inside withOrg(..., { userId }). */
export async function actionItemsForMeeting(tx: Tx, meeting: MeetingRef): Promise<ActionItemDto[]> {
  return (await rowsFor(tx, meeting)).map((r) => toDto(r, meeting.id));
}

/** The pair's open action items as of a meeting (for the manager's suggestions). */
export async function openActionItemsForMeeting(tx: Tx, meeting: MeetingRef): Promise<ItemRow[]> {
  return (await rowsFor(tx, meeting)).filter((r) => r.completedAt === null);
}

export async function listActionItems(ctx: AuthContext, meetingId: string): Promise<ActionItemDto[]> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    return actionItemsForMeeting(tx, meeting);
  });
}

function requireNotCancelled(meeting: LoadedMeeting): void {
  if (meeting.status === "cancelled") throw conflict("meeting_cancelled", "This meeting was cancelled");
}

function checkOwner(meeting: LoadedMeeting, ownerId: string): string {
  const id = ownerId.toLowerCase();
  if (id !== meeting.managerId && id !== meeting.employeeId) {
    throw invalidInput("Invalid request body", { ownerId: ["Owner must be you or the other person of the meeting"] });
  }
  return id;
}

const dayOf = (s: string) => new Date(`${s}T00:00:00Z`);

/** Either person records an action item, owned by either of them, in any meeting not cancelled. */
export async function createActionItem(
  ctx: AuthContext,
  meetingId: string,
  input: ActionItemInput,
): Promise<ActionItemDto> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    const ownerId = checkOwner(meeting, input.ownerId);
    requireNotCancelled(meeting);
    const row = await tx.meetingActionItem.create({
      data: {
        organizationId: ctx.orgId,
        originMeetingId: meeting.id,
        managerId: meeting.managerId,
        employeeId: meeting.employeeId,
        ownerId,
        text: input.text,
        dueDate: input.dueDate ? dayOf(input.dueDate) : null,
        createdById: ctx.userId,
      },
      select: itemSelect,
    });
    return toDto(row, meeting.id);
  });
}

/** An item this meeting shows, or notFound. */
async function findShown(tx: Tx, meeting: LoadedMeeting, itemId: string): Promise<ItemRow> {
  if (!isUuid(itemId)) throw notFound("Action item");
  const row = await tx.meetingActionItem.findFirst({
    where: { AND: [shownIn(meeting), { id: itemId.toLowerCase() }] },
    select: itemSelect,
  });
  if (!row) throw notFound("Action item");
  return row;
}

/** Either person ticks an item off (recording the meeting it was ticked in) or edits it. */
export async function updateActionItem(
  ctx: AuthContext,
  meetingId: string,
  itemId: string,
  patch: ActionItemPatch,
): Promise<ActionItemDto> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    const item = await findShown(tx, meeting, itemId);
    const data: Prisma.MeetingActionItemUncheckedUpdateInput = {};
    if (patch.ownerId !== undefined) data.ownerId = checkOwner(meeting, patch.ownerId);
    requireNotCancelled(meeting);
    if (patch.text !== undefined) data.text = patch.text;
    if (patch.dueDate !== undefined) data.dueDate = patch.dueDate ? dayOf(patch.dueDate) : null;
    if (patch.completed !== undefined && patch.completed !== (item.completedAt !== null)) {
      data.completedAt = patch.completed ? new Date() : null;
      data.completedMeetingId = patch.completed ? meeting.id : null;
    }
    if (!Object.keys(data).length) return toDto(item, meeting.id);
    const row = await tx.meetingActionItem.update({
      where: orgKey(ctx.orgId, item.id),
      data,
      select: itemSelect,
    });
    return toDto(row, meeting.id);
  });
}

/** The item's creator, or the meeting's manager, deletes it. */
export async function deleteActionItem(ctx: AuthContext, meetingId: string, itemId: string): Promise<void> {
  requirePermission(ctx, "oneOnOnes.use");
  await inPair(ctx, async (tx) => {
    const { meeting, role } = await loadMeetingForUser(tx, ctx, meetingId);
    const item = await findShown(tx, meeting, itemId);
    if (item.createdById !== ctx.userId && role !== "manager") {
      throw forbidden(
        "action_item_not_yours",
        "Only the person who added an action item, or the manager, can delete it",
      );
    }
    requireNotCancelled(meeting);
    await tx.meetingActionItem.delete({ where: orgKey(ctx.orgId, item.id) });
  });
}
