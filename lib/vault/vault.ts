import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { orgKey, isUuid, withOrg, type Tx } from "@/lib/db/tenant";
import { log } from "@/lib/log/logger";
import { conflict, invalidInput } from "@/lib/errors/domain-error";
import {
  masterKeyRing,
  newDataKey,
  open,
  openMessage,
  openTitle,
  seal,
  sealMessage,
  sealTitle,
  toBytes,
  unwrapDataKey,
} from "@/lib/coach/crypto";
import {
  PASSWORD_KDF,
  RECOVERY_GROUPS,
  RECOVERY_KDF,
  newRecoveryKey,
  newSalt,
  newSessionSecret,
  newVaultKey,
  normalizeRecoveryKey,
  openForHandoff,
  openForSession,
  passwordKey,
  recoveryGroupMatches,
  recoveryKeyKey,
  sealForHandoff,
  sealForSession,
  unwrapDataKeyFromVault,
  unwrapVaultKey,
  wrapDataKeyInVault,
  wrapVaultKey,
  type VaultKdf,
  type VaultScope,
} from "@/lib/vault/crypto";

// The personal vault: who may open it is decided by keys, not by permissions. A vault is opened
// at sign-in (the only moment the password is known) into the session, read back per request
// from the session's cookie secret, and never anywhere else: no job or script holds a vault key.

/** The vault this request's session holds open. */
export type SessionVault = { vaultId: string; key: Buffer; confirmed: boolean };

export type VaultStatus = { status: "ready" | "setup" | "locked"; sealedVaults: number };

const VAULT_SETUP_MESSAGE = "Save your recovery key before your first private entry";
const VAULT_LOCKED_MESSAGE = "Sign in again to open your private vault";
const RECOVERY_MISMATCH = "That does not match your recovery key";
const RECOVERY_OPENS_NOTHING = "This recovery key does not open any of your sealed vaults";

const vaultLocked = () => conflict("vault_locked", VAULT_LOCKED_MESSAGE);
const setupRequired = () => conflict("vault_setup_required", VAULT_SETUP_MESSAGE);

// The marker a vault row's keyId carries (the master key id column of legacy rows).
export const VAULT_KEY_ID = "vault";

const kdfOf = (v: unknown): VaultKdf => {
  const k = v as Partial<{ alg: string; memoryCost: number; timeCost: number; parallelism: number }>;
  if (
    k?.alg === "argon2id" &&
    Number.isInteger(k.memoryCost) &&
    Number.isInteger(k.timeCost) &&
    Number.isInteger(k.parallelism)
  ) {
    return { alg: "argon2id", memoryCost: k.memoryCost!, timeCost: k.timeCost!, parallelism: k.parallelism! };
  }
  if (k?.alg === "hkdf-sha256") return { alg: "hkdf-sha256" };
  throw new Error("unknown vault key derivation");
};

const own = (orgId: string, userId: string) => ({ organizationId: orgId, userId });

/** The person's open vault (not sealed), with its password wrap when it has one. */
function currentVault(tx: Tx, orgId: string, userId: string) {
  return tx.vault.findFirst({
    where: { ...own(orgId, userId), sealedAt: null },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      recoveryConfirmedAt: true,
      wraps: { where: { kind: "password" }, select: { id: true, salt: true, kdf: true, wrappedKey: true } },
    },
  });
}

type PasswordWrap = { id: string; salt: Uint8Array; kdf: unknown; wrappedKey: Uint8Array };

async function openPasswordWrap(password: string, wrap: PasswordWrap, scope: VaultScope): Promise<Buffer | null> {
  return unwrapVaultKey(await passwordKey(password, wrap.salt, kdfOf(wrap.kdf)), wrap.wrappedKey, scope, "password");
}

async function newPasswordWrap(password: string, vaultKey: Buffer, scope: VaultScope) {
  const salt = newSalt();
  const wrappedKey = wrapVaultKey(await passwordKey(password, salt, PASSWORD_KDF), vaultKey, scope, "password");
  return {
    organizationId: scope.orgId,
    vaultId: scope.vaultId,
    userId: scope.userId,
    kind: "password" as const,
    salt: toBytes(salt),
    kdf: PASSWORD_KDF,
    wrappedKey: toBytes(wrappedKey),
  };
}

