import { describe, expect, inject, it, vi } from "vitest";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { orgIdForSubdomain, withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { hashToken } from "@/lib/auth/tokens";
import { completeSignup } from "@/lib/signup/complete";
import { signupSchema } from "@/lib/signup/schemas";
import { createUser as addPerson } from "@/lib/people/users";
import { userInputSchema } from "@/lib/people/schemas";
import { sendPulseNow } from "@/lib/surveys/rounds";
import { deliverMail } from "@/lib/mail/deliver";
import { enqueueMail } from "@/lib/mail/outbox";
import { sweepMailOutbox } from "@/lib/mail/sweep";
import { GIVE_UP_AFTER_MS } from "@/lib/mail/delivery-policy";
import {
  EMAIL_VERIFICATION_TTL_MS,
  VERIFICATION_MAILS_PER_HOUR,
  getVerificationBanner,
  resendVerificationEmail,
  verifyWorkspaceEmail,
} from "@/lib/org/email-verification";
import { DomainError } from "@/lib/errors/domain-error";
import { seedDemo } from "../../scripts/seed/demo";
import { applyMigrations } from "../../scripts/db/migrate";
import { urlForDatabase } from "../../scripts/db/schema-engine";
import { ownerClient } from "../support/owner-client";
import { recordingTransport } from "../support/recording-transport";
import { createOrg, createUser, uniqueName } from "../support/factories";
import { status } from "../support/status";

// Signup e-mail verification (docs/decisions.md (Accounts and sign-in)): a new workspace mails only its admin's address
// until the link sent there is opened; everything else waits in the outbox, untouched by deliveries and sweeps, and
// goes out when the workspace is verified.

const owner = ownerClient();
const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = "Signup-pass-2026";
const ctxOf = (orgId: string, userId: string, role: Role): AuthContext => ({
  orgId,
  userId,
  role,
  sessionId: randomUUID(),
});

async function signedUp() {
  const subdomain = uniqueName("ver");
  await completeSignup(
    signupSchema.parse({
      firstName: "Nia",
      lastName: "Okafor",
      workEmail: `Nia@${subdomain}.example`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      companyName: `Company ${subdomain}`,
      subdomain,
      companySize: "11-50",
      marketingConsent: false,
    }),
  );
  const orgId = (await orgIdForSubdomain(subdomain))!;
  const admin = await withOrg(orgId, (tx) =>
    tx.user.findFirstOrThrow({ where: { organizationId: orgId }, select: { id: true, email: true } }),
  );
  return { tenant: { orgId, subdomain }, orgId, admin, adminCtx: ctxOf(orgId, admin.id, "admin") };
}

const orgOf = (orgId: string) =>
  withOrg(orgId, (tx) =>
    tx.organization.findUniqueOrThrow({
      where: { id: orgId },
      select: { emailVerifiedAt: true, verificationEmail: true },
    }),
  );
const mailsOf = (orgId: string) =>
  withOrg(orgId, (tx) => tx.mailMessage.findMany({ where: { organizationId: orgId }, orderBy: { createdAt: "asc" } }));
const mailById = (orgId: string, id: string) =>
  withOrg(orgId, (tx) =>
    tx.mailMessage.findUniqueOrThrow({ where: { organizationId_id: { organizationId: orgId, id } } }),
  );
const linkTokenIn = (text: string) => {
  const m = /\/verify-email\?token=([\w-]+)/.exec(text);
  if (!m) throw new Error(`no verification link in: ${text}`);
  return m[1]!;
};
/** The token of the newest verification mail still holding its link (read before delivery). */
async function latestLink(orgId: string): Promise<string> {
  const mails = (await mailsOf(orgId)).filter((m) => m.kind === "email_verification");
  return linkTokenIn(mails.at(-1)!.text);
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof DomainError ? e.code : Promise.reject(e)),
  );

type Job = { id: string; data: { orgId: string; messageId: string } };
const liveJobs = async (messageId: string) =>
  (
    await owner().query(
      "SELECT id FROM pgboss.job WHERE name = 'mail-deliver' AND data->>'messageId' = $1 AND state < 'completed'",
      [messageId],
    )
  ).rowCount;

/** What the workers do: run each queued delivery job of the organisation once and complete it
 * (a held delivery returns normally, so its job completes rather than retrying). */
