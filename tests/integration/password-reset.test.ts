import { afterEach, describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import {
  mailPasswordReset,
  processPasswordResetJob,
  requestPasswordReset,
  resetPassword,
  RESET_MAILS_PER_HOUR,
  RESET_TTL_MS,
} from "@/lib/auth/password-reset";
import { boss } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { hashToken, peekToken } from "@/lib/auth/tokens";
import { createSession, loadSession } from "@/lib/auth/sessions";
import { signInWithPassword } from "@/lib/auth/sign-in";
import type { Tenant } from "@/lib/tenancy/resolve";
import { ownerClient } from "../support/owner-client";
import { createOrg, createUser, TEST_PASSWORD, uniqueName } from "../support/factories";

const NEW_PASSWORD = "Fresh-start-42";

const owner = ownerClient();

async function tenantWithUser(): Promise<{ tenant: Tenant; user: Awaited<ReturnType<typeof createUser>> }> {
  const { orgId, subdomain } = await createOrg();
  const user = await createUser(orgId, { firstName: "Rosa" });
  return { tenant: { orgId, subdomain }, user };
}

const mails = (orgId: string) => withOrg(orgId, (tx) => tx.mailMessage.findMany({ where: { organizationId: orgId } }));

/** Runs a reset request's job (what the worker does) and returns the mail and the raw token taken
 * from its link. */
async function requestAndRead(tenant: Tenant, email: string) {
  const before = new Set((await mails(tenant.orgId)).map((m) => m.id));
  await mailPasswordReset(tenant, email);
  const fresh = (await mails(tenant.orgId)).filter((m) => !before.has(m.id));
  expect(fresh).toHaveLength(1);
  const mail = fresh[0]!;
  const prefix = `http://${tenant.subdomain}.localhost:3000/reset-password?token=`;
  const match = mail.text.match(/^(http\S+)$/m);
  expect(match?.[1]?.startsWith(prefix)).toBe(true);
  const token = decodeURIComponent(match![1]!.slice(prefix.length));
  return { mail, token };
}

const signIn = (orgId: string, email: string, password: string) =>
  signInWithPassword({ orgId, email, password, address: null, userAgent: null });

type ResetJobRow = {
  data: { orgId: string; subdomain: string; email: string };
  retry_limit: number;
  expire_in: string;
  state: string;
};
const resetJobs = async (orgId: string) =>
  (
    await owner().query<ResetJobRow>(
      "SELECT data, retry_limit, expire_in::text, state FROM pgboss.job WHERE name = $1 AND data->>'orgId' = $2 ORDER BY created_on",
      [QUEUES.passwordResetRequest.name, orgId],
    )
  ).rows;
const counts = async (orgId: string) => ({
  mails: (await mails(orgId)).length,
  tokens: await withOrg(orgId, (tx) => tx.authToken.count()),
  deliveries: (
    await owner().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail-deliver' AND data->>'orgId' = $1",
      [orgId],
    )
  ).rows[0]!.n,
});

describe("requestPasswordReset (the 'forgot password' form)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("does the same work for a known and an unknown address: one queued job each, no mail, token or delivery in the request", async () => {
    const { tenant, user } = await tenantWithUser();
    const ghost = `${uniqueName("ghost")}@example.com`;
    const send = vi.spyOn(await boss(), "send");

    await requestPasswordReset(tenant, user.email);
    expect(await counts(tenant.orgId)).toEqual({ mails: 0, tokens: 0, deliveries: 0 });
    await requestPasswordReset(tenant, ghost);
    expect(await counts(tenant.orgId)).toEqual({ mails: 0, tokens: 0, deliveries: 0 });

    // One send each, identical but for the address it carries.
    expect(send).toHaveBeenCalledTimes(2);
    const [known, unknown] = send.mock.calls;
    expect(known).toEqual([
      QUEUES.passwordResetRequest.name,
      { orgId: tenant.orgId, subdomain: tenant.subdomain, email: user.email },
      QUEUES.passwordResetRequest.options,
    ]);
    expect(unknown).toEqual([
      QUEUES.passwordResetRequest.name,
      { orgId: tenant.orgId, subdomain: tenant.subdomain, email: ghost },
      QUEUES.passwordResetRequest.options,
    ]);
    const jobs = await resetJobs(tenant.orgId);
    expect(jobs.map((j) => j.data.email)).toEqual([user.email, ghost]);
    expect(jobs.map(({ retry_limit, expire_in, state }) => ({ retry_limit, expire_in, state }))).toEqual([
      { retry_limit: 5, expire_in: "00:02:00", state: "created" },
      { retry_limit: 5, expire_in: "00:02:00", state: "created" },
    ]);

    // The worker's run of the two jobs: the known address gets its mail, the unknown one nothing.
    for (const job of jobs) await processPasswordResetJob(job.data);
    const sent = await mails(tenant.orgId);
    expect(sent.map((m) => ({ to: m.to, kind: m.kind }))).toEqual([{ to: user.email, kind: "password_reset" }]);
    expect(await counts(tenant.orgId)).toEqual({ mails: 1, tokens: 1, deliveries: 1 });
  });

  it("refuses a job whose data is not a workspace and an address", async () => {
    const { tenant } = await tenantWithUser();
    await expect(
      processPasswordResetJob({ orgId: tenant.orgId, subdomain: tenant.subdomain, email: "not-an-address" }),
    ).rejects.toThrow();
    await expect(
      processPasswordResetJob({ orgId: "x", subdomain: tenant.subdomain, email: "a@example.com" }),
    ).rejects.toThrow();
    expect(await counts(tenant.orgId)).toEqual({ mails: 0, tokens: 0, deliveries: 0 });
  });
});

