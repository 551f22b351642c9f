import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import pg from "pg";
import { orgIdForSubdomain, withOrg } from "@/lib/db/tenant";
import { currentSession } from "@/lib/auth/current-session";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { env } from "@/lib/config/env";
import { masterKeyRing, openMessage, openTitle, resetMasterKeyRingForTests, unwrapDataKey } from "@/lib/coach/crypto";
import { addMessage, createConversation, listConversations, listMessages } from "@/lib/coach/conversations";
import { getPrivateNote, readPrivateNote, savePrivateNote } from "@/lib/one-on-one/private-notes";
import { loadMeetingForUser } from "@/lib/one-on-one/access";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { endSession } from "@/lib/auth/sessions";
import { changePassword } from "@/lib/auth/change-password";
import { resetPassword } from "@/lib/auth/password-reset";
import { issueToken } from "@/lib/auth/tokens";
import { confirmRecoveryKey, createRecoveryKey, recoverVaults, vaultStatus } from "@/lib/vault/vault";
import { recoveryGroupMatches } from "@/lib/vault/crypto";
import { GET as vaultGet } from "@/app/api/vault/route";
import { POST as recoveryKeyPost } from "@/app/api/vault/recovery-key/route";
import { POST as confirmPost } from "@/app/api/vault/recovery-key/confirm/route";
import { POST as recoverPost } from "@/app/api/vault/recover/route";
import { GET as conversationsGet } from "@/app/api/chat/conversations/[key]/route";
import { GET as messagesGet } from "@/app/api/chat/conversations/[key]/messages/route";
import { GET as noteGet } from "@/app/api/meetings/one-on-one/[meetingId]/private-note/route";
import { completeSignup } from "@/lib/signup/complete";
import { redeemHandoff } from "@/lib/signup/handoff";
import { createUser, SIGNUP_PASSWORD, signupData, TEST_PASSWORD, uniqueName } from "../support/factories";
import { call, company, meeting, refusal, type Route } from "../support/one-on-one";
import { legacyConversation, legacyNote } from "../support/vault";

// The personal vault, played as its owner and as its attackers on real PostgreSQL: a sign-in
// opens it into the session; nothing private is written before the recovery key is saved; a
// password change keeps everything readable; a password reset (by the person, or by whoever got
// into their mailbox) seals it, so nothing of it is listed or readable through any function or
// route until the recovery key brings it back; and an operator holding the whole database (as
// superuser), the server's master keys and AUTH_SECRET decrypts none of it once its author has
// signed out.

vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
beforeEach(() => vi.mocked(currentSession).mockReset());

const MASTER = randomBytes(32).toString("base64");
const saved = process.env.COACH_MASTER_KEYS;
beforeAll(() => {
  process.env.COACH_MASTER_KEYS = `m1:${MASTER}`;
  resetMasterKeyRingForTests();
});
afterAll(() => {
  if (saved === undefined) delete process.env.COACH_MASTER_KEYS;
  else process.env.COACH_MASTER_KEYS = saved;
  resetMasterKeyRingForTests();
});

const NEW_PASSWORD = "Another-horse-42";
const SECRET_TITLE = "Jordan Quillfeather and the missed deadlines";
const SECRET_MESSAGE = "Jordan Quillfeather has missed three deadlines; I think of letting him go";
const SECRET_NOTE = "Private: Quillfeather asked about a raise, I said maybe in spring";

type Person = { orgId: string; subdomain: string; userId: string; email: string; role: Role };
type Signed = AuthContext & { vaultSecret: string };

async function signIn(p: Person, password = TEST_PASSWORD): Promise<Signed> {
  const r = await signInWithPassword({ orgId: p.orgId, email: p.email, password, address: null, userAgent: null });
  if (!r.ok) throw new Error(`sign-in failed: ${r.reason}`);
  return { orgId: p.orgId, userId: r.userId, role: p.role, sessionId: r.sessionId, vaultSecret: r.vaultSecret };
}

/** The recovery key shown to the person, confirmed with the group they are asked for. */
async function setUpVault(ctx: AuthContext): Promise<string> {
  const { recoveryKey, confirmGroup } = await createRecoveryKey(ctx);
  const group = recoveryKey.split("-")[confirmGroup - 1]!;
  await confirmRecoveryKey(ctx, { group: confirmGroup, value: group.toLowerCase() });
  return recoveryKey;
}

/** A manager and their report (the pair of a 1:1), both with a password; the manager signed in. */
async function managerWithMeeting() {
  const c = await company({ reporting: "pair" });
  const emails = await withOrg(c.orgId, (tx) =>
    tx.user.findMany({ where: { organizationId: c.orgId }, select: { id: true, email: true } }),
  );
  const emailOf = (id: string) => emails.find((e) => e.id === id)!.email;
  // company() leaves each person with a vault of their own already; the manager here starts
  // without one, as a person who never signed in since vaults exist.
  await withOrg(
    c.orgId,
    (tx) => tx.vault.deleteMany({ where: { organizationId: c.orgId, userId: c.manager.userId } }),
    { userId: c.manager.userId },
  );
  const person = (ctx: AuthContext): Person => ({
    orgId: c.orgId,
    subdomain: c.subdomain,
    userId: ctx.userId,
    email: emailOf(ctx.userId),
    role: ctx.role,
  });
  const m = await meeting(c.manager, c.employee.userId);
  return { c, manager: person(c.manager), admin: person(c.admin), otherManager: person(c.otherManager), meetingId: m };
}

