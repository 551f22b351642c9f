import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { resetMasterKeyRingForTests, parseMasterKeys } from "@/lib/coach/crypto";
import {
  addMessage,
  conversationTitle,
  createConversation,
  deleteConversation,
  ensureConversation,
  listConversations,
  listMessages,
  renameConversation,
} from "@/lib/coach/conversations";
import { enforceCoachMessageLimit } from "@/lib/coach/limits";
import { rewrapAll } from "../../scripts/coach-rewrap";
import { createOrg, createUser } from "../support/factories";
import { legacyConversation, withVault } from "../support/vault";
import { ownerClient } from "../support/owner-client";

// Boss Bot's privacy, proven on real PostgreSQL: only the author reaches a conversation (admins
// and colleagues get "not found" from every function), row-level security hides the rows from any
// other unit of work even for raw SQL, the stored bytes hold no plaintext, ciphertext moved to
// another row does not open, deleting destroys the key, and re-wrapping moves the keys to a new
// master key without touching the messages.

const owner = ownerClient();
const K1 = randomBytes(32).toString("base64");
const K2 = randomBytes(32).toString("base64");
const saved = { keys: process.env.COACH_MASTER_KEYS };

beforeAll(() => {
  process.env.COACH_MASTER_KEYS = `k1:${K1}`;
  resetMasterKeyRingForTests();
});
afterAll(() => {
  if (saved.keys === undefined) delete process.env.COACH_MASTER_KEYS;
  else process.env.COACH_MASTER_KEYS = saved.keys;
  resetMasterKeyRingForTests();
});

// Each person signed in with their personal vault open (tests/support/vault.ts).
const ctxOf = (orgId: string, userId: string, role: Role): Promise<AuthContext> => withVault(orgId, userId, role);

async function company() {
  const { orgId } = await createOrg();
  const manager = await createUser(orgId, { role: "manager" });
  const other = await createUser(orgId, { role: "manager" });
  const admin = await createUser(orgId, { role: "admin" });
  const employee = await createUser(orgId, { role: "employee" });
  return {
    orgId,
    manager: await ctxOf(orgId, manager.id, "manager"),
    other: await ctxOf(orgId, other.id, "manager"),
    admin: await ctxOf(orgId, admin.id, "admin"),
    employee: await ctxOf(orgId, employee.id, "employee"),
  };
}

const SECRET_MESSAGE = "My report Jordan Quillfeather has missed three deadlines and seems disengaged";
const SECRET_REPLY = "Situation: Jordan Quillfeather may be overloaded. Approach: ask first.";
const SECRET_TITLE = "Quillfeather deadlines";

