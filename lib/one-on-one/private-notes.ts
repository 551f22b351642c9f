import "server-only";
import { type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { masterKeyRing, open, seal, toBytes } from "@/lib/coach/crypto";
import { inPair, loadMeetingForUser, type LoadedMeeting } from "./access";
import type { PrivateNoteInput } from "./notes-schemas";

// Private notes (issue 11): one per author and meeting, their author's alone (row-level security
// adds an author-only policy), sealed with AES-256-GCM under the configured master key whose id
// the row records, so a copy of the database shows no plaintext. The associated data binds the
// ciphertext to its organisation, meeting and author: bytes moved to another row do not open.

export type PrivateNoteDto = { body: string; updatedAt: string };

const aad = (orgId: string, meetingId: string, authorId: string) => `meeting-note|${orgId}|${meetingId}|${authorId}`;

const noteKey = (orgId: string, meetingId: string, authorId: string) => ({
  organizationId_meetingId_authorId: { organizationId: orgId, meetingId, authorId },
});

/** The caller's own note on a meeting already loaded for them (for the meeting detail). */
export async function readPrivateNote(tx: Tx, ctx: AuthContext, meeting: Pick<LoadedMeeting, "id">): Promise<PrivateNoteDto | null> {
  const row = await tx.meetingPrivateNote.findUnique({
    where: noteKey(ctx.orgId, meeting.id, ctx.userId),
    select: { body: true, keyId: true, updatedAt: true },
  });
  if (!row) return null;
  const key = masterKeyRing().byId.get(row.keyId);
  if (!key) throw new Error(`private note master key '${row.keyId}' is not configured (COACH_MASTER_KEYS)`);
  return { body: open(key, row.body, aad(ctx.orgId, meeting.id, ctx.userId)).toString("utf8"), updatedAt: row.updatedAt.toISOString() };
}


export async function getPrivateNote(ctx: AuthContext, meetingId: string): Promise<PrivateNoteDto | null> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    return readPrivateNote(tx, ctx, meeting);
  });
}

/** Saves the caller's note, sealed under the current master key; an empty (blank) body deletes it. */
export async function savePrivateNote(ctx: AuthContext, meetingId: string, input: PrivateNoteInput): Promise<PrivateNoteDto | null> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    const where = noteKey(ctx.orgId, meeting.id, ctx.userId);
    if (!input.body.trim()) {
      await tx.meetingPrivateNote.deleteMany({ where: { organizationId: ctx.orgId, meetingId: meeting.id, authorId: ctx.userId } });
      return null;
    }
    const ring = masterKeyRing();
    const body = toBytes(seal(ring.current.key, Buffer.from(input.body, "utf8"), aad(ctx.orgId, meeting.id, ctx.userId)));
    const row = await tx.meetingPrivateNote.upsert({
      where,
      create: { organizationId: ctx.orgId, meetingId: meeting.id, managerId: meeting.managerId, employeeId: meeting.employeeId, authorId: ctx.userId, body, keyId: ring.current.id },
      update: { body, keyId: ring.current.id },
      select: { updatedAt: true },
    });
    return { body: input.body, updatedAt: row.updatedAt.toISOString() };
  });
}