async function resetByMail(p: Person, password: string): Promise<void> {
  const token = await withOrg(p.orgId, (tx) => issueToken(tx, p.orgId, p.userId, "password_reset", 60 * 60 * 1000));
  expect(await resetPassword({ orgId: p.orgId, subdomain: p.subdomain }, token, password)).toBe(true);
}

const as = (
  route: Route,
  who: AuthContext,
  subdomain: string,
  method: string,
  path: string,
  body?: unknown,
  params: Record<string, string> = {},
) => call(route, who, subdomain, method, path, body, params);

describe("vault lifecycle", () => {
  it(
    "a sign-in creates the vault; nothing private is written before the recovery key is confirmed",
    { timeout: 30_000 },
    async () => {
      const { manager, meetingId } = await managerWithMeeting();
      const ctx = await signIn(manager);
      expect(await vaultStatus(ctx)).toEqual({ status: "setup", sealedVaults: 0 });
      expect(await refusal(createConversation(ctx, { title: "First" }))).toMatchObject({
        status: 409,
        code: "vault_setup_required",
      });
      expect(await refusal(savePrivateNote(ctx, meetingId, { body: "x" }))).toMatchObject({
        status: 409,
        code: "vault_setup_required",
      });
      const rows = await withOrg(
        ctx.orgId,
        (tx) => tx.chatConversation.count({ where: { organizationId: ctx.orgId, userId: ctx.userId } }),
        { userId: ctx.userId },
      );
      expect(rows).toBe(0);

      // The recovery key: 8 groups of 4 Crockford characters; a wrong group is refused on "value".
      const first = await createRecoveryKey(ctx);
      expect(first.recoveryKey).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){7}$/);
      expect(first.confirmGroup).toBeGreaterThanOrEqual(1);
      expect(first.confirmGroup).toBeLessThanOrEqual(8);
      // Asking again before confirming replaces it: the first one no longer confirms.
      const { recoveryKey, confirmGroup } = await createRecoveryKey(ctx);
      expect(recoveryKey).not.toBe(first.recoveryKey);
      const right = recoveryKey.split("-")[confirmGroup - 1]!;
      const wrong = right === "0000" ? "1111" : "0000";
      expect(await refusal(confirmRecoveryKey(ctx, { group: confirmGroup, value: wrong }))).toMatchObject({
        status: 400,
        fields: { value: ["That does not match your recovery key"] },
      });
      const otherGroup = (confirmGroup % 8) + 1;
      expect(
        await refusal(confirmRecoveryKey(ctx, { group: otherGroup, value: recoveryKey.split("-")[otherGroup - 1]! })),
      ).toMatchObject({ status: 400 });
      expect(await vaultStatus(ctx)).toMatchObject({ status: "setup" });
      // Case, spaces and dashes do not matter.
      await confirmRecoveryKey(ctx, {
        group: confirmGroup,
        value: ` ${right.slice(0, 2).toLowerCase()}-${right.slice(2)} `,
      });
      expect(await vaultStatus(ctx)).toEqual({ status: "ready", sealedVaults: 0 });
      expect(await refusal(createRecoveryKey(ctx))).toMatchObject({ status: 409, code: "vault_recovery_key_saved" });
      // Nothing of the key is left on the session once confirmed.
      const s = await withOrg(ctx.orgId, (tx) =>
        tx.session.findUnique({
          where: { organizationId_id: { organizationId: ctx.orgId, id: ctx.sessionId } },
          select: { pendingRecovery: true },
        }),
      );
      expect(s?.pendingRecovery).toBeNull();

      const conv = await createConversation(ctx, { title: SECRET_TITLE });
      await addMessage(ctx, conv.id, { type: "user", content: SECRET_MESSAGE });
      await savePrivateNote(ctx, meetingId, { body: SECRET_NOTE });

      // Signed out: that session's cookie opens nothing any more, even with its secret.
      await endSession(ctx);
      expect(await vaultStatus(ctx)).toMatchObject({ status: "locked" });
      expect(await refusal(listConversations(ctx))).toMatchObject({ status: 409, code: "vault_locked" });
      const ended = await withOrg(ctx.orgId, (tx) =>
        tx.session.findUnique({
          where: { organizationId_id: { organizationId: ctx.orgId, id: ctx.sessionId } },
          select: { vaultKey: true },
        }),
      );
      expect(ended?.vaultKey).toBeNull();

      // Signed in again: everything reads.
      const again = await signIn(manager);
      expect(await vaultStatus(again)).toEqual({ status: "ready", sealedVaults: 0 });
      expect((await listConversations(again)).map((x) => x.title)).toEqual([SECRET_TITLE]);
      expect((await listMessages(again, conv.id)).map((x) => x.content)).toEqual([SECRET_MESSAGE]);
      expect(await getPrivateNote(again, meetingId)).toMatchObject({ body: SECRET_NOTE });

      // A password change keeps it all readable under the new password, and the old one opens nothing.
      expect(await changePassword(again, TEST_PASSWORD, NEW_PASSWORD)).toBe("changed");
      expect(
        await signInWithPassword({
          orgId: manager.orgId,
          email: manager.email,
          password: TEST_PASSWORD,
          address: null,
          userAgent: null,
        }),
      ).toMatchObject({ ok: false });
      const afterChange = await signIn(manager, NEW_PASSWORD);
      expect(await vaultStatus(afterChange)).toEqual({ status: "ready", sealedVaults: 0 });
      expect((await listMessages(afterChange, conv.id)).map((x) => x.content)).toEqual([SECRET_MESSAGE]);
      expect(await getPrivateNote(afterChange, meetingId)).toMatchObject({ body: SECRET_NOTE });
      // The session that changed it is kept, with its vault.
      expect((await listConversations(again)).map((x) => x.id)).toEqual([conv.id]);
    },
  );

  it("a session without the vault secret (from before vaults) is locked for reads and writes", async () => {
    const { manager, meetingId } = await managerWithMeeting();
    const ctx = await signIn(manager);
    await setUpVault(ctx);
    const { vaultSecret: _secret, ...withoutSecret } = ctx;
    expect(await vaultStatus(withoutSecret)).toEqual({ status: "locked", sealedVaults: 0 });
    // One at a time: a refusal made before the loop awaits it would be an unhandled rejection.
    for (const call of [
      () => listConversations(withoutSecret),
      () => createConversation(withoutSecret, { title: "x" }),
      () => getPrivateNote(withoutSecret, meetingId),
      () => savePrivateNote(withoutSecret, meetingId, { body: "x" }),
    ]) {
      expect(await refusal(call())).toMatchObject({ status: 409, code: "vault_locked" });
    }
    // The meeting page still shows, with no private note.
    const viaDetail = await withOrg(
      ctx.orgId,
      async (tx) =>
        readPrivateNote(tx, withoutSecret, (await loadMeetingForUser(tx, withoutSecret, meetingId)).meeting),
      { userId: ctx.userId },
    );
    expect(viaDetail).toBeNull();
  });

  it("the routes answer per the contract", { timeout: 30_000 }, async () => {
    const { manager } = await managerWithMeeting();
    const ctx = await signIn(manager);
    const get = await as(vaultGet as Route, ctx, manager.subdomain, "GET", "/api/vault");
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ status: "setup", sealedVaults: 0 });
    const created = await as(recoveryKeyPost as Route, ctx, manager.subdomain, "POST", "/api/vault/recovery-key");
    expect(created.status).toBe(200);
    const { recoveryKey, confirmGroup } = (await created.json()) as { recoveryKey: string; confirmGroup: number };
    const bad = await as(confirmPost as Route, ctx, manager.subdomain, "POST", "/api/vault/recovery-key/confirm", {
      group: confirmGroup,
      value: "ZZZZZ",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields?: Record<string, string[]> }).fields?.value).toEqual([
      "That does not match your recovery key",
    ]);
    const nonsense = await as(confirmPost as Route, ctx, manager.subdomain, "POST", "/api/vault/recovery-key/confirm", {
      group: "one",
      value: 4,
    });
    expect(nonsense.status).toBe(400);
    const ok = await as(confirmPost as Route, ctx, manager.subdomain, "POST", "/api/vault/recovery-key/confirm", {
      group: confirmGroup,
      value: recoveryKey.split("-")[confirmGroup - 1],
    });
    expect(ok.status).toBe(204);
    expect(recoveryGroupMatches(recoveryKey, confirmGroup, recoveryKey.split("-")[confirmGroup - 1]!)).toBe(true);
    const again = await as(recoveryKeyPost as Route, ctx, manager.subdomain, "POST", "/api/vault/recovery-key");
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe("vault_recovery_key_saved");
    const recover = await as(recoverPost as Route, ctx, manager.subdomain, "POST", "/api/vault/recover", {
      recoveryKey,
    });
    expect(recover.status).toBe(400);
    expect(((await recover.json()) as { fields?: Record<string, string[]> }).fields?.recoveryKey).toEqual([
      "This recovery key does not open any of your sealed vaults",
    ]);
  });
});