/** Seals the person's open vault(s): they keep their wraps but the password one, so only the
 * recovery key opens them again. For a password set without the old one (a reset), and for a
 * password wrap the current password no longer opens. A vault whose recovery key was never saved
 * holds nothing (nothing private is written, nor moved in, before that) and has no way back: it is
 * deleted rather than left as a sealed vault nobody can open. With `hideLegacy`, content from
 * before vaults is sealed away too (sealLegacyContent). */
async function sealOpenVaults(tx: Tx, orgId: string, userId: string, opts: { hideLegacy: boolean }): Promise<number> {
  if (opts.hideLegacy) await sealLegacyContent(tx, orgId, userId);
  const open = await tx.vault.findMany({
    where: { ...own(orgId, userId), sealedAt: null },
    select: { id: true, recoveryConfirmedAt: true, _count: { select: { conversations: true, privateNotes: true } } },
  });
  const empty = open
    .filter((v) => !v.recoveryConfirmedAt && v._count.conversations === 0 && v._count.privateNotes === 0)
    .map((v) => v.id);
  if (empty.length) await tx.vault.deleteMany({ where: { organizationId: orgId, id: { in: empty } } });
  const ids = open.map((v) => v.id).filter((id) => !empty.includes(id));
  if (!ids.length) return 0;
  await tx.vaultKeyWrap.deleteMany({ where: { organizationId: orgId, vaultId: { in: ids }, kind: "password" } });
  await tx.vault.updateMany({
    where: { organizationId: orgId, id: { in: ids } },
    data: { sealedAt: new Date(), handoffKey: null },
  });
  return ids.length;
}

/** Content from before vaults (vaultId null, under the server's master key) would otherwise read in
 * any session of its author's, the one opened with a password just reset by whoever got into the
 * mailbox included. At a password set without the old password it is bound to a new sealed vault
 * that has no wraps at all (a "holder"): no list or read shows a sealed vault's rows, and nobody
 * can open the holder itself. Only the recovery key of a vault made before that reset brings it
 * back (recoverVaults); without one it stays sealed under the master key, which the operator
 * still holds. Its rows are left exactly as they are (same data keys, same master key id). */
async function sealLegacyContent(tx: Tx, orgId: string, userId: string): Promise<void> {
  const mine = { organizationId: orgId, vaultId: null };
  const [conversations, notes] = await Promise.all([
    tx.chatConversation.count({ where: { ...mine, userId } }),
    tx.meetingPrivateNote.count({ where: { ...mine, authorId: userId } }),
  ]);
  if (!conversations && !notes) return;
  const holder = await tx.vault.create({
    data: { organizationId: orgId, userId, sealedAt: new Date() },
    select: { id: true },
  });
  await tx.chatConversation.updateMany({ where: { ...mine, userId }, data: { vaultId: holder.id } });
  await tx.meetingPrivateNote.updateMany({ where: { ...mine, authorId: userId }, data: { vaultId: holder.id } });
}

/**
 * At sign-in, with the password just checked: opens the person's vault (creating it when they
 * have none, or when a password set elsewhere no longer opens it: that one is sealed), moves
 * content still under the server's key into it once its recovery key is saved (until then that
 * content stays where a password reset cannot lose it, and moves when the key is confirmed), and
 * seals its key for the new session. Returns
 * the session's secret, which goes into the session cookie only. argon2id runs outside any
 * transaction.
 */
