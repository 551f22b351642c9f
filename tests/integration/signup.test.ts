import { describe, expect, it, vi } from "vitest";
import { withOrg, orgIdForSubdomain } from "@/lib/db/tenant";
import { completeSignup, SUBDOMAIN_TAKEN_MESSAGE } from "@/lib/signup/complete";
import { checkSubdomain } from "@/lib/signup/availability";
import { redeemHandoff, HANDOFF_TTL_MS } from "@/lib/signup/handoff";
import { hashToken } from "@/lib/auth/tokens";
import { loadSession } from "@/lib/auth/sessions";
import { signInWithPassword } from "@/lib/auth/sign-in";
import type { SignupData } from "@/lib/signup/schemas";
import { statusOf } from "../support/status";
import { DomainError } from "@/lib/errors/domain-error";
import { ownerClient } from "../support/owner-client";
import { createOrg, SIGNUP_PASSWORD, signupData, uniqueName } from "../support/factories";

const owner = ownerClient();
const PASSWORD = SIGNUP_PASSWORD;

// A mixed-case e-mail, so the tests see signup lower-case it.
const input = (subdomain: string, over: Partial<SignupData> = {}): SignupData =>
  signupData(subdomain, {
    workEmail: `Nia@${subdomain}.example`,
    companySize: "51-200",
    marketingConsent: true,
    ...over,
  });

const countOrgs = async (subdomain: string) =>
  Number((await owner().query(`SELECT count(*) FROM "Organization" WHERE subdomain = $1`, [subdomain])).rows[0].count);

async function expectDomainError(p: Promise<unknown>, status: number, message: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect(statusOf(err as DomainError)).toBe(status);
  expect((err as DomainError).message).toBe(message);
  return err as DomainError;
}

describe("completeSignup", () => {
  it("creates the organisation on a trial, its admin, a welcome notification, an audit row and a handoff token", async () => {
    const subdomain = uniqueName("sg");
    const before = Date.now();
    const result = await completeSignup(input(subdomain));
    expect(result).toMatchObject({ subdomain, workspaceUrl: `http://${subdomain}.localhost:3000` });
    expect(result.handoffToken.length).toBeGreaterThanOrEqual(40);

    const orgId = (await orgIdForSubdomain(subdomain))!;
    expect(orgId).toBeTruthy();
    const snapshot = await withOrg(orgId, async (tx) => ({
      org: await tx.organization.findUniqueOrThrow({ where: { id: orgId } }),
      users: await tx.user.findMany({ where: { organizationId: orgId } }),
      notifications: await tx.notification.findMany({ where: { organizationId: orgId } }),
      audits: await tx.auditLog.findMany({ where: { organizationId: orgId } }),
      tokens: await tx.authToken.findMany({ where: { organizationId: orgId } }),
    }));
    const { org, users, notifications, audits, tokens } = snapshot;
    expect(org).toMatchObject({
      name: `Company ${subdomain}`,
      subdomain,
      subscriptionStatus: "trialing",
      // The top of the 51-200 band is past the trial's cap of 50.
      maxUsers: 50,
      companySize: "51-200",
      marketingConsent: true,
    });
    const trialDays = (org.trialEndDate!.getTime() - before) / 86_400_000;
    expect(trialDays).toBeGreaterThan(6.99);
    expect(trialDays).toBeLessThan(7.01);

    expect(users).toHaveLength(1);
    const admin = users[0]!;
    expect(admin).toMatchObject({
      firstName: "Nia",
      lastName: "Okafor",
      email: `nia@${subdomain}.example`,
      role: "admin",
    });
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin.passwordSetAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ userId: admin.id, type: "welcome", isRead: false });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: "organization.signup",
      actorId: admin.id,
      targetType: "organization",
      targetId: orgId,
    });

    // The handoff token, and the e-mail verification link's (tests/integration/email-verification.test.ts).
    expect(tokens.map((t) => t.purpose).sort()).toEqual(["email_verification", "handoff"]);
    const handoff = tokens.find((t) => t.purpose === "handoff")!;
    expect(handoff).toMatchObject({ userId: admin.id, usedAt: null, tokenHash: hashToken(result.handoffToken) });
    const ttl = handoff.expiresAt.getTime() - handoff.createdAt.getTime();
    expect(Math.abs(ttl - HANDOFF_TTL_MS)).toBeLessThan(5000);

    // The admin can sign in with the chosen password.
    expect(
      await signInWithPassword({ orgId, email: admin.email, password: PASSWORD, address: null, userAgent: null }),
    ).toMatchObject({ ok: true, userId: admin.id });
  });

  it("refuses reserved subdomains and the demo workspace's name", async () => {
    for (const subdomain of ["admin", "www", "pulsewell", "freshleadershipworld"]) {
      const err = await expectDomainError(completeSignup(input(subdomain)), 409, "This subdomain is reserved");
      expect(err.fields).toEqual({ subdomain: ["This subdomain is reserved"] });
    }
    expect(await countOrgs("admin")).toBe(0);
  });

  it("refuses a taken subdomain with 409 on the field and changes nothing", async () => {
    const { orgId, subdomain } = await createOrg();
    const err = await expectDomainError(completeSignup(input(subdomain)), 409, SUBDOMAIN_TAKEN_MESSAGE);
    expect(err.fields).toEqual({ subdomain: [SUBDOMAIN_TAKEN_MESSAGE] });
    expect(await countOrgs(subdomain)).toBe(1);
    const users = await withOrg(orgId, (tx) => tx.user.count({ where: { organizationId: orgId } }));
    expect(users).toBe(0);
  });

  // All three pass the early look-up together (hashing comes after it), so the unique constraint
  // is what settles this race.
  it("two concurrent signups for one subdomain: exactly one organisation, one 409, nothing half-made", async () => {
    const subdomain = uniqueName("race");
    const results = await Promise.allSettled([
      completeSignup(input(subdomain, { firstName: "First" })),
      completeSignup(input(subdomain, { firstName: "Second" })),
      completeSignup(input(subdomain, { firstName: "Third" })),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(2);
    for (const l of lost) {
      expect(l.reason).toBeInstanceOf(DomainError);
      expect(statusOf(l.reason as DomainError)).toBe(409);
    }
    expect(await countOrgs(subdomain)).toBe(1);
    // No stray rows of a losing attempt anywhere (owner connection: past row-level security).
    const orgId = (await orgIdForSubdomain(subdomain))!;
    // The winner's rows only: one of each, two tokens (handoff and e-mail verification).
    for (const [table, n] of [
      ["User", 1],
      ["Notification", 1],
      ["AuditLog", 1],
      ["MailMessage", 1],
      ["AuthToken", 2],
    ] as const) {
      const rows = await owner().query(`SELECT "organizationId" FROM "${table}" WHERE "organizationId" = $1`, [orgId]);
      expect(rows.rowCount, table).toBe(n);
    }
    const orphans = await owner().query(
      `SELECT count(*) FROM "User" u LEFT JOIN "Organization" o ON o.id = u."organizationId" WHERE o.id IS NULL`,
    );
    expect(Number(orphans.rows[0].count)).toBe(0);
  });
});