describe("a new workspace's admin", () => {
  it(
    "has a vault from signup, opened by the hand-over's session and then by their password",
    { timeout: 30_000 },
    async () => {
      const subdomain = uniqueName("vault");
      const r = await completeSignup(signupData(subdomain));
      const id = (await orgIdForSubdomain(subdomain))!;
      const handed = await redeemHandoff({ orgId: id, subdomain }, r.handoffToken, null);
      expect(handed?.vaultSecret).toEqual(expect.any(String));
      const ctx: AuthContext = {
        orgId: id,
        userId: handed!.userId,
        role: "admin",
        sessionId: handed!.sessionId,
        vaultSecret: handed!.vaultSecret!,
      };
      expect(await vaultStatus(ctx)).toEqual({ status: "setup", sealedVaults: 0 });
      await setUpVault(ctx);
      const conv = await createConversation(ctx, { title: SECRET_TITLE });
      // The token's copy of the key is gone once used.
      const vault = await withOrg(
        id,
        (tx) => tx.vault.findFirst({ where: { organizationId: id, userId: ctx.userId }, select: { handoffKey: true } }),
        { userId: ctx.userId },
      );
      expect(vault?.handoffKey).toBeNull();
      // The password opens the same vault.
      const again = await signIn(
        { orgId: id, subdomain, userId: ctx.userId, email: signupData(subdomain).workEmail, role: "admin" },
        SIGNUP_PASSWORD,
      );
      expect((await listConversations(again)).map((x) => x.id)).toEqual([conv.id]);
    },
  );
});