export async function openVaultAtSignIn(
  orgId: string,
  userId: string,
  sessionId: string,
  password: string,
): Promise<string> {
  const inUser = <T>(fn: (tx: Tx) => Promise<T>) => withOrg(orgId, fn, { userId });
  const existing = await inUser((tx) => currentVault(tx, orgId, userId));
  let vaultId: string | null = null;
  let vaultKey: Buffer | null = null;
  const wrap = existing?.wraps[0];
  if (existing && wrap) {
    vaultKey = await openPasswordWrap(password, wrap, { orgId, userId, vaultId: existing.id });
    if (vaultKey) vaultId = existing.id;
  }
  let created: { id: string; wrap: Awaited<ReturnType<typeof newPasswordWrap>> } | null = null;
  if (!vaultId) {
    const id = crypto.randomUUID();
    vaultKey = newVaultKey();
    created = { id, wrap: await newPasswordWrap(password, vaultKey, { orgId, userId, vaultId: id }) };
    vaultId = id;
  }
  const key = vaultKey!;
  const secret = newSessionSecret();
  await inUser(async (tx) => {
    if (created) {
      // A vault the password no longer opens means a password was set without the old one: the
      // content from before vaults is sealed away as at a reset. A first vault leaves it alone.
      await sealOpenVaults(tx, orgId, userId, { hideLegacy: !!existing });
      await tx.vault.create({ data: { organizationId: orgId, id: created.id, userId } });
      await tx.vaultKeyWrap.create({ data: created.wrap });
    }
    if (!created && existing?.recoveryConfirmedAt)
      await moveLegacyIntoVault(tx, { orgId, userId, vaultId: vaultId! }, key);
    await storeSessionVault(tx, orgId, sessionId, secret, vaultId!, key);
  });
  return secret;
}

function storeSessionVault(tx: Tx, orgId: string, sessionId: string, secret: string, vaultId: string, key: Buffer) {
  const vaultKey = toBytes(
    sealForSession(secret, { v: vaultId, k: key.toString("base64") }, { orgId, sessionId }, "vault"),
  );
  return tx.session.update({
    where: orgKey(orgId, sessionId),
    data: { vaultKey },
  });
}

/** Content written before vaults (under the server's master key) moves into the vault, each row
 * sealed again under a NEW data key that only the vault key wraps: the old data key is known to
 * whoever holds the master key and a backup (or a dead row version) from before the move, so
 * keeping it would leave the conversation, and every message written after the move, readable to
 * them. A conversation's title and every message are re-sealed (same associated data); a private
 * note likewise (joined to a note the vault already has on that meeting, the older first). `from`
 * is null for rows not yet in any vault, or the holder vault a reset bound them to. A row no
 * configured master key opens stays as it is (and unreadable, as before): a sign-in never fails
 * over one.
 *
 * The move waits for the vault's recovery key to be saved (confirmRecoveryKey, or the next sign-in
 * after it). Moving at the first sign-in would put the content under a key that only the password
 * opens, so a reset before the recovery key is saved would leave it where nobody, the operator
 * included, can ever read it again; waiting keeps it restorable and a reset seals it away instead
 * (sealLegacyContent). */