describe("checkSubdomain", () => {
  it("answers format errors, reserved, taken and free", async () => {
    const { subdomain } = await createOrg();
    expect(await checkSubdomain("ab", "Pulsewell")).toEqual({
      available: false,
      message: "Subdomain must be at least 3 characters",
    });
    expect(await checkSubdomain("-abc", "Pulsewell")).toEqual({
      available: false,
      message: "Subdomain cannot start or end with hyphens",
    });
    expect(await checkSubdomain("admin", "Pulsewell")).toEqual({
      available: false,
      message: "This subdomain is reserved",
    });
    expect(await checkSubdomain("pulsewell", "Pulsewell")).toMatchObject({ available: false });
    expect(await checkSubdomain(subdomain, "Pulsewell")).toEqual({
      available: false,
      message: "This subdomain is already taken",
    });
    expect(await checkSubdomain(uniqueName("free"), "Pulsewell")).toEqual({
      available: true,
      message: "Great! This subdomain is available",
    });
  });
});

describe("redeemHandoff", () => {
  async function signedUp() {
    const subdomain = uniqueName("hand");
    const result = await completeSignup(input(subdomain));
    const orgId = (await orgIdForSubdomain(subdomain))!;
    return { tenant: { orgId, subdomain }, token: result.handoffToken };
  }

  it("opens a session once; the second use is refused", async () => {
    const { tenant, token } = await signedUp();
    const first = await redeemHandoff(tenant, token, "vitest");
    expect(first).not.toBeNull();
    const session = await loadSession(tenant.orgId, first!.sessionId);
    expect(session?.user).toMatchObject({ id: first!.userId, firstName: "Nia", role: "admin" });
    expect(await redeemHandoff(tenant, token, "vitest")).toBeNull();
    const sessions = await withOrg(tenant.orgId, (tx) => tx.session.count({ where: { organizationId: tenant.orgId } }));
    expect(sessions).toBe(1);
  });

  it("refuses an expired token", async () => {
    const { tenant, token } = await signedUp();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + HANDOFF_TTL_MS + 1000);
      expect(await redeemHandoff(tenant, token, null)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    // No session was made for the expired token.
    const sessions = await withOrg(tenant.orgId, (tx) => tx.session.count({ where: { organizationId: tenant.orgId } }));
    expect(sessions).toBe(0);
  });

  it("refuses a token of another workspace, and leaves it usable on its own", async () => {
    const victim = await signedUp();
    const attacker = await signedUp();
    expect(await redeemHandoff(attacker.tenant, victim.token, null)).toBeNull();
    expect(await redeemHandoff(victim.tenant, victim.token, null)).not.toBeNull();
  });

  it("refuses malformed and guessed tokens", async () => {
    const { tenant } = await signedUp();
    expect(await redeemHandoff(tenant, "", null)).toBeNull();
    expect(await redeemHandoff(tenant, "short", null)).toBeNull();
    expect(await redeemHandoff(tenant, "x".repeat(43), null)).toBeNull();
  });

  it("never redeems a token of another purpose", async () => {
    const { tenant } = await signedUp();
    const userId = (
      await withOrg(tenant.orgId, (tx) => tx.user.findFirstOrThrow({ where: { organizationId: tenant.orgId } }))
    ).id;
    const { issueToken } = await import("@/lib/auth/tokens");
    const reset = await withOrg(tenant.orgId, (tx) => issueToken(tx, tenant.orgId, userId, "password_reset", 60_000));
    expect(await redeemHandoff(tenant, reset, null)).toBeNull();
  });
});