describe("conversation functions", () => {
  it("the author creates, lists, writes, reads, renames and deletes", async () => {
    const c = await company();
    const conv = await createConversation(c.manager, { title: SECRET_TITLE });
    expect(conv.title).toBe(SECRET_TITLE);
    const user = await addMessage(c.manager, conv.id, { type: "user", content: SECRET_MESSAGE });
    const ai = await addMessage(c.manager, conv.id, {
      type: "ai",
      content: SECRET_REPLY,
      sources: [{ id: "sbi-feedback", title: "SBI", category: "communication", source: "builtin" }],
    });
    expect(user).toMatchObject({ conversationId: conv.id, type: "user", content: SECRET_MESSAGE, sources: [] });
    const messages = await listMessages(c.manager, conv.id);
    expect(messages.map((m) => [m.id, m.type, m.content])).toEqual([
      [user.id, "user", SECRET_MESSAGE],
      [ai.id, "ai", SECRET_REPLY],
    ]);
    expect(messages[1]!.sources).toEqual([
      { id: "sbi-feedback", title: "SBI", category: "communication", source: "builtin" },
    ]);
    const listed = await listConversations(c.manager);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: conv.id, title: SECRET_TITLE });
    expect(new Date(listed[0]!.lastMessageAt).getTime()).toBeGreaterThanOrEqual(new Date(conv.lastMessageAt).getTime());
    expect((await renameConversation(c.manager, conv.id, "  Renamed  ")).title).toBe("Renamed");
    expect((await listConversations(c.manager))[0]!.title).toBe("Renamed");
    await deleteConversation(c.manager, conv.id);
    expect(await listConversations(c.manager)).toEqual([]);
    await expect(listMessages(c.manager, conv.id)).rejects.toMatchObject({ kind: "not_found" });
  });

  it("lists the most recently active conversation first", async () => {
    const c = await company();
    const a = await createConversation(c.manager, { title: "First" });
    const b = await createConversation(c.manager, { title: "Second" });
    await addMessage(c.manager, a.id, { type: "user", content: "Bump the first" });
    expect((await listConversations(c.manager)).map((x) => x.id)).toEqual([a.id, b.id]);
  });

  it("nobody but the author, the same organisation's admin and another manager included, reaches a conversation", async () => {
    const c = await company();
    const foreign = await company();
    const conv = await createConversation(c.manager, { title: SECRET_TITLE });
    await addMessage(c.manager, conv.id, { type: "user", content: SECRET_MESSAGE });
    for (const intruder of [c.admin, c.other, foreign.admin, foreign.manager]) {
      expect(await listConversations(intruder)).toEqual([]);
      await expect(listMessages(intruder, conv.id)).rejects.toMatchObject({
        kind: "not_found",
        message: "Conversation not found",
      });
      await expect(renameConversation(intruder, conv.id, "Hijacked")).rejects.toMatchObject({ kind: "not_found" });
      await expect(deleteConversation(intruder, conv.id)).rejects.toMatchObject({ kind: "not_found" });
      await expect(addMessage(intruder, conv.id, { type: "user", content: "planted" })).rejects.toMatchObject({
        kind: "not_found",
      });
      await expect(ensureConversation(intruder, conv.id, "planted")).rejects.toMatchObject({ kind: "not_found" });
    }
    // An employee has no Boss Bot at all.
    await expect(listConversations(c.employee)).rejects.toMatchObject({ kind: "forbidden" });
    // Untouched: the author still reads exactly what they wrote.
    expect((await listConversations(c.manager)).map((x) => x.title)).toEqual([SECRET_TITLE]);
    expect((await listMessages(c.manager, conv.id)).map((m) => m.content)).toEqual([SECRET_MESSAGE]);
  });

  it("ensureConversation creates one titled by the rule, or returns the author's own", async () => {
    const c = await company();
    const long = "How do I handle a team member who keeps interrupting others in meetings?";
    const made = await ensureConversation(c.manager, undefined, long);
    expect(made.created).toBe(true);
    expect(made.conversation.title).toBe(`${long.slice(0, 47)}...`);
    expect(made.conversation.title).toHaveLength(50);
    const again = await ensureConversation(c.manager, made.conversation.id, "ignored");
    expect(again).toEqual({ conversation: made.conversation, created: false });
    await expect(ensureConversation(c.manager, "not-a-uuid", "x")).rejects.toMatchObject({ kind: "not_found" });
  });

  it("refuses bad input with invalid_input and stores nothing", async () => {
    const c = await company();
    const conv = await createConversation(c.manager, { title: "Keep" });
    await expect(renameConversation(c.manager, conv.id, "   ")).rejects.toMatchObject({
      code: "invalid_input",
      fields: { title: ["Title is required"] },
    });
    await expect(renameConversation(c.manager, conv.id, "x".repeat(51))).rejects.toMatchObject({
      code: "invalid_input",
    });
    await expect(addMessage(c.manager, conv.id, { type: "user", content: " \n " })).rejects.toMatchObject({
      code: "invalid_input",
    });
    await expect(addMessage(c.manager, conv.id, { type: "user", content: "x".repeat(4001) })).rejects.toMatchObject({
      code: "invalid_input",
    });
    await expect(createConversation(c.manager, { title: "  " })).rejects.toMatchObject({ code: "invalid_input" });
    expect(await listMessages(c.manager, conv.id)).toEqual([]);
    expect((await listConversations(c.manager)).map((x) => x.title)).toEqual(["Keep"]);
  });
});

describe("conversationTitle", () => {
  it("keeps 50 characters, else 47 plus an ellipsis, on one line, never splitting a character", () => {
    expect(conversationTitle("  Short question  ")).toBe("Short question");
    expect(conversationTitle("a".repeat(50))).toBe("a".repeat(50));
    expect(conversationTitle("a".repeat(51))).toBe(`${"a".repeat(47)}...`);
    expect(conversationTitle("line one\n\nline two")).toBe("line one line two");
    const emoji = "🙂".repeat(60);
    expect(conversationTitle(emoji)).toBe(`${"🙂".repeat(47)}...`);
  });
});