async function work(orgId: string, transport = recordingTransport()) {
  const { rows } = await owner().query<Job>(
    "SELECT id, data FROM pgboss.job WHERE name = 'mail-deliver' AND state = 'created' AND data->>'orgId' = $1",
    [orgId],
  );
  const outcomes: Record<string, string> = {};
  for (const job of rows) {
    outcomes[job.data.messageId] = await deliverMail(orgId, job.data.messageId, transport);
    await owner().query(
      "UPDATE pgboss.job SET state = 'completed', completed_on = now() WHERE name = 'mail-deliver' AND id = $1",
      [job.id],
    );
  }
  return { outcomes, transport };
}

describe("signup", () => {
  it("leaves the workspace unverified and queues exactly one verification mail, to the admin, with a 7-day single-use link", async () => {
    const { orgId, tenant, admin } = await signedUp();
    expect(await orgOf(orgId)).toEqual({ emailVerifiedAt: null, verificationEmail: admin.email });

    const mails = await mailsOf(orgId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "email_verification", to: admin.email, status: "pending" });
    expect(mails[0]!.text).toContain(`http://${tenant.subdomain}.localhost:3000/verify-email?token=`);
    const token = linkTokenIn(mails[0]!.text);

    const tokens = await withOrg(orgId, (tx) =>
      tx.authToken.findMany({ where: { organizationId: orgId, purpose: "email_verification" } }),
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ userId: admin.id, usedAt: null, tokenHash: hashToken(token) });
    const ttl = tokens[0]!.expiresAt.getTime() - tokens[0]!.createdAt.getTime();
    expect(Math.abs(ttl - EMAIL_VERIFICATION_TTL_MS)).toBeLessThan(5000);

    // Its job sends it although the workspace is unverified: it goes to the admin's own address.
    const { outcomes, transport } = await work(orgId);
    expect(outcomes).toEqual({ [mails[0]!.id]: "sent" });
    expect(transport.sent.map((m) => m.to)).toEqual([admin.email]);
  });

  it("the demo workspace is seeded verified", async () => {
    const r = await seedDemo(process.env.DATABASE_APP_URL!);
    expect(r.created).toBe(true);
    expect((await orgOf(r.orgId!)).emailVerifiedAt).toBeInstanceOf(Date);
  });
});

