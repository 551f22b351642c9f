import "server-only";
import { orgKey, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { masterKeyRing, newDataKey, open, seal, toBytes } from "@/lib/coach/crypto";
import {
  VAULT_KEY_ID,
  noteAad,
  scopeOf,
  sessionVault,
  unwrapDataKeyFromVault,
  vaultForRead,
  vaultForWrite,
  wrapDataKeyInVault,
  type SessionVault,
} from "@/lib/vault/vault";
import { inPair, loadMeetingForUser, type LoadedMeeting } from "./access";
import type { PrivateNoteInput } from "./notes-schemas";

// Private notes: one per author and meeting, their author's alone (row-level security adds an
// author-only policy), sealed with AES-256-GCM under a data key of their own that the author's
// vault key wraps (lib/vault/): only a live session of theirs opens it, and a copy of the database
// with the server's keys shows no plaintext. The associated data binds the ciphertext to its
// organisation, meeting and author: bytes moved to another row do not open. A note written before
// vaults (vaultId null) is sealed directly under the master key until it moves into its author's
// vault (once the vault's recovery key is saved); a password reset before that binds it to a sealed
// vault. A note of a sealed vault is not shown until the recovery key.

export type PrivateNoteDto = { body: string; updatedAt: string };

type NoteRow = {
  id: string;
  body: Uint8Array;
  keyId: string;
  vaultId: string | null;
  wrappedKey: Uint8Array | null;
  updatedAt: Date;
};

function findNote(tx: Tx, ctx: AuthContext, vault: SessionVault, meetingId: string): Promise<NoteRow | null> {
  return tx.meetingPrivateNote.findFirst({
    where: {
      organizationId: ctx.orgId,
      meetingId,
      authorId: ctx.userId,
      OR: [{ vaultId: vault.vaultId }, { vaultId: null }],
    },
    // The vault's note before a legacy one, should both exist.
    orderBy: { vaultId: { sort: "asc", nulls: "last" } },
    select: { id: true, body: true, keyId: true, vaultId: true, wrappedKey: true, updatedAt: true },
  });
}

function openNote(ctx: AuthContext, vault: SessionVault, meetingId: string, row: NoteRow): string {
  const aad = noteAad(ctx.orgId, meetingId, ctx.userId);
  if (row.vaultId === null) {
    const key = masterKeyRing().byId.get(row.keyId);
    if (!key) throw new Error(`private note master key '${row.keyId}' is not configured (COACH_MASTER_KEYS)`);
    return open(key, row.body, aad).toString("utf8");
  }
  const dataKey = unwrapDataKeyFromVault(vault.key, row.wrappedKey!, scopeOf(ctx, vault), { kind: "note", meetingId });
  return open(dataKey, row.body, aad).toString("utf8");
}

/** The caller's own note on a meeting already loaded for them (for the meeting detail, which a
 * session without its vault still shows: with no note). */
export async function readPrivateNote(
  tx: Tx,
  ctx: AuthContext,
  meeting: Pick<LoadedMeeting, "id">,
): Promise<PrivateNoteDto | null> {
  const vault = await sessionVault(tx, ctx);
  if (!vault) return null;
  const row = await findNote(tx, ctx, vault, meeting.id);
  if (!row) return null;
  return { body: openNote(ctx, vault, meeting.id, row), updatedAt: row.updatedAt.toISOString() };
}

export async function getPrivateNote(ctx: AuthContext, meetingId: string): Promise<PrivateNoteDto | null> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    // The note's own route says why there is nothing to show (409 vault_locked).
    await vaultForRead(tx, ctx);
    return readPrivateNote(tx, ctx, meeting);
  });
}

/** Saves the caller's note in their vault (a new data key each time); an empty (blank) body
 * deletes it. Needs the vault's recovery key saved first (409 vault_setup_required). */
export async function savePrivateNote(
  ctx: AuthContext,
  meetingId: string,
  input: PrivateNoteInput,
): Promise<PrivateNoteDto | null> {
  requirePermission(ctx, "oneOnOnes.use");
  return inPair(ctx, async (tx) => {
    const { meeting } = await loadMeetingForUser(tx, ctx, meetingId);
    const vault = await vaultForWrite(tx, ctx);
    const mine = { organizationId: ctx.orgId, meetingId: meeting.id, authorId: ctx.userId };
    if (!input.body.trim()) {
      await tx.meetingPrivateNote.deleteMany({
        where: { ...mine, OR: [{ vaultId: vault.vaultId }, { vaultId: null }] },
      });
      return null;
    }
    const dataKey = newDataKey();
    const body = toBytes(seal(dataKey, Buffer.from(input.body, "utf8"), noteAad(ctx.orgId, meeting.id, ctx.userId)));
    const wrappedKey = toBytes(
      wrapDataKeyInVault(vault.key, dataKey, scopeOf(ctx, vault), { kind: "note", meetingId: meeting.id }),
    );
    const sealed = { body, wrappedKey, keyId: VAULT_KEY_ID, vaultId: vault.vaultId };
    const existing = await findNote(tx, ctx, vault, meeting.id);
    const row = existing
      ? await tx.meetingPrivateNote.update({
          where: orgKey(ctx.orgId, existing.id),
          data: sealed,
          select: { updatedAt: true },
        })
      : await tx.meetingPrivateNote.create({
          data: { ...mine, managerId: meeting.managerId, employeeId: meeting.employeeId, ...sealed },
          select: { updatedAt: true },
        });
    return { body: input.body, updatedAt: row.updatedAt.toISOString() };
  });
}