describe("the attack: a password reset", () => {
  for (const who of ["the person", "whoever got into their mailbox"] as const) {
    it(
      `after a reset by ${who}, the old conversations and notes are not listed or readable anywhere${who === "the person" ? "; the recovery key brings them back" : ""}`,
      { timeout: 30_000 },
      async () => {
        const { manager, meetingId } = await managerWithMeeting();
        const before = await signIn(manager);
        const recoveryKey = await setUpVault(before);
        const conv = await createConversation(before, { title: SECRET_TITLE });
        await addMessage(before, conv.id, { type: "user", content: SECRET_MESSAGE });
        await savePrivateNote(before, meetingId, { body: SECRET_NOTE });

        await resetByMail(manager, NEW_PASSWORD);
        // The reset ended every session, and with them the sealed vault keys.
        expect(await vaultStatus(before)).toMatchObject({ status: "locked" });
        const intruder = await signIn(manager, NEW_PASSWORD);
        expect(await vaultStatus(intruder)).toEqual({ status: "setup", sealedVaults: 1 });
        expect(await listConversations(intruder)).toEqual([]);
        expect(await refusal(listMessages(intruder, conv.id))).toMatchObject({ status: 404 });
        expect(await getPrivateNote(intruder, meetingId)).toBeNull();
        const detail = await withOrg(
          intruder.orgId,
          async (tx) => readPrivateNote(tx, intruder, (await loadMeetingForUser(tx, intruder, meetingId)).meeting),
          { userId: intruder.userId },
        );
        expect(detail).toBeNull();
        // Through the routes too.
        const list = await as(
          conversationsGet as Route,
          intruder,
          manager.subdomain,
          "GET",
          `/api/chat/conversations/${intruder.userId}`,
          undefined,
          { key: intruder.userId },
        );
        expect(list.status).toBe(200);
        expect(await list.json()).toEqual([]);
        const msgs = await as(
          messagesGet as Route,
          intruder,
          manager.subdomain,
          "GET",
          `/api/chat/conversations/${conv.id}/messages`,
          undefined,
          { key: conv.id },
        );
        expect(msgs.status).toBe(404);
        const note = await as(
          noteGet as Route,
          intruder,
          manager.subdomain,
          "GET",
          `/api/meetings/one-on-one/${meetingId}/private-note`,
          undefined,
          { meetingId },
        );
        expect(note.status).toBe(200);
        expect(await note.text()).not.toContain("Quillfeather");
        // Setting up the new vault and writing does not reach the old content either.
        await setUpVault(intruder);
        expect(await listConversations(intruder)).toEqual([]);
        await savePrivateNote(intruder, meetingId, { body: "A new note" });
        expect(await getPrivateNote(intruder, meetingId)).toMatchObject({ body: "A new note" });
        // Guessing the recovery key: refused, nothing restored.
        expect(await refusal(recoverVaults(intruder, "0000-0000-0000-0000-0000-0000-0000-0000"))).toMatchObject({
          status: 400,
          fields: { recoveryKey: ["This recovery key does not open any of your sealed vaults"] },
        });
        expect(await vaultStatus(intruder)).toMatchObject({ sealedVaults: 1 });
        if (who === "whoever got into their mailbox") return;

        // The person, with their recovery key (typed in lower case, without dashes): all back.
        const r = await recoverVaults(intruder, recoveryKey.toLowerCase().replace(/-/g, " "));
        expect(r).toEqual({ restoredVaults: 1, conversations: 1, notes: 1 });
        expect(await vaultStatus(intruder)).toEqual({ status: "ready", sealedVaults: 0 });
        expect((await listConversations(intruder)).map((x) => x.title)).toEqual([SECRET_TITLE]);
        expect((await listMessages(intruder, conv.id)).map((x) => x.content)).toEqual([SECRET_MESSAGE]);
        // The note written since and the restored one are joined, the older first.
        expect(await getPrivateNote(intruder, meetingId)).toMatchObject({ body: `${SECRET_NOTE}\n\nA new note` });
        // And after the next sign-in with the new password.
        const later = await signIn(manager, NEW_PASSWORD);
        expect((await listMessages(later, conv.id)).map((x) => x.content)).toEqual([SECRET_MESSAGE]);
      },
    );
  }

  it(
    "a reset before the new vault's recovery key is saved: the old key restores and becomes the vault's recovery key",
    { timeout: 30_000 },
    async () => {
      const { manager } = await managerWithMeeting();
      const before = await signIn(manager);
      const recoveryKey = await setUpVault(before);
      const conv = await createConversation(before, { title: SECRET_TITLE });
      await resetByMail(manager, NEW_PASSWORD);
      const after = await signIn(manager, NEW_PASSWORD);
      expect(await vaultStatus(after)).toEqual({ status: "setup", sealedVaults: 1 });
      const res = await as(recoverPost as Route, after, manager.subdomain, "POST", "/api/vault/recover", {
        recoveryKey,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ restoredVaults: 1, conversations: 1, notes: 0 });
      expect(await vaultStatus(after)).toEqual({ status: "ready", sealedVaults: 0 });
      expect((await listConversations(after)).map((x) => x.id)).toEqual([conv.id]);
      // A second reset: the same recovery key opens the vault again.
      await resetByMail(manager, "Third-horse-77");
      const third = await signIn(manager, "Third-horse-77");
      expect(await recoverVaults(third, recoveryKey)).toMatchObject({ restoredVaults: 1, conversations: 1 });
    },
  );
});