async function moveLegacyIntoVault(
  tx: Tx,
  scope: VaultScope,
  vaultKey: Buffer,
  from: string | null = null,
): Promise<{ conversations: number; notes: number }> {
  const { orgId, userId, vaultId } = scope;
  const ring = masterKeyRing();
  const legacy = { organizationId: orgId, vaultId: from, keyId: { not: VAULT_KEY_ID } };
  const conversations = await tx.chatConversation.findMany({
    where: { ...legacy, userId },
    select: { id: true, title: true, wrappedKey: true, keyId: true },
  });
  let moved = 0;
  for (const c of conversations) {
    const oldKey = attempt(() => unwrapDataKey(ring, c.wrappedKey, c.keyId, orgId, c.id));
    if (!oldKey) continue;
    const messages = await tx.chatMessage.findMany({
      where: { organizationId: orgId, conversationId: c.id },
      select: { id: true, body: true },
    });
    const title = attempt(() => openTitle(oldKey, orgId, c.id, c.title));
    const bodies = messages.map((m) => attempt(() => openMessage(oldKey, orgId, c.id, m.id, m.body)));
    if (title === null || bodies.some((b) => b === null)) continue;
    moved += 1;
    const dataKey = newDataKey();
    for (const [i, m] of messages.entries()) {
      await tx.chatMessage.update({
        where: orgKey(orgId, m.id),
        data: { body: toBytes(sealMessage(dataKey, orgId, c.id, m.id, bodies[i]!)) },
      });
    }
    await tx.chatConversation.update({
      where: orgKey(orgId, c.id),
      data: {
        vaultId,
        keyId: VAULT_KEY_ID,
        title: toBytes(sealTitle(dataKey, orgId, c.id, title)),
        wrappedKey: toBytes(wrapDataKeyInVault(vaultKey, dataKey, scope, { kind: "conversation", id: c.id })),
      },
    });
  }
  const notes = await tx.meetingPrivateNote.findMany({
    where: { ...legacy, authorId: userId },
    select: { id: true, meetingId: true, body: true, keyId: true },
  });
  let movedNotes = 0;
  for (const n of notes) {
    const master = ring.byId.get(n.keyId);
    const body = master ? attempt(() => open(master, n.body, noteAad(orgId, n.meetingId, userId))) : null;
    if (!body) continue;
    movedNotes += 1;
    await placeNote(tx, scope, vaultKey, n, body.toString("utf8"));
  }
  if (moved < conversations.length || movedNotes < notes.length) {
    log.warn("vault.legacy_unreadable", {
      orgId,
      userId,
      conversations: conversations.length - moved,
      notes: notes.length - movedNotes,
    });
  }
  return { conversations: moved, notes: movedNotes };
}

/** Puts a note's text (row `n`, from elsewhere) into vault `to`, sealed under a new data key; when
 * `to` already has a note on that meeting, the two are joined (this one first) and `n` deleted. */
async function placeNote(
  tx: Tx,
  to: VaultScope,
  toKey: Buffer,
  n: { id: string; meetingId: string },
  text: string,
): Promise<void> {
  const { orgId, userId } = to;
  const owner = { kind: "note", meetingId: n.meetingId } as const;
  const aad = noteAad(orgId, n.meetingId, userId);
  const newer = await tx.meetingPrivateNote.findFirst({
    where: { organizationId: orgId, authorId: userId, meetingId: n.meetingId, vaultId: to.vaultId },
    select: { id: true, body: true, wrappedKey: true },
  });
  const dataKey = newDataKey();
  const body = newer
    ? `${text}\n\n${open(unwrapDataKeyFromVault(toKey, newer.wrappedKey!, to, owner), newer.body, aad).toString("utf8")}`
    : text;
  const sealed = {
    vaultId: to.vaultId,
    keyId: VAULT_KEY_ID,
    body: toBytes(seal(dataKey, Buffer.from(body, "utf8"), aad)),
    wrappedKey: toBytes(wrapDataKeyInVault(toKey, dataKey, to, owner)),
  };
  if (newer) {
    await tx.meetingPrivateNote.update({
      where: orgKey(orgId, newer.id),
      data: sealed,
    });
    await tx.meetingPrivateNote.delete({ where: orgKey(orgId, n.id) });
  } else {
    await tx.meetingPrivateNote.update({
      where: orgKey(orgId, n.id),
      data: sealed,
    });
  }
}

function attempt<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

/** The associated data of a private note's body (lib/one-on-one/private-notes.ts). */
export const noteAad = (orgId: string, meetingId: string, authorId: string) =>
  `meeting-note|${orgId}|${meetingId}|${authorId}`;

/** The vault this request's session holds open, or null (no secret, a session from before
 * vaults, a vault sealed since). One query: the Session row with the person's open vault. */