describe("row-level security and storage", () => {
  it("a unit of work without the author's id reads no conversation or message, even by raw SQL", async () => {
    const c = await company();
    const conv = await createConversation(c.manager, { title: SECRET_TITLE });
    await addMessage(c.manager, conv.id, { type: "user", content: SECRET_MESSAGE });
    const count = (userId?: string) =>
      withOrg(
        c.orgId,
        async (tx) => {
          const [conversations] = await tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "ChatConversation"`;
          const [messages] = await tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "ChatMessage"`;
          return [Number(conversations!.n), Number(messages!.n)];
        },
        userId ? { userId } : {},
      );
    expect(await count(c.manager.userId)).toEqual([1, 1]);
    expect(await count()).toEqual([0, 0]);
    expect(await count(c.admin.userId)).toEqual([0, 0]);
    expect(await count(c.other.userId)).toEqual([0, 0]);
    // Nor can another person write into it.
    await expect(
      withOrg(
        c.orgId,
        (tx) => tx.$executeRaw`UPDATE "ChatConversation" SET "keyId" = 'x' WHERE "id" = ${conv.id}::uuid`,
        { userId: c.admin.userId },
      ),
    ).resolves.toBe(0);
  });

  it("the tables read directly by the owner hold no plaintext of a title or a message", async () => {
    const c = await company();
    const conv = await createConversation(c.manager, { title: SECRET_TITLE });
    await addMessage(c.manager, conv.id, { type: "user", content: SECRET_MESSAGE });
    await addMessage(c.manager, conv.id, { type: "ai", content: SECRET_REPLY });
    const convs = await owner().query<{ title: Buffer; wrappedKey: Buffer; keyId: string }>(
      `SELECT "title", "wrappedKey", "keyId" FROM "ChatConversation" WHERE "id" = $1`,
      [conv.id],
    );
    const msgs = await owner().query<{ body: Buffer }>(`SELECT "body" FROM "ChatMessage" WHERE "conversationId" = $1`, [
      conv.id,
    ]);
    expect(convs.rows).toHaveLength(1);
    expect(msgs.rows).toHaveLength(2);
    // Under the author's vault, not a master key.
    expect(convs.rows[0]!.keyId).toBe("vault");
    expect(convs.rows[0]!.wrappedKey).toHaveLength(12 + 16 + 32);
    const stored = Buffer.concat([convs.rows[0]!.title, convs.rows[0]!.wrappedKey, ...msgs.rows.map((r) => r.body)]);
    for (const needle of ["Quillfeather", "deadlines", "disengaged", "Situation", SECRET_TITLE]) {
      expect(stored.includes(Buffer.from(needle, "utf8")), needle).toBe(false);
      expect(stored.includes(Buffer.from(needle, "utf16le")), needle).toBe(false);
    }
    // The whole database's text, as pg_dump would show it, holds it nowhere either.
    const dump = await owner().query<{ hit: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM "ChatConversation" c WHERE encode(c."title", 'escape') ILIKE '%quillfeather%') OR
              EXISTS (SELECT 1 FROM "ChatMessage" m WHERE encode(m."body", 'escape') ILIKE '%quillfeather%') AS hit`,
    );
    expect(dump.rows[0]!.hit).toBe(false);
    expect(stored.includes(Buffer.from(K1, "base64"))).toBe(false);
  });

  it("a ciphertext copied to another row does not open", async () => {
    const c = await company();
    const a = await createConversation(c.manager, { title: "Conversation A" });
    const b = await createConversation(c.manager, { title: "Conversation B" });
    const m1 = await addMessage(c.manager, a.id, { type: "user", content: "first" });
    const m2 = await addMessage(c.manager, a.id, { type: "user", content: "second" });
    // Message body moved to another message of the same conversation.
    await owner().query(
      `UPDATE "ChatMessage" SET "body" = (SELECT "body" FROM "ChatMessage" WHERE "id" = $1) WHERE "id" = $2`,
      [m1.id, m2.id],
    );
    await expect(listMessages(c.manager, a.id)).rejects.toThrow();
    // Title and wrapped key moved to another conversation.
    await owner().query(
      `UPDATE "ChatConversation" SET "title" = (SELECT "title" FROM "ChatConversation" WHERE "id" = $1) WHERE "id" = $2`,
      [a.id, b.id],
    );
    await expect(listConversations(c.manager)).rejects.toThrow();
    const other = await company();
    const foreignConv = await createConversation(other.manager, { title: "Elsewhere" });
    await owner().query(
      `UPDATE "ChatConversation" SET "wrappedKey" = (SELECT "wrappedKey" FROM "ChatConversation" WHERE "id" = $1) WHERE "id" = $2`,
      [a.id, foreignConv.id],
    );
    await expect(listConversations(other.manager)).rejects.toThrow();
    // The tampered rows go, so the rewrap test below sees only sound ones.
    await owner().query(`DELETE FROM "ChatConversation" WHERE "id" = ANY($1::uuid[])`, [[a.id, b.id, foreignConv.id]]);
  });

  it("deleting a conversation deletes its messages and its wrapped key", async () => {
    const c = await company();
    const conv = await createConversation(c.manager, { title: SECRET_TITLE });
    await addMessage(c.manager, conv.id, { type: "user", content: SECRET_MESSAGE });
    await addMessage(c.manager, conv.id, { type: "ai", content: SECRET_REPLY });
    const keep = await createConversation(c.manager, { title: "Keep me" });
    await deleteConversation(c.manager, conv.id);
    const left = await owner().query<{ n: string }>(
      `SELECT (SELECT count(*) FROM "ChatConversation" WHERE "id" = $1) + (SELECT count(*) FROM "ChatMessage" WHERE "conversationId" = $1) AS n`,
      [conv.id],
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
    expect((await listConversations(c.manager)).map((x) => x.id)).toEqual([keep.id]);
  });
});

describe("rate limit", () => {
  it("allows 30 messages per person per 10 minutes, then 429 with Retry-After; another person is unaffected", async () => {
    const c = await company();
    const now = new Date(Date.now() + 3_600_000);
    for (let i = 0; i < 30; i++) await enforceCoachMessageLimit(c.manager, now);
    await expect(enforceCoachMessageLimit(c.manager, now)).rejects.toMatchObject({
      kind: "rate_limited",
      code: "rate_limited",
      retryAfterSeconds: expect.any(Number) as number,
    });
    await expect(enforceCoachMessageLimit(c.other, now)).resolves.toBeUndefined();
    await expect(enforceCoachMessageLimit(c.manager, new Date(now.getTime() + 601_000))).resolves.toBeUndefined();
  });
});

describe("coach:rewrap", () => {
  it("re-wraps every data key under the new master key; messages stay readable without the old key", async () => {
    const c = await company();
    const d = await company();
    // Conversations from before vaults (under the master key); one in a vault, which no master key
    // opens and the rewrap leaves alone.
    const convs = [];
    for (const who of [c.manager, c.other, d.admin]) {
      const conv = await legacyConversation(who, `Title of ${who.userId.slice(0, 8)}`, `Question of ${who.userId}`);
      convs.push({ who, conv });
    }
    const inVault = await createConversation(c.manager, { title: "In the vault" });
    await owner().query(`DELETE FROM "ChatConversation" WHERE "vaultId" IS NOT NULL AND "id" <> $1`, [inVault.id]);
    const bodiesBefore = await owner().query<{ id: string; body: Buffer }>(
      `SELECT "id", "body" FROM "ChatMessage" ORDER BY "id"`,
    );
    const ring = parseMasterKeys({ COACH_MASTER_KEYS: `k2:${K2},k1:${K1}` })!;
    const lines: string[] = [];
    const r = await rewrapAll(owner(), ring, { batchSize: 2, log: (l) => lines.push(l) });
    const total = Number(
      (await owner().query<{ n: string }>(`SELECT count(*) AS n FROM "ChatConversation" WHERE "vaultId" IS NULL`))
        .rows[0]!.n,
    );
    expect(r.rewrapped).toBe(total);
    expect(r.failed).toBe(0);
    expect(r.batches).toBe(Math.ceil(total / 2));
    expect(lines.length).toBe(r.batches);
    const keyIds = await owner().query<{ keyId: string }>(`SELECT DISTINCT "keyId" FROM "ChatConversation" ORDER BY 1`);
    expect(keyIds.rows.map((x) => x.keyId)).toEqual(["k2", "vault"]);
    // Messages were not re-encrypted.
    const bodiesAfter = await owner().query<{ id: string; body: Buffer }>(
      `SELECT "id", "body" FROM "ChatMessage" ORDER BY "id"`,
    );
    expect(bodiesAfter.rows).toEqual(bodiesBefore.rows);
    // A second run has nothing to do.
    expect(await rewrapAll(owner(), ring)).toMatchObject({ rewrapped: 0, failed: 0, alreadyCurrent: total });

    // The old key is gone from the configuration: everything still reads.
    process.env.COACH_MASTER_KEYS = `k2:${K2}`;
    resetMasterKeyRingForTests();
    for (const { who, conv } of convs) {
      expect((await listConversations(who)).find((x) => x.id === conv.id)?.title).toBe(
        `Title of ${who.userId.slice(0, 8)}`,
      );
      expect((await listMessages(who, conv.id)).map((m) => m.content)).toEqual([`Question of ${who.userId}`]);
    }
    expect((await listConversations(c.manager)).find((x) => x.id === inVault.id)?.title).toBe("In the vault");
    // Without any key that wrapped it, nothing opens.
    process.env.COACH_MASTER_KEYS = `k1:${K1}`;
    resetMasterKeyRingForTests();
    await expect(listMessages(c.manager, convs[0]!.conv.id)).rejects.toThrow();
  });
});