describe("legacy content", () => {
  it(
    "moves into the author's vault at their next sign-in once its recovery key is saved: conversations and notes sealed again under new data keys",
    { timeout: 30_000 },
    async () => {
      const { c, manager, meetingId } = await managerWithMeeting();
      const legacyCtx = { ...c.manager };
      const legacy = await legacyConversation(legacyCtx, SECRET_TITLE, SECRET_MESSAGE);
      await legacyNote(
        legacyCtx,
        { id: meetingId, managerId: c.manager.userId, employeeId: c.employee.userId },
        SECRET_NOTE,
      );
      const readRows = () =>
        withOrg(
          c.orgId,
          async (tx) => ({
            conv: await tx.chatConversation.findFirst({
              where: { organizationId: c.orgId, id: legacy.id },
              select: { vaultId: true, keyId: true, wrappedKey: true },
            }),
            message: await tx.chatMessage.findFirst({
              where: { organizationId: c.orgId, id: legacy.messageId },
              select: { body: true },
            }),
            note: await tx.meetingPrivateNote.findFirst({
              where: { organizationId: c.orgId, meetingId, authorId: c.manager.userId },
              select: { vaultId: true, keyId: true, body: true, wrappedKey: true },
            }),
          }),
          { userId: c.manager.userId },
        );
      const before = await readRows();
      expect(before.conv).toMatchObject({ vaultId: null, keyId: "m1" });
      expect(before.note).toMatchObject({ vaultId: null, keyId: "m1", wrappedKey: null });

      const ctx = await signIn(manager);
      // A new vault whose recovery key is not saved yet: the content stays where a reset cannot lose it.
      expect(await readRows()).toEqual(before);
      expect((await listMessages(ctx, legacy.id)).map((x) => x.content)).toEqual([SECRET_MESSAGE]);
      await setUpVault(ctx);
      const after = await readRows();
      const vault = await withOrg(
        c.orgId,
        (tx) =>
          tx.vault.findFirst({
            where: { organizationId: c.orgId, userId: c.manager.userId, sealedAt: null },
            select: { id: true },
          }),
        { userId: c.manager.userId },
      );
      expect(after.conv).toMatchObject({ vaultId: vault!.id, keyId: "vault" });
      expect(Buffer.from(after.conv!.wrappedKey).equals(Buffer.from(before.conv!.wrappedKey))).toBe(false);
      // The messages are sealed again (under a new data key), and so is the note.
      expect(Buffer.from(after.message!.body).equals(Buffer.from(before.message!.body))).toBe(false);
      expect(after.note).toMatchObject({ vaultId: vault!.id, keyId: "vault" });
      expect(after.note!.wrappedKey).not.toBeNull();
      expect(Buffer.from(after.note!.body).equals(Buffer.from(before.note!.body))).toBe(false);
      // Readable in the session (reads need no recovery key), and no longer by the master key.
      expect((await listMessages(ctx, legacy.id)).map((x) => x.content)).toEqual([SECRET_MESSAGE]);
      expect(await getPrivateNote(ctx, meetingId)).toMatchObject({ body: SECRET_NOTE });
      const scan = await operatorScan(c.orgId, [SECRET_MESSAGE, SECRET_TITLE, SECRET_NOTE]);
      expect(scan.found).toEqual([]);
      // With the recovery key saved, the next sign-in moves whatever is still under the server's key.
      const older = await legacyConversation(legacyCtx, "Found later", "Another old question");
      await endSession(ctx);
      const next = await signIn(manager);
      const moved = await withOrg(
        c.orgId,
        (tx) =>
          tx.chatConversation.findFirst({
            where: { organizationId: c.orgId, id: older.id },
            select: { vaultId: true },
          }),
        { userId: c.manager.userId },
      );
      expect(moved?.vaultId).toBe(vault!.id);
      expect((await listMessages(next, older.id)).map((x) => x.content)).toEqual(["Another old question"]);
    },
  );

  it("until then it reads as before, under the server's key", async () => {
    const { c, manager } = await managerWithMeeting();
    const ctx = await signIn(manager);
    const late = await legacyConversation(ctx, "Written by an older server", "Old words");
    expect((await listMessages(ctx, late.id)).map((x) => x.content)).toEqual(["Old words"]);
    expect((await listConversations(ctx)).map((x) => x.title)).toEqual(["Written by an older server"]);
    // The operator's scan does find content still under the server's key: the scan can see.
    expect((await operatorScan(c.orgId, ["Old words"])).found).toEqual(["Old words"]);
    await setUpVault(ctx);
    expect((await listMessages(ctx, late.id)).map((x) => x.content)).toEqual(["Old words"]);
    expect((await operatorScan(c.orgId, ["Old words"])).found).toEqual([]);
  });

  it(
    "an operator's backup from before the move (the old data key under the master key) opens nothing of it after the move",
    { timeout: 30_000 },
    async () => {
      const { c, manager } = await managerWithMeeting();
      const legacy = await legacyConversation({ ...c.manager }, SECRET_TITLE, SECRET_MESSAGE);
      const rowOf = () =>
        withOrg(
          c.orgId,
          (tx) =>
            tx.chatConversation.findFirstOrThrow({
              where: { organizationId: c.orgId, id: legacy.id },
              select: { title: true, wrappedKey: true, keyId: true },
            }),
          {
            userId: c.manager.userId,
          },
        );
      // The backup: the row's wrapped data key, and the master keys.
      const backup = await rowOf();
      const oldKey = unwrapDataKey(masterKeyRing(), backup.wrappedKey, backup.keyId, c.orgId, legacy.id);
      expect(openTitle(oldKey, c.orgId, legacy.id, backup.title)).toBe(SECRET_TITLE);

      const ctx = await signIn(manager);
      await setUpVault(ctx);
      const LATER = "Quillfeather, after the move: I will speak to HR on Monday";
      await addMessage(ctx, legacy.id, { type: "user", content: LATER });
      expect((await listMessages(ctx, legacy.id)).map((x) => x.content)).toEqual([SECRET_MESSAGE, LATER]);

      const now = await rowOf();
      const messages = await withOrg(
        c.orgId,
        (tx) =>
          tx.chatMessage.findMany({
            where: { organizationId: c.orgId, conversationId: legacy.id },
            select: { id: true, body: true },
          }),
        {
          userId: c.manager.userId,
        },
      );
      expect(messages).toHaveLength(2);
      expect(() => openTitle(oldKey, c.orgId, legacy.id, now.title)).toThrow();
      for (const m of messages) expect(() => openMessage(oldKey, c.orgId, legacy.id, m.id, m.body)).toThrow();
      // Not even as a raw keystream (tag ignored).
      for (const blob of [now.title, ...messages.map((m) => m.body)]) {
        const out = ctrOpen(oldKey, Buffer.from(blob))!;
        for (const needle of ["Quillfeather", "Jordan"]) expect(out.includes(Buffer.from(needle))).toBe(false);
      }
      // The old wrapped key is not what the row holds any more either.
      expect(Buffer.from(now.wrappedKey).equals(Buffer.from(backup.wrappedKey))).toBe(false);
    },
  );

  for (const who of ["the person", "whoever got into their mailbox"] as const) {
    it(
      `a reset by ${who} before any recovery key was saved: the new session lists and reads none of it`,
      { timeout: 30_000 },
      async () => {
        const { c, manager, meetingId } = await managerWithMeeting();
        const legacy = await legacyConversation({ ...c.manager }, SECRET_TITLE, SECRET_MESSAGE);
        await legacyNote(
          { ...c.manager },
          { id: meetingId, managerId: c.manager.userId, employeeId: c.employee.userId },
          SECRET_NOTE,
        );
        // The person signed in once (a vault whose key was never saved), or never did.
        if (who === "the person") {
          const once = await signIn(manager);
          expect((await listConversations(once)).map((x) => x.title)).toEqual([SECRET_TITLE]);
        }
        await resetByMail(manager, NEW_PASSWORD);
        const intruder = await signIn(manager, NEW_PASSWORD);
        // No recovery key can bring it back, so none is asked for.
        expect(await vaultStatus(intruder)).toEqual({ status: "setup", sealedVaults: 0 });
        expect(await listConversations(intruder)).toEqual([]);
        expect(await refusal(listMessages(intruder, legacy.id))).toMatchObject({ status: 404 });
        expect(await getPrivateNote(intruder, meetingId)).toBeNull();
        const detail = await withOrg(
          intruder.orgId,
          async (tx) => readPrivateNote(tx, intruder, (await loadMeetingForUser(tx, intruder, meetingId)).meeting),
          { userId: intruder.userId },
        );
        expect(detail).toBeNull();
        const list = await as(
          conversationsGet as Route,
          intruder,
          manager.subdomain,
          "GET",
          `/api/chat/conversations/${intruder.userId}`,
          undefined,
          { key: intruder.userId },
        );
        expect(await list.json()).toEqual([]);
        // Saving a new key, signing in again, writing a note on that meeting: still nothing of it.
        const key = await setUpVault(intruder);
        await savePrivateNote(intruder, meetingId, { body: "A new note" });
        const later = await signIn(manager, NEW_PASSWORD);
        expect(await listConversations(later)).toEqual([]);
        expect(await getPrivateNote(later, meetingId)).toMatchObject({ body: "A new note" });
        // A key made after the reset opens nothing of it, even once its own vault is sealed.
        await resetByMail(manager, "Third-horse-77");
        const third = await signIn(manager, "Third-horse-77");
        expect(await recoverVaults(third, key)).toEqual({ restoredVaults: 1, conversations: 0, notes: 1 });
        expect(await listConversations(third)).toEqual([]);
        expect(await getPrivateNote(third, meetingId)).toMatchObject({ body: "A new note" });
        // It stays sealed under the master key, as it was: nothing is lost that could be moved later.
        const rows = await withOrg(
          c.orgId,
          (tx) =>
            tx.chatConversation.findFirst({
              where: { organizationId: c.orgId, id: legacy.id },
              select: { vaultId: true, keyId: true },
            }),
          { userId: c.manager.userId },
        );
        expect(rows).toMatchObject({ keyId: "m1" });
        expect(rows!.vaultId).not.toBeNull();
      },
    );
  }

  it(
    "sealed away by a reset, it comes back only with the recovery key of a vault made before that reset",
    { timeout: 30_000 },
    async () => {
      const { c, manager } = await managerWithMeeting();
      const before = await signIn(manager);
      const recoveryKey = await setUpVault(before);
      // Written by an older server after the vault's key was saved: still under the master key.
      const late = await legacyConversation({ ...c.manager }, "Written by an older server", "Old words");
      await resetByMail(manager, NEW_PASSWORD);
      const after = await signIn(manager, NEW_PASSWORD);
      expect(await vaultStatus(after)).toEqual({ status: "setup", sealedVaults: 1 });
      expect(await listConversations(after)).toEqual([]);
      expect(await recoverVaults(after, recoveryKey)).toEqual({ restoredVaults: 1, conversations: 1, notes: 0 });
      expect((await listMessages(after, late.id)).map((x) => x.content)).toEqual(["Old words"]);
      const rows = await withOrg(
        c.orgId,
        (tx) =>
          tx.vault.count({ where: { organizationId: c.orgId, userId: c.manager.userId, sealedAt: { not: null } } }),
        { userId: c.manager.userId },
      );
      expect(rows).toBe(0);
      expect((await operatorScan(c.orgId, ["Old words"])).found).toEqual([]);
    },
  );
});