export async function sessionVault(tx: Tx, ctx: AuthContext): Promise<SessionVault | null> {
  if (!ctx.vaultSecret || !isUuid(ctx.sessionId)) return null;
  const rows = await tx.$queryRaw<
    { vaultKey: Uint8Array | null; vaultId: string | null; recoveryConfirmedAt: Date | null }[]
  >`
    SELECT s."vaultKey", v."id" AS "vaultId", v."recoveryConfirmedAt"
      FROM "Session" s
      LEFT JOIN "Vault" v ON v."organizationId" = s."organizationId" AND v."userId" = s."userId" AND v."sealedAt" IS NULL
     WHERE s."organizationId" = ${ctx.orgId}::uuid AND s."id" = ${ctx.sessionId}::uuid AND s."userId" = ${ctx.userId}::uuid`;
  const sealed = rows.find((r) => r.vaultKey)?.vaultKey ?? null;
  const v = openForSession(ctx.vaultSecret, sealed, { orgId: ctx.orgId, sessionId: ctx.sessionId }, "vault") as {
    v?: unknown;
    k?: unknown;
  } | null;
  if (!v || typeof v.v !== "string" || typeof v.k !== "string") return null;
  const vault = rows.find((r) => r.vaultId === v.v);
  if (!vault) return null;
  return { vaultId: v.v, key: Buffer.from(v.k, "base64"), confirmed: vault.recoveryConfirmedAt !== null };
}

/** The session's vault for reading private content; 409 vault_locked without one. */
export async function vaultForRead(tx: Tx, ctx: AuthContext): Promise<SessionVault> {
  const v = await sessionVault(tx, ctx);
  if (!v) throw vaultLocked();
  return v;
}

/** The session's vault for writing private content: also needs a confirmed recovery key
 * (409 vault_setup_required), so nothing is written that a password reset would lose. */
export async function vaultForWrite(tx: Tx, ctx: AuthContext): Promise<SessionVault> {
  return writable(await vaultForRead(tx, ctx));
}

/** The vault, once its recovery key is saved (for a write whose target was looked up first, so
 * someone else's id answers "not found" whatever the caller's vault). */
export function writable(v: SessionVault): SessionVault {
  if (!v.confirmed) throw setupRequired();
  return v;
}

export const scopeOf = (ctx: AuthContext, v: Pick<SessionVault, "vaultId">): VaultScope => ({
  orgId: ctx.orgId,
  userId: ctx.userId,
  vaultId: v.vaultId,
});

export { wrapDataKeyInVault, unwrapDataKeyFromVault };

const inOwnVault = <T>(ctx: AuthContext, fn: (tx: Tx) => Promise<T>) => withOrg(ctx.orgId, fn, { userId: ctx.userId });

/** GET /api/vault: what the person's private areas should show. */
export async function vaultStatus(ctx: AuthContext): Promise<VaultStatus> {
  return inOwnVault(ctx, async (tx) => {
    const v = await sessionVault(tx, ctx);
    // Only those a recovery key can open (a holder of content from before vaults has no wrap).
    const sealedVaults = await tx.vault.count({
      where: { ...own(ctx.orgId, ctx.userId), sealedAt: { not: null }, wraps: { some: { kind: "recovery" } } },
    });
    return { status: !v ? "locked" : v.confirmed ? "ready" : "setup", sealedVaults };
  });
}

type PendingRecovery = { key: string; group: number };

/** Creates (or, while unconfirmed, replaces) the vault's recovery key. The key is returned once;
 * the server keeps only its wrap, and until confirmed the key itself sealed under this session's
 * cookie secret (so the confirmation can check a group without the database holding the key). */
export async function createRecoveryKey(ctx: AuthContext): Promise<{ recoveryKey: string; confirmGroup: number }> {
  return inOwnVault(ctx, async (tx) => {
    const v = await vaultForRead(tx, ctx);
    if (v.confirmed) throw conflict("vault_recovery_key_saved", "Your recovery key is already saved");
    const recoveryKey = newRecoveryKey();
    const confirmGroup = 1 + (crypto.getRandomValues(new Uint32Array(1))[0]! % RECOVERY_GROUPS);
    const salt = newSalt();
    const scope = scopeOf(ctx, v);
    await tx.vaultKeyWrap.deleteMany({ where: { organizationId: ctx.orgId, vaultId: v.vaultId, kind: "recovery" } });
    await tx.vaultKeyWrap.create({
      data: {
        organizationId: ctx.orgId,
        vaultId: v.vaultId,
        userId: ctx.userId,
        kind: "recovery",
        salt: toBytes(salt),
        kdf: RECOVERY_KDF,
        wrappedKey: toBytes(wrapVaultKey(recoveryKeyKey(recoveryKey, salt), v.key, scope, "recovery")),
      },
    });
    const pendingRecovery = toBytes(
      sealForSession(
        ctx.vaultSecret!,
        { key: recoveryKey, group: confirmGroup } satisfies PendingRecovery,
        { orgId: ctx.orgId, sessionId: ctx.sessionId },
        "recovery",
      ),
    );
    await tx.session.update({
      where: orgKey(ctx.orgId, ctx.sessionId),
      data: { pendingRecovery },
    });
    return { recoveryKey, confirmGroup };
  });
}

