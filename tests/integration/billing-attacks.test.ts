import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { READ_ONLY_STATUSES } from "@/lib/billing/status";
import { sendPulseNow } from "@/lib/surveys/rounds";
import { retryRoundMail } from "@/lib/surveys/round-status";
import { createOrg, createUser } from "../support/factories";
import { refusal } from "../support/one-on-one";
import { signedEvent, withStripeStandin } from "../support/stripe-env";
import { withOrg } from "@/lib/db/tenant";
import { receiveWebhook } from "@/lib/billing/webhook";
import { ownerClient } from "../support/owner-client";

// A security review of billing: paths around its design that an attacker (or a workspace
// whose subscription ended) could use.

const owner = ownerClient();
withStripeStandin();
const ctxOf = (orgId: string, userId: string, role: Role): AuthContext => ({
  orgId,
  userId,
  role,
  sessionId: randomUUID(),
});

describe("a read-only workspace", () => {
  it.each(READ_ONLY_STATUSES)("cannot send a round's failed e-mails again (%s)", async (status) => {
    const { orgId } = await createOrg({ name: "Acme" });
    const admin = ctxOf(orgId, (await createUser(orgId, { role: "admin" })).id, "admin");
    await createUser(orgId, { role: "employee" });
    const { surveyId } = await sendPulseNow(admin);
    const failed = await owner().query(
      `UPDATE "MailMessage" SET "status" = 'failed' WHERE "organizationId" = $1::uuid`,
      [orgId],
    );
    expect(failed.rowCount).toBeGreaterThan(0);
    await owner().query(
      `UPDATE "Organization" SET "subscriptionStatus" = $1::"SubscriptionStatus" WHERE "id" = $2::uuid`,
      [status, orgId],
    );

    expect(await refusal(retryRoundMail(admin, surveyId))).toEqual({ status: 409, code: "workspace_read_only" });
    const pending = await owner().query(
      `SELECT 1 FROM "MailMessage" WHERE "organizationId" = $1::uuid AND "status" <> 'failed'`,
      [orgId],
    );
    expect(pending.rowCount).toBe(0);
  });
});

describe("the webhook", () => {
  it("answers 400 (not 500) to a signed event whose time no database can store, and stores nothing", async () => {
    const { orgId } = await createOrg({ name: "Acme" });
    const customer = `cus_attack${randomUUID().replaceAll("-", "")}`;
    await withOrg(orgId, (tx) =>
      tx.billingAccount.create({ data: { organizationId: orgId, stripeCustomerId: customer } }),
    );
    for (const created of [0, 9_000_000_000_000_000, Number.MAX_SAFE_INTEGER]) {
      const id = `evt_attack${randomUUID().replaceAll("-", "")}`;
      const { raw, signature } = signedEvent({
        id,
        object: "event",
        type: "customer.updated",
        created,
        data: { object: { object: "customer", id: customer } },
      });
      expect(await refusal(receiveWebhook(raw, signature))).toEqual({ status: 400, code: "invalid_input" });
    }
    const stored = await owner().query(`SELECT 1 FROM "BillingEvent" WHERE "organizationId" = $1::uuid`, [orgId]);
    expect(stored.rowCount).toBe(0);
  });
});