// ---- The operator: the whole database as superuser, the server's keys, AUTH_SECRET ----

/** Every candidate key an operator holds: the master keys, and keys derived from AUTH_SECRET (as
 * is, hashed, and next-auth's JWT encryption key). */
function operatorKeys(): Buffer[] {
  const secret = env().AUTH_SECRET;
  const keys = [...masterKeyRing().byId.values()];
  keys.push(createHash("sha256").update(secret).digest());
  keys.push(Buffer.from(hkdfSync("sha256", secret, "", "NextAuth.js Generated Encryption Key", 32)));
  const raw = Buffer.from(secret, "utf8");
  if (raw.length >= 32) keys.push(raw.subarray(0, 32));
  return keys;
}

/** AES-256-GCM's keystream applied without checking the tag (what an attacker with the key gets
 * whatever the associated data): iv | tag | ciphertext, counter from 2. */
function ctrOpen(key: Buffer, sealed: Buffer): Buffer | null {
  if (sealed.length < 28) return null;
  const counter = Buffer.concat([sealed.subarray(0, 12), Buffer.from([0, 0, 0, 2])]);
  const d = createDecipheriv("aes-256-ctr", key, counter);
  return Buffer.concat([d.update(sealed.subarray(28)), d.final()]);
}

/**
 * Dumps every text, bytea and jsonb column of every table (rows of `orgId` where the table has an
 * organisation) as superuser, and looks for `needles`: in the plain dump, and in every bytea
 * opened with every operator key, then with every 32-byte value that yielded (a data key or vault
 * key the operator would have unwrapped), then once more (a data key under a vault key).
 */