describe("mail of an unverified workspace", () => {
  it("to other people waits, unclaimed, through deliveries and sweeps; verifying releases it and it is delivered", async () => {
    const { orgId, tenant, admin, adminCtx } = await signedUp();
    const token = await latestLink(orgId);
    // An invitation, and a pulse round to everyone (the admin and the invited person).
    const person = await addPerson(
      adminCtx,
      userInputSchema.parse({
        firstName: "Omar",
        lastName: "Haddad",
        email: `omar@${tenant.subdomain}.example`,
        role: "employee",
      }),
    );
    // Surveys go only to people who have set their password: Omar has, before the round.
    await withOrg(orgId, (tx) =>
      tx.user.update({
        where: { organizationId_id: { organizationId: orgId, id: person.id } },
        data: { passwordSetAt: new Date() },
      }),
    );
    const { surveyId } = await sendPulseNow(adminCtx);

    const mails = await mailsOf(orgId);
    const toPerson = mails.filter((m) => m.to === person.email);
    expect(toPerson.map((m) => m.kind).sort()).toEqual(["invitation", "survey_invitation"]);
    const toAdmin = mails.filter((m) => m.to === admin.email);
    expect(toAdmin.map((m) => m.kind).sort()).toEqual(["email_verification", "survey_invitation"]);

    const first = await work(orgId);
    for (const m of toPerson) expect(first.outcomes[m.id], m.kind).toBe("held");
    for (const m of toAdmin) expect(first.outcomes[m.id], m.kind).toBe("sent");
    expect(first.transport.sent.map((m) => m.to).sort()).toEqual([admin.email, admin.email]);

    // The sweep neither re-queues nor gives up on held mail, however old: it is not late.
    const control = await createOrg();
    const dead = await withOrg(control.orgId, (tx) =>
      enqueueMail(tx, control.orgId, {
        kind: "test",
        to: "rosa@example.com",
        subject: "Hi",
        text: "Body",
        html: "<p>Body</p>",
      }),
    );
    await owner().query(
      "UPDATE pgboss.job SET state = 'failed', completed_on = now() WHERE name = 'mail-deliver' AND data->>'messageId' = $1",
      [dead],
    );
    for (const later of [DAY, GIVE_UP_AFTER_MS + DAY, 30 * DAY]) {
      await sweepMailOutbox(new Date(Date.now() + later));
      for (const m of toPerson) expect(await liveJobs(m.id), `${m.kind} after ${later / DAY} days`).toBe(0);
    }
    // ...while the same sweeps did re-queue a verified workspace's dead message.
    expect(await liveJobs(dead)).toBe(1);
    for (const m of toPerson) {
      expect(await mailById(orgId, m.id)).toMatchObject({
        status: "pending",
        attempts: 0,
        lastError: null,
        lockedUntil: null,
        sentAt: null,
      });
    }
    // The round shows them as waiting, not failed or being retried.
    const { getRoundStatus } = await import("@/lib/surveys/round-status");
    expect((await getRoundStatus(adminCtx, surveyId)).mail).toMatchObject({
      failed: 0,
      retrying: 0,
      invitations: { pending: 1, sent: 1, failed: 0 },
    });

    // Opening the link verifies the workspace and queues the held mail at once.
    expect(await verifyWorkspaceEmail(tenant, token)).toEqual({ released: 2 });
    expect((await orgOf(orgId)).emailVerifiedAt).toBeInstanceOf(Date);
    for (const m of toPerson) expect(await liveJobs(m.id), m.kind).toBe(1);
    const second = await work(orgId);
    for (const m of toPerson) expect(second.outcomes[m.id], m.kind).toBe("sent");
    expect(second.transport.sent.map((m) => m.to)).toEqual([person.email, person.email]);
    for (const m of toPerson) expect(await mailById(orgId, m.id)).toMatchObject({ status: "sent", attempts: 1 });
    const audits = await withOrg(orgId, (tx) =>
      tx.auditLog.findMany({ where: { organizationId: orgId, action: "organization.email_verified" } }),
    );
    expect(audits).toMatchObject([{ actorId: admin.id, details: { released: 2 } }]);
  });

  it("a delivery that reads the workspace as unverified while the verification commits waits for it and sends", async () => {
    const { orgId, tenant, adminCtx } = await signedUp();
    const token = await latestLink(orgId);
    const person = await addPerson(
      adminCtx,
      userInputSchema.parse({
        firstName: "Omar",
        lastName: "Haddad",
        email: `omar@${tenant.subdomain}.example`,
        role: "employee",
      }),
    );
    const [invitation] = (await mailsOf(orgId)).filter((m) => m.to === person.email);
    // The verification holds the organisation row; a delivery started meanwhile must not hold
    // the message after the release has been queued.
    const pool = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await pool.connect();
    try {
      await pool.query("BEGIN");
      await pool.query(`UPDATE "Organization" SET "emailVerifiedAt" = now() WHERE id = $1`, [orgId]);
      const t = recordingTransport();
      const delivery = deliverMail(orgId, invitation!.id, t);
      // The delivery is blocked on the row lock until the verification commits.
      const waiting = async () =>
        (
          await owner().query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        ).rows[0]!.n;
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      await pool.query("COMMIT");
      expect(await delivery).toBe("sent");
      expect(t.sent.map((m) => m.to)).toEqual([person.email]);
    } finally {
      await pool.end();
    }
    // The link is still unspent (the row was verified behind its back); nothing to release now.
    expect(await verifyWorkspaceEmail(tenant, token)).toEqual({ released: 0 });
  });
});