/** Confirms the recovery key shown in this session by one of its groups; the pending copy is
 * deleted, so from then on the server holds the key only as a wrap. */
export async function confirmRecoveryKey(ctx: AuthContext, input: { group: number; value: string }): Promise<void> {
  await inOwnVault(ctx, async (tx) => {
    const v = await vaultForRead(tx, ctx);
    if (v.confirmed) throw conflict("vault_recovery_key_saved", "Your recovery key is already saved");
    const s = await tx.session.findUnique({
      where: orgKey(ctx.orgId, ctx.sessionId),
      select: { pendingRecovery: true },
    });
    const pending = openForSession(
      ctx.vaultSecret,
      s?.pendingRecovery ?? null,
      { orgId: ctx.orgId, sessionId: ctx.sessionId },
      "recovery",
    ) as Partial<PendingRecovery> | null;
    const ok =
      !!pending &&
      typeof pending.key === "string" &&
      pending.group === input.group &&
      recoveryGroupMatches(pending.key, input.group, input.value);
    if (!ok) throw invalidInput("Invalid request body", { value: [RECOVERY_MISMATCH] });
    await tx.vault.update({
      where: orgKey(ctx.orgId, v.vaultId),
      data: { recoveryConfirmedAt: new Date() },
    });
    await tx.session.update({
      where: orgKey(ctx.orgId, ctx.sessionId),
      data: { pendingRecovery: null },
    });
    // Content from before vaults moves in now that a reset can no longer lose it.
    await moveLegacyIntoVault(tx, scopeOf(ctx, v), v.key);
  });
}

/**
 * The recovery key opens the person's sealed vaults: their conversations and notes move into the
 * vault this session holds (data keys re-wrapped; a note on a meeting that has a newer one is
 * joined to it) and the sealed vault is deleted. When the open vault's own recovery key was never
 * saved, the entered key becomes its recovery key (the person has just shown they keep it).
 * Content from before vaults that a reset sealed away (a holder vault) comes back too, but only
 * with the key of a vault made before that reset: a key made after it (by whoever reset the
 * password) proves nothing about who wrote that content.
 */