async function operatorScan(
  orgId: string,
  needles: string[],
  extraKeys: Buffer[] = [],
): Promise<{ found: string[]; superuser: boolean; tables: number; values: number }> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const su = await client.query<{ ok: boolean }>(`SELECT rolsuper AS ok FROM pg_roles WHERE rolname = current_user`);
    const cols = await client.query<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'bytea', 'jsonb', 'json', 'ARRAY', 'USER-DEFINED')`,
    );
    const orgTables = new Set(
      (
        await client.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'organizationId'`,
        )
      ).rows.map((r) => r.table_name),
    );
    const byTable = new Map<string, string[]>();
    for (const c of cols.rows) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
    const texts: string[] = [];
    const blobs: Buffer[] = [];
    for (const [table, columns] of byTable) {
      const where = orgTables.has(table) ? `WHERE "organizationId" = $1` : "";
      const res = await client.query(
        `SELECT ${columns.map((c) => `"${c}"`).join(", ")} FROM "${table}" ${where}`,
        orgTables.has(table) ? [orgId] : [],
      );
      for (const row of res.rows as Record<string, unknown>[]) {
        for (const v of Object.values(row)) {
          if (v === null || v === undefined) continue;
          if (Buffer.isBuffer(v)) blobs.push(v);
          else texts.push(typeof v === "string" ? v : JSON.stringify(v));
        }
      }
    }
    const haystack: Buffer[] = [Buffer.from(texts.join("\n"), "utf8"), ...blobs];
    let keys = [...operatorKeys(), ...extraKeys];
    const tried = new Set<string>();
    for (let depth = 0; depth < 3 && keys.length; depth++) {
      const next: Buffer[] = [];
      for (const key of keys) {
        const id = key.toString("hex");
        if (tried.has(id)) continue;
        tried.add(id);
        for (const b of blobs) {
          const out = ctrOpen(key, b);
          if (!out) continue;
          haystack.push(out);
          if (out.length === 32) next.push(out);
          // A key inside JSON (a session's sealed vault key holds it in base64).
          for (const m of out.toString("latin1").matchAll(/"([A-Za-z0-9+/]{43}=)"/g))
            next.push(Buffer.from(m[1]!, "base64"));
        }
      }
      keys = next;
    }
    const found = needles.filter((n) => haystack.some((h) => h.includes(Buffer.from(n, "utf8"))));
    return { found, superuser: su.rows[0]?.ok === true, tables: byTable.size, values: texts.length + blobs.length };
  } finally {
    await client.end();
  }
}

