import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { createSession, loadSession, revokeSession, revokeUserSessions } from "@/lib/auth/sessions";
import { changePassword } from "@/lib/auth/change-password";
import { signInWithPassword } from "@/lib/auth/sign-in";
import type { AuthContext } from "@/lib/auth/context";
import { createOrg, createUser, TEST_PASSWORD } from "../support/factories";

const open = (orgId: string, userId: string, userAgent: string | null = "vitest") =>
  withOrg(orgId, (tx) => createSession(tx, orgId, userId, userAgent));

const sessionRow = (orgId: string, id: string) =>
  withOrg(orgId, (tx) => tx.session.findUniqueOrThrow({ where: { organizationId_id: { organizationId: orgId, id } } }));

const setSession = (orgId: string, id: string, data: { expiresAt?: Date; revokedAt?: Date; lastSeenAt?: Date }) =>
  withOrg(orgId, (tx) => tx.session.update({ where: { organizationId_id: { organizationId: orgId, id } }, data }));

const signIn = (orgId: string, email: string, password: string) =>
  signInWithPassword({ orgId, email, password, address: null, userAgent: null });

describe("sessions", () => {
  it("loads a new session with the user's DTO and context", async () => {
    const { orgId } = await createOrg();
    const user = await createUser(orgId, { role: "manager", firstName: "Mira" });
    const sessionId = await open(orgId, user.id, "x".repeat(400));
    expect((await sessionRow(orgId, sessionId)).userAgent).toHaveLength(300);

    const loaded = await loadSession(orgId, sessionId);
    expect(loaded).toEqual({
      ctx: { orgId, userId: user.id, role: "manager", sessionId },
      user: {
        id: user.id,
        organizationId: orgId,
        firstName: "Mira",
        lastName: "User",
        email: user.email,
        role: "manager",
      },
    });
    // Only the DTO fields leave the server (no password hash).
    expect(Object.keys(loaded!.user).sort()).toEqual([
      "email",
      "firstName",
      "id",
      "lastName",
      "organizationId",
      "role",
    ]);
  });

  it("returns null for a revoked session", async () => {
    const { orgId } = await createOrg();
    const user = await createUser(orgId);
    const sessionId = await open(orgId, user.id);
    const keep = await open(orgId, user.id);
    await withOrg(orgId, (tx) => revokeSession(tx, orgId, sessionId));
    expect(await loadSession(orgId, sessionId)).toBeNull();
    expect((await sessionRow(orgId, sessionId)).revokedAt).not.toBeNull();
    expect(await loadSession(orgId, keep)).not.toBeNull();
  });

  it("returns null for an expired session", async () => {
    const { orgId } = await createOrg();
    const user = await createUser(orgId);
    const sessionId = await open(orgId, user.id);
    expect(await loadSession(orgId, sessionId)).not.toBeNull();
    await setSession(orgId, sessionId, { expiresAt: new Date(Date.now() - 1000) });
    expect(await loadSession(orgId, sessionId)).toBeNull();
  });

  it("returns null for an unknown session id", async () => {
    const { orgId } = await createOrg();
    await createUser(orgId);
    expect(await loadSession(orgId, randomUUID())).toBeNull();
  });

  it("returns null for a session loaded with another organisation's id", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const user = await createUser(a.orgId);
    await createUser(b.orgId);
    const sessionId = await open(a.orgId, user.id);
    expect(await loadSession(b.orgId, sessionId)).toBeNull();
    expect(await loadSession(a.orgId, sessionId)).not.toBeNull();
  });

  it("refreshes lastSeenAt only when it is older than five minutes", async () => {
    const { orgId } = await createOrg();
    const user = await createUser(orgId);
    const sessionId = await open(orgId, user.id);
    const recent = new Date(Date.now() - 60_000);
    await setSession(orgId, sessionId, { lastSeenAt: recent });
    await loadSession(orgId, sessionId);
    expect((await sessionRow(orgId, sessionId)).lastSeenAt.getTime()).toBe(recent.getTime());

    const stale = new Date(Date.now() - 10 * 60_000);
    await setSession(orgId, sessionId, { lastSeenAt: stale });
    const before = Date.now();
    await loadSession(orgId, sessionId);
    expect((await sessionRow(orgId, sessionId)).lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("revokeUserSessions ends every session of the user except the one kept", async () => {
    const { orgId } = await createOrg();
    const user = await createUser(orgId);
    const other = await createUser(orgId);
    const [s1, s2, s3] = [await open(orgId, user.id), await open(orgId, user.id), await open(orgId, user.id)];
    const otherSession = await open(orgId, other.id);

    const count = await withOrg(orgId, (tx) => revokeUserSessions(tx, orgId, user.id, s2));
    expect(count).toBe(2);
    expect(await loadSession(orgId, s1)).toBeNull();
    expect(await loadSession(orgId, s3)).toBeNull();
    expect(await loadSession(orgId, s2)).not.toBeNull();
    expect(await loadSession(orgId, otherSession)).not.toBeNull();

    // Without a session to keep, the rest goes too; already revoked ones are not counted again.
    expect(await withOrg(orgId, (tx) => revokeUserSessions(tx, orgId, user.id))).toBe(1);
    expect(await loadSession(orgId, s2)).toBeNull();
  });
});

describe("changePassword", () => {
  async function setup() {
    const { orgId } = await createOrg();
    const user = await createUser(orgId);
    const current = await open(orgId, user.id);
    const other = await open(orgId, user.id);
    const ctx: AuthContext = { orgId, userId: user.id, role: user.role, sessionId: current };
    const hashOf = async () =>
      (
        await withOrg(orgId, (tx) =>
          tx.user.findUniqueOrThrow({ where: { organizationId_id: { organizationId: orgId, id: user.id } } }),
        )
      ).passwordHash;
    const audits = () => withOrg(orgId, (tx) => tx.auditLog.findMany({ where: { organizationId: orgId } }));
    return { orgId, user, current, other, ctx, hashOf, audits };
  }

  it("refuses a wrong current password and changes nothing", async () => {
    const { orgId, user, current, other, ctx, hashOf, audits } = await setup();
    const hashBefore = await hashOf();
    expect(await changePassword(ctx, "Not-the-password-1", "Brand-new-pass-2")).toBe("wrong-password");
    expect(await hashOf()).toBe(hashBefore);
    expect(await loadSession(orgId, current)).not.toBeNull();
    expect(await loadSession(orgId, other)).not.toBeNull();
    expect(await audits()).toHaveLength(0);
    expect(await signIn(orgId, user.email, "Brand-new-pass-2")).toMatchObject({ ok: false });
  });

  it("changes the hash, ends the other sessions, keeps the current one and writes an audit row", async () => {
    const { orgId, user, current, other, ctx, hashOf, audits } = await setup();
    const hashBefore = await hashOf();
    const before = Date.now();
    expect(await changePassword(ctx, TEST_PASSWORD, "Brand-new-pass-2")).toBe("changed");

    const hashAfter = await hashOf();
    expect(hashAfter).not.toBe(hashBefore);
    expect(hashAfter).not.toContain("Brand-new-pass-2");
    expect(hashAfter).toMatch(/^\$argon2id\$/);
    const row = await withOrg(orgId, (tx) =>
      tx.user.findFirstOrThrow({ where: { organizationId: orgId, id: user.id } }),
    );
    expect(row.passwordSetAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    expect(await loadSession(orgId, current)).not.toBeNull();
    expect(await loadSession(orgId, other)).toBeNull();
    expect((await sessionRow(orgId, other)).revokedAt).not.toBeNull();

    const log = await audits();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: "user.password_changed",
      actorId: user.id,
      targetType: "user",
      targetId: user.id,
    });

    expect(await signIn(orgId, user.email, TEST_PASSWORD)).toEqual({ ok: false, reason: "invalid" });
    expect(await signIn(orgId, user.email, "Brand-new-pass-2")).toMatchObject({ ok: true, userId: user.id });
  });

  it("does not touch another user's sessions", async () => {
    const { orgId, ctx } = await setup();
    const bystander = await createUser(orgId);
    const theirs = await open(orgId, bystander.id);
    expect(await changePassword(ctx, TEST_PASSWORD, "Brand-new-pass-2")).toBe("changed");
    expect(await loadSession(orgId, theirs)).not.toBeNull();
    expect(await signIn(orgId, bystander.email, TEST_PASSWORD)).toMatchObject({ ok: true });
  });
});