describe("the verification link", () => {
  it("is single-use", async () => {
    const { orgId, tenant } = await signedUp();
    const token = await latestLink(orgId);
    expect(await codeOf(verifyWorkspaceEmail(tenant, token))).toBe("ok");
    expect(await codeOf(verifyWorkspaceEmail(tenant, token))).toBe("verification_link_invalid");
    expect(await status(verifyWorkspaceEmail(tenant, token))).toBe(400);
  });

  it("expires after 7 days", async () => {
    const { orgId, tenant } = await signedUp();
    const token = await latestLink(orgId);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + EMAIL_VERIFICATION_TTL_MS + 1000);
      expect(await codeOf(verifyWorkspaceEmail(tenant, token))).toBe("verification_link_invalid");
    } finally {
      vi.useRealTimers();
    }
    expect((await orgOf(orgId)).emailVerifiedAt).toBeNull();
  });

  it("refuses malformed, guessed and other purposes' tokens", async () => {
    const { orgId, tenant } = await signedUp();
    const { issueToken } = await import("@/lib/auth/tokens");
    const userId = (await withOrg(orgId, (tx) => tx.user.findFirstOrThrow({ where: { organizationId: orgId } }))).id;
    const reset = await withOrg(orgId, (tx) => issueToken(tx, orgId, userId, "password_reset", 60_000));
    for (const t of ["", "short", "x".repeat(43), reset])
      expect(await codeOf(verifyWorkspaceEmail(tenant, t)), t).toBe("verification_link_invalid");
    expect((await orgOf(orgId)).emailVerifiedAt).toBeNull();
  });

  it("of another workspace does nothing here, and still works on its own", async () => {
    const victim = await signedUp();
    const attacker = await signedUp();
    const victimToken = await latestLink(victim.orgId);
    expect(await codeOf(verifyWorkspaceEmail(attacker.tenant, victimToken))).toBe("verification_link_invalid");
    expect((await orgOf(attacker.orgId)).emailVerifiedAt).toBeNull();
    expect((await orgOf(victim.orgId)).emailVerifiedAt).toBeNull();
    expect(await codeOf(verifyWorkspaceEmail(victim.tenant, victimToken))).toBe("ok");
    expect((await orgOf(attacker.orgId)).emailVerifiedAt).toBeNull();
  });
});

describe("resending the verification e-mail", () => {
  it("mails a new link to the signup address and the previous link stops working", async () => {
    const { orgId, tenant, admin, adminCtx } = await signedUp();
    const old = await latestLink(orgId);
    expect(await resendVerificationEmail(adminCtx)).toEqual({ email: admin.email });
    const mails = (await mailsOf(orgId)).filter((m) => m.kind === "email_verification");
    expect(mails.map((m) => m.to)).toEqual([admin.email, admin.email]);
    const fresh = await latestLink(orgId);
    expect(fresh).not.toBe(old);
    expect(await codeOf(verifyWorkspaceEmail(tenant, old))).toBe("verification_link_invalid");
    expect((await orgOf(orgId)).emailVerifiedAt).toBeNull();
    expect(await codeOf(verifyWorkspaceEmail(tenant, fresh))).toBe("ok");
    // Once verified there is nothing to resend.
    expect(await codeOf(resendVerificationEmail(adminCtx))).toBe("email_already_verified");
    expect(await status(resendVerificationEmail(adminCtx))).toBe(409);
  });

  it("goes to the address given at signup even after the admin changes their own", async () => {
    const { orgId, tenant, admin, adminCtx } = await signedUp();
    await withOrg(orgId, (tx) =>
      tx.user.update({
        where: { organizationId_id: { organizationId: orgId, id: admin.id } },
        data: { email: `someone@${tenant.subdomain}.example` },
      }),
    );
    expect(await resendVerificationEmail(adminCtx)).toEqual({ email: admin.email });
    expect((await mailsOf(orgId)).at(-1)).toMatchObject({ kind: "email_verification", to: admin.email });
  });

  it("is for admins only, and limited per hour", async () => {
    const { orgId, adminCtx } = await signedUp();
    const manager = await createUser(orgId, { role: "manager" });
    const employee = await createUser(orgId, { role: "employee" });
    expect(await status(resendVerificationEmail(ctxOf(orgId, manager.id, "manager")))).toBe(403);
    expect(await status(resendVerificationEmail(ctxOf(orgId, employee.id, "employee")))).toBe(403);
    // Signup's link counts: four more this hour, then 429.
    for (let i = 1; i < VERIFICATION_MAILS_PER_HOUR; i++)
      expect(await status(resendVerificationEmail(adminCtx))).toBe(200);
    expect(await status(resendVerificationEmail(adminCtx))).toBe(429);
    expect((await mailsOf(orgId)).filter((m) => m.kind === "email_verification")).toHaveLength(
      VERIFICATION_MAILS_PER_HOUR,
    );
  });
});