describe("mailPasswordReset (the job)", () => {
  it("stores one password_reset mail with a link to the workspace and queues its delivery", async () => {
    const { tenant, user } = await tenantWithUser();
    const { mail, token } = await requestAndRead(tenant, user.email);
    expect(mail).toMatchObject({
      kind: "password_reset",
      to: user.email,
      status: "pending",
      attempts: 0,
      sentAt: null,
    });
    expect(mail.subject).toBe("Reset your Pulsewell password");
    expect(mail.text).toContain("Hi Rosa,");
    expect(mail.text).toContain(`http://${tenant.subdomain}.localhost:3000/reset-password?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const { rows } = await owner().query<{
      name: string;
      data: { orgId: string; messageId: string };
      singleton_key: string | null;
      retry_limit: number;
    }>(
      "SELECT name, data, singleton_key, retry_limit FROM pgboss.job WHERE name = 'mail-deliver' AND data->>'messageId' = $1",
      [mail.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toEqual({ orgId: tenant.orgId, messageId: mail.id });
    expect(rows[0]!.singleton_key).toBe(mail.id);
    expect(rows[0]!.retry_limit).toBe(10);
  });

  it("stores no mail, no token and no job for an unknown e-mail", async () => {
    const { tenant } = await tenantWithUser();
    const { rows: before } = await owner().query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'orgId' = $1",
      [tenant.orgId],
    );
    await mailPasswordReset(tenant, `${uniqueName("ghost")}@example.com`);
    expect(await mails(tenant.orgId)).toHaveLength(0);
    expect(await withOrg(tenant.orgId, (tx) => tx.authToken.count())).toBe(0);
    const { rows: after } = await owner().query("SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'orgId' = $1", [
      tenant.orgId,
    ]);
    expect(after[0].n).toBe(before[0].n);
    expect(after[0].n).toBe(0);
  });

  it("stores only the SHA-256 of the token, expiring in an hour", async () => {
    const { tenant, user } = await tenantWithUser();
    const before = Date.now();
    const { token } = await requestAndRead(tenant, user.email);
    const tokens = await withOrg(tenant.orgId, (tx) =>
      tx.authToken.findMany({ where: { organizationId: tenant.orgId } }),
    );
    expect(tokens).toHaveLength(1);
    const stored = tokens[0]!;
    expect(stored).toMatchObject({ userId: user.id, purpose: "password_reset", usedAt: null });
    expect(stored.tokenHash).toBe(createHash("sha256").update(token, "utf8").digest("hex"));
    expect(hashToken(token)).toBe(stored.tokenHash);
    expect(JSON.stringify(tokens)).not.toContain(token);
    const ttl = stored.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(RESET_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(RESET_TTL_MS + 1000);
    // The raw token appears nowhere in the database.
    const { rows } = await owner().query(
      `SELECT count(*)::int AS n FROM "AuthToken" WHERE "tokenHash" = $1 OR id::text = $1`,
      [token],
    );
    expect(rows[0].n).toBe(0);
  });

  it("sends at most five reset e-mails an hour to one account, also when asked in parallel", async () => {
    const { tenant, user } = await tenantWithUser();
    await Promise.all(Array.from({ length: 8 }, () => mailPasswordReset(tenant, user.email)));
    expect((await mails(tenant.orgId)).filter((m) => m.kind === "password_reset")).toHaveLength(RESET_MAILS_PER_HOUR);
    // An hour later the account may ask again.
    await owner().query(
      `UPDATE "AuthToken" SET "createdAt" = now() - interval '61 minutes' WHERE "organizationId" = $1`,
      [tenant.orgId],
    );
    await requestAndRead(tenant, user.email);
  });

  it("replaces an earlier unused link with a new one", async () => {
    const { tenant, user } = await tenantWithUser();
    const first = await requestAndRead(tenant, user.email);
    const second = await requestAndRead(tenant, user.email);
    expect(second.token).not.toBe(first.token);
    expect(await resetPassword(tenant, first.token, NEW_PASSWORD)).toBe(false);
    expect(await resetPassword(tenant, second.token, NEW_PASSWORD)).toBe(true);
  });
});

describe("resetPassword", () => {
  it("sets the new password once, ending every session of the user", async () => {
    const { tenant, user } = await tenantWithUser();
    const bystander = await createUser(tenant.orgId);
    const s1 = await withOrg(tenant.orgId, (tx) => createSession(tx, tenant.orgId, user.id, null));
    const s2 = await withOrg(tenant.orgId, (tx) => createSession(tx, tenant.orgId, user.id, null));
    const theirs = await withOrg(tenant.orgId, (tx) => createSession(tx, tenant.orgId, bystander.id, null));
    const { token } = await requestAndRead(tenant, user.email);
    expect(await withOrg(tenant.orgId, (tx) => peekToken(tx, tenant.orgId, token, "password_reset"))).toBe(true);

    expect(await resetPassword(tenant, token, NEW_PASSWORD)).toBe(true);
    expect(await loadSession(tenant.orgId, s1)).toBeNull();
    expect(await loadSession(tenant.orgId, s2)).toBeNull();
    expect(await loadSession(tenant.orgId, theirs)).not.toBeNull();
    const row = await withOrg(tenant.orgId, (tx) =>
      tx.authToken.findFirstOrThrow({ where: { organizationId: tenant.orgId } }),
    );
    expect(row.usedAt).not.toBeNull();
    expect(await withOrg(tenant.orgId, (tx) => peekToken(tx, tenant.orgId, token, "password_reset"))).toBe(false);

    expect(await signIn(tenant.orgId, user.email, TEST_PASSWORD)).toEqual({ ok: false, reason: "invalid" });
    expect(await signIn(tenant.orgId, user.email, NEW_PASSWORD)).toMatchObject({ ok: true, userId: user.id });

    // Second use of the same link.
    expect(await resetPassword(tenant, token, "Another-pass-7")).toBe(false);
    expect(await signIn(tenant.orgId, user.email, "Another-pass-7")).toMatchObject({ ok: false });
    expect(await signIn(tenant.orgId, user.email, NEW_PASSWORD)).toMatchObject({ ok: true });
  });

  it("refuses an expired token and keeps the old password", async () => {
    const { tenant, user } = await tenantWithUser();
    const { token } = await requestAndRead(tenant, user.email);
    await withOrg(tenant.orgId, (tx) =>
      tx.authToken.updateMany({
        where: { organizationId: tenant.orgId },
        data: { expiresAt: new Date(Date.now() - 1000) },
      }),
    );
    expect(await resetPassword(tenant, token, NEW_PASSWORD)).toBe(false);
    expect(await signIn(tenant.orgId, user.email, TEST_PASSWORD)).toMatchObject({ ok: true });
    const row = await withOrg(tenant.orgId, (tx) =>
      tx.authToken.findFirstOrThrow({ where: { organizationId: tenant.orgId } }),
    );
    expect(row.usedAt).toBeNull();
  });

  it("refuses organisation A's token on organisation B's workspace", async () => {
    const { tenant: a, user } = await tenantWithUser();
    const { tenant: b } = await tenantWithUser();
    const s = await withOrg(a.orgId, (tx) => createSession(tx, a.orgId, user.id, null));
    const { token } = await requestAndRead(a, user.email);
    expect(await resetPassword(b, token, NEW_PASSWORD)).toBe(false);
    expect(await resetPassword({ orgId: b.orgId, subdomain: a.subdomain }, token, NEW_PASSWORD)).toBe(false);
    expect(await loadSession(a.orgId, s)).not.toBeNull();
    expect(await signIn(a.orgId, user.email, TEST_PASSWORD)).toMatchObject({ ok: true });
    // The token was not spent by the failed attempts: it still works where it belongs.
    expect(await resetPassword(a, token, NEW_PASSWORD)).toBe(true);
  });

  it("refuses malformed and unknown tokens", async () => {
    const { tenant, user } = await tenantWithUser();
    await requestAndRead(tenant, user.email);
    expect(await resetPassword(tenant, "short", NEW_PASSWORD)).toBe(false);
    expect(await resetPassword(tenant, "x".repeat(101), NEW_PASSWORD)).toBe(false);
    expect(await resetPassword(tenant, "A".repeat(43), NEW_PASSWORD)).toBe(false);
    expect(await signIn(tenant.orgId, user.email, TEST_PASSWORD)).toMatchObject({ ok: true });
  });
});