describe("the operator's scan", () => {
  it(
    "finds no plaintext of a signed-out person's conversations and notes, and decrypts none, with every server key and AUTH_SECRET",
    { timeout: 60_000 },
    async () => {
      const { c, manager, meetingId } = await managerWithMeeting();
      const ctx = await signIn(manager);
      await setUpVault(ctx);
      const conv = await createConversation(ctx, { title: SECRET_TITLE });
      await addMessage(ctx, conv.id, { type: "user", content: SECRET_MESSAGE });
      await addMessage(ctx, conv.id, { type: "ai", content: "Talk with Quillfeather about priorities first" });
      await savePrivateNote(ctx, meetingId, { body: SECRET_NOTE });
      const needles = [SECRET_TITLE, SECRET_MESSAGE, SECRET_NOTE, "Quillfeather"];

      // While signed in, the session's half is in the database and the other half in the cookie:
      // without the cookie the scan opens nothing; with the cookie's secret it opens everything (so
      // the scan can see, and what remains is a live session's cookie).
      expect((await operatorScan(c.orgId, needles)).found).toEqual([]);
      expect((await operatorScan(c.orgId, needles, [Buffer.from(ctx.vaultSecret, "base64url")])).found).toEqual(
        needles,
      );

      await endSession(ctx);
      const scan = await operatorScan(c.orgId, needles);
      expect(scan.superuser).toBe(true);
      expect(scan.tables).toBeGreaterThan(20);
      expect(scan.values).toBeGreaterThan(20);
      expect(scan.found).toEqual([]);
      // Not even with the signed-out session's cookie: its sealed key went with the sign-out.
      expect((await operatorScan(c.orgId, needles, [Buffer.from(ctx.vaultSecret, "base64url")])).found).toEqual([]);
      // Its author, signing in again, reads it all.
      const back = await signIn(manager);
      expect((await listMessages(back, conv.id)).map((m) => m.content)).toContain(SECRET_MESSAGE);
    },
  );
});

describe("other people and other organisations", () => {
  it("another person's session, secret or organisation opens nothing of the vault", { timeout: 30_000 }, async () => {
    const { c, manager, admin, otherManager, meetingId } = await managerWithMeeting();
    const victim = await signIn(manager);
    const recoveryKey = await setUpVault(victim);
    const conv = await createConversation(victim, { title: SECRET_TITLE });
    await savePrivateNote(victim, meetingId, { body: SECRET_NOTE });
    const adminCtx = await signIn(admin);
    // The admin: their own (empty) vault; the victim's id is "not found".
    expect(await listConversations(adminCtx)).toEqual([]);
    expect(await refusal(listMessages(adminCtx, conv.id))).toMatchObject({ status: 404 });
    expect(await refusal(getPrivateNote(adminCtx, meetingId))).toMatchObject({ status: 404 });
    // The victim's session id and cookie secret under another user id or another organisation.
    const other = await createUser(c.orgId, { role: "manager" });
    for (const forged of [
      { ...victim, userId: other.id },
      { ...victim, userId: admin.userId, role: "admin" as const },
      { ...victim, orgId: (await company({ reporting: "none" })).orgId },
      { ...adminCtx, sessionId: victim.sessionId },
      { ...victim, vaultSecret: adminCtx.vaultSecret },
    ]) {
      expect(await vaultStatus(forged)).toMatchObject({ status: "locked" });
      const r = await refusal(listConversations(forged));
      expect([404, 409]).toContain(r.status);
    }
    // The victim's recovery key opens no one else's sealed vaults, nor theirs for someone else.
    await resetByMail(otherManager, NEW_PASSWORD);
    const om = await signIn(otherManager, NEW_PASSWORD);
    expect(await refusal(recoverVaults(om, recoveryKey))).toMatchObject({ status: 400 });
    // The victim's content is intact.
    expect((await listConversations(victim)).map((x) => x.id)).toEqual([conv.id]);
  });
});