export async function recoverVaults(
  ctx: AuthContext,
  typedKey: string,
): Promise<{ restoredVaults: number; conversations: number; notes: number }> {
  return inOwnVault(ctx, async (tx) => {
    const current = await vaultForRead(tx, ctx);
    const typed = normalizeRecoveryKey(typedKey);
    // Only dashes and spaces: no key at all (and nothing to derive a key from).
    if (!typed) throw invalidInput("Invalid request body", { recoveryKey: [RECOVERY_OPENS_NOTHING] });
    const sealed = await tx.vault.findMany({
      where: { ...own(ctx.orgId, ctx.userId), sealedAt: { not: null }, wraps: { some: { kind: "recovery" } } },
      select: {
        id: true,
        createdAt: true,
        wraps: { where: { kind: "recovery" }, select: { salt: true, kdf: true, wrappedKey: true } },
      },
    });
    let earliestOpened: Date | null = null;
    const toScope = scopeOf(ctx, current);
    const out = { restoredVaults: 0, conversations: 0, notes: 0 };
    for (const vault of sealed) {
      const fromScope = { orgId: ctx.orgId, userId: ctx.userId, vaultId: vault.id };
      const key = vault.wraps
        .map((w) =>
          kdfOf(w.kdf).alg === "hkdf-sha256"
            ? unwrapVaultKey(recoveryKeyKey(typed, w.salt), w.wrappedKey, fromScope, "recovery")
            : null,
        )
        .find(Boolean);
      if (!key) continue;
      const moved = await moveVault(tx, fromScope, key, toScope, current.key);
      if (!earliestOpened || vault.createdAt < earliestOpened) earliestOpened = vault.createdAt;
      out.restoredVaults += 1;
      out.conversations += moved.conversations;
      out.notes += moved.notes;
    }
    if (!out.restoredVaults || !earliestOpened)
      throw invalidInput("Invalid request body", { recoveryKey: [RECOVERY_OPENS_NOTHING] });
    const holders = await tx.vault.findMany({
      where: {
        ...own(ctx.orgId, ctx.userId),
        sealedAt: { not: null },
        wraps: { none: {} },
        createdAt: { gt: earliestOpened },
      },
      select: { id: true },
    });
    for (const h of holders) {
      const moved = await moveLegacyIntoVault(tx, toScope, current.key, h.id);
      out.conversations += moved.conversations;
      out.notes += moved.notes;
      await deleteIfEmpty(tx, ctx.orgId, h.id);
    }
    if (!current.confirmed) {
      const salt = newSalt();
      await tx.vaultKeyWrap.deleteMany({
        where: { organizationId: ctx.orgId, vaultId: current.vaultId, kind: "recovery" },
      });
      await tx.vaultKeyWrap.create({
        data: {
          organizationId: ctx.orgId,
          vaultId: current.vaultId,
          userId: ctx.userId,
          kind: "recovery",
          salt: toBytes(salt),
          kdf: RECOVERY_KDF,
          wrappedKey: toBytes(wrapVaultKey(recoveryKeyKey(typed, salt), current.key, toScope, "recovery")),
        },
      });
      await tx.vault.update({
        where: orgKey(ctx.orgId, current.vaultId),
        data: { recoveryConfirmedAt: new Date() },
      });
      await tx.session.update({
        where: orgKey(ctx.orgId, ctx.sessionId),
        data: { pendingRecovery: null },
      });
      await moveLegacyIntoVault(tx, toScope, current.key);
    }
    return out;
  });
}

async function moveVault(
  tx: Tx,
  from: VaultScope,
  fromKey: Buffer,
  to: VaultScope,
  toKey: Buffer,
): Promise<{ conversations: number; notes: number }> {
  const { orgId, userId } = from;
  const conversations = await tx.chatConversation.findMany({
    where: { organizationId: orgId, userId, vaultId: from.vaultId },
    select: { id: true, wrappedKey: true },
  });
  for (const c of conversations) {
    const owner = { kind: "conversation", id: c.id } as const;
    const dataKey = unwrapDataKeyFromVault(fromKey, c.wrappedKey, from, owner);
    await tx.chatConversation.update({
      where: orgKey(orgId, c.id),
      data: { vaultId: to.vaultId, wrappedKey: toBytes(wrapDataKeyInVault(toKey, dataKey, to, owner)) },
    });
  }
  const notes = await tx.meetingPrivateNote.findMany({
    where: { organizationId: orgId, authorId: userId, vaultId: from.vaultId },
    select: { id: true, meetingId: true, body: true, wrappedKey: true },
  });
  for (const n of notes) {
    const oldKey = unwrapDataKeyFromVault(fromKey, n.wrappedKey!, from, { kind: "note", meetingId: n.meetingId });
    await placeNote(tx, to, toKey, n, open(oldKey, n.body, noteAad(orgId, n.meetingId, userId)).toString("utf8"));
  }
  await tx.vault.delete({ where: orgKey(orgId, from.vaultId) });
  return { conversations: conversations.length, notes: notes.length };
}

/** Deletes a holder vault once nothing is bound to it (a row no master key opens stays, and so
 * does its holder). */