describe("the banner", () => {
  it("shows while unverified, with the address and the resend button for admins only, and goes once verified", async () => {
    const { orgId, tenant, admin, adminCtx } = await signedUp();
    const manager = await createUser(orgId, { role: "manager" });
    expect(await getVerificationBanner(adminCtx)).toEqual({ email: admin.email, canResend: true });
    expect(await getVerificationBanner(ctxOf(orgId, manager.id, "manager"))).toEqual({ email: null, canResend: false });
    await verifyWorkspaceEmail(tenant, await latestLink(orgId));
    expect(await getVerificationBanner(adminCtx)).toBeNull();
    const verified = await createOrg();
    const other = await createUser(verified.orgId, { role: "admin" });
    expect(await getVerificationBanner(ctxOf(verified.orgId, other.id, "admin"))).toBeNull();
  });
});

describe("row-level security", () => {
  it("keeps each workspace's verification rows to itself", async () => {
    const a = await signedUp();
    const b = await signedUp();
    // Scoped to B, A's organisation and tokens are invisible and cannot be changed.
    const seen = await withOrg(b.orgId, async (tx) => ({
      orgs: await tx.organization.findMany({ select: { id: true } }),
      tokens: await tx.authToken.findMany({
        where: { purpose: "email_verification" },
        select: { organizationId: true },
      }),
      verify: await tx.organization.updateMany({ where: { id: a.orgId }, data: { emailVerifiedAt: new Date() } }),
      address: await tx.organization.updateMany({
        where: { id: a.orgId },
        data: { verificationEmail: "attacker@example.com" },
      }),
      spend: await tx.authToken.updateMany({ where: { organizationId: a.orgId }, data: { usedAt: new Date() } }),
    }));
    expect(seen.orgs).toEqual([{ id: b.orgId }]);
    expect(seen.tokens).toEqual([{ organizationId: b.orgId }]);
    expect([seen.verify.count, seen.address.count, seen.spend.count]).toEqual([0, 0, 0]);
    expect(await orgOf(a.orgId)).toEqual({ emailVerifiedAt: null, verificationEmail: a.admin.email });
    // A token row for A cannot be written from B's scope either.
    await expect(
      withOrg(b.orgId, (tx) =>
        tx.authToken.create({
          data: {
            organizationId: a.orgId,
            userId: a.admin.id,
            purpose: "email_verification",
            tokenHash: hashToken("x".repeat(43)),
            expiresAt: new Date(Date.now() + DAY),
          },
        }),
      ),
    ).rejects.toThrow();
    expect(await codeOf(verifyWorkspaceEmail(a.tenant, await latestLink(a.orgId)))).toBe("ok");
  });
});

describe("the migration", () => {
  it(
    "verifies every organisation that exists when it runs; later ones start unverified",
    { timeout: 60_000 },
    async () => {
      const adminUrl = inject("adminUrl");
      const source = path.resolve("prisma/migrations");
      const dir = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
      const db = `verify_mig_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(db)}`);
      const url = urlForDatabase(adminUrl, db);
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      try {
        const names = (await readdir(source, { withFileTypes: true }))
          .filter((e) => e.isDirectory())
          .map((e) => e.name)
          .sort();
        const mine = "20261124110000_email_verification";
        await cp(path.join(source, "migration_lock.toml"), path.join(dir, "migration_lock.toml"));
        for (const n of names.filter((n) => n < mine))
          await cp(path.join(source, n), path.join(dir, n), { recursive: true });
        await applyMigrations(url, dir);
        const before = randomUUID();
        await check.query(
          `INSERT INTO "Organization" (id, name, subdomain, "updatedAt") VALUES ($1, 'Old Co', $2, now())`,
          [before, `old${randomBytes(3).toString("hex")}`],
        );

        await cp(path.join(source, mine), path.join(dir, mine), { recursive: true });
        expect(await applyMigrations(url, dir)).toEqual([mine]);
        const after = randomUUID();
        await check.query(
          `INSERT INTO "Organization" (id, name, subdomain, "updatedAt") VALUES ($1, 'New Co', $2, now())`,
          [after, `new${randomBytes(3).toString("hex")}`],
        );
        // Seconds between the stored time and now, both UTC as Prisma stores them; null: unverified.
        const rows = (
          await check.query<{ id: string; age: number | null }>(
            `SELECT id, abs(extract(epoch FROM "emailVerifiedAt" - (now() AT TIME ZONE 'UTC')))::float AS age FROM "Organization"`,
          )
        ).rows;
        const age = new Map(rows.map((r) => [r.id, r.age]));
        expect(age.get(before)).toBeLessThan(60);
        expect(age.get(after)).toBeNull();
      } finally {
        await check.end();
        await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(db)} WITH (FORCE)`);
        await admin.end();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