async function deleteIfEmpty(tx: Tx, orgId: string, vaultId: string): Promise<void> {
  const left = await tx.vault.findUnique({
    where: orgKey(orgId, vaultId),
    select: { _count: { select: { conversations: true, privateNotes: true } } },
  });
  if (left && !left._count.conversations && !left._count.privateNotes)
    await tx.vault.delete({ where: orgKey(orgId, vaultId) });
}

/** A password change, with the old password at hand: the open vault's password wrap is made
 * again under the new one (the vault key and everything under it stay as they are). The
 * derivations run here, outside any transaction; the returned step writes the new wrap inside the
 * password change's own transaction (which must be opened with the person's user id). */
export async function prepareRewrap(
  orgId: string,
  userId: string,
  current: string,
  next: string,
): Promise<(tx: Tx) => Promise<void>> {
  const vault = await withOrg(orgId, (tx) => currentVault(tx, orgId, userId), { userId });
  const wrap = vault?.wraps[0];
  // No vault yet: the next sign-in makes one with the new password.
  if (!vault || !wrap) return async () => {};
  const scope = { orgId, userId, vaultId: vault.id };
  const key = await openPasswordWrap(current, wrap, scope);
  // A wrap the current password does not open (a password set by a path that could not re-wrap):
  // the next sign-in seals that vault and opens a new one, as after a reset.
  if (!key) return async () => {};
  const data = await newPasswordWrap(next, key, scope);
  return async (tx) => {
    await tx.vaultKeyWrap.deleteMany({ where: { organizationId: orgId, vaultId: vault.id, kind: "password" } });
    await tx.vaultKeyWrap.create({ data });
  };
}

/** A password reset (no old password, so no re-wrap): the person's open vault is sealed inside
 * the reset's transaction, whose user becomes known only from the token. */
export async function sealVaultsAtReset(tx: Tx, orgId: string, userId: string): Promise<void> {
  await tx.$executeRaw`SELECT set_config('app.user_id', ${userId}, true)`;
  await sealOpenVaults(tx, orgId, userId, { hideLegacy: true });
}

/** The signup's first admin: their vault is made with the password they chose, and its key is
 * also sealed under the single-use hand-over token, so the session that token opens holds the
 * vault without asking for the password again. */
export async function createVaultForHandoff(
  orgId: string,
  userId: string,
  password: string,
  handoffToken: string,
): Promise<void> {
  const id = crypto.randomUUID();
  const key = newVaultKey();
  const scope = { orgId, userId, vaultId: id };
  const wrap = await newPasswordWrap(password, key, scope);
  await withOrg(
    orgId,
    async (tx) => {
      await tx.vault.create({
        data: { organizationId: orgId, id, userId, handoffKey: toBytes(sealForHandoff(handoffToken, key, scope)) },
      });
      await tx.vaultKeyWrap.create({ data: wrap });
    },
    { userId },
  );
}

/** At the hand-over: the vault sealed under the token opens into the new session (and the
 * token's copy is deleted). Returns the session's secret, or null when there is none. */
export async function openVaultAtHandoff(
  orgId: string,
  userId: string,
  sessionId: string,
  handoffToken: string,
): Promise<string | null> {
  return withOrg(orgId, (tx) => openHandoff(tx, orgId, userId, sessionId, handoffToken), { userId });
}

async function openHandoff(
  tx: Tx,
  orgId: string,
  userId: string,
  sessionId: string,
  handoffToken: string,
): Promise<string | null> {
  const vault = await tx.vault.findFirst({
    where: { ...own(orgId, userId), sealedAt: null, handoffKey: { not: null } },
    select: { id: true, handoffKey: true },
  });
  if (!vault) return null;
  await tx.vault.update({
    where: orgKey(orgId, vault.id),
    data: { handoffKey: null },
  });
  const key = openForHandoff(handoffToken, vault.handoffKey!, { orgId, userId, vaultId: vault.id });
  if (!key) return null;
  const secret = newSessionSecret();
  await storeSessionVault(tx, orgId, sessionId, secret, vault.id, key);
  return secret;
}
