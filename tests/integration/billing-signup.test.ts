// Signup with a card, against real PostgreSQL and the real `stripe` library talking to
// the local stand-in: the SetupIntent is checked, the workspace and its BillingAccount are made in
// one transaction with the provisioning job, and the job makes exactly one customer and one
// trialing subscription however often it runs.
import { describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { headers } from "next/headers";
import { withOrg, orgIdForSubdomain } from "@/lib/db/tenant";
import { completeSignup } from "@/lib/signup/complete";
import { createSignupSetupIntent, PAYMENT_SETUP_INVALID } from "@/lib/billing/signup-payment";
import { provisionBilling } from "@/lib/billing/provisioning";
import { setupIntentRequestSchema } from "@/lib/billing/schemas";
import { DomainError } from "@/lib/errors/domain-error";
import { SIGNUP_PASSWORD, signupData, uniqueName } from "../support/factories";
import { ownerClient } from "../support/owner-client";
import { statusOf } from "../support/status";
import { POST as setupIntentRoute } from "@/app/api/signup/setup-intent/route";
import { POST as completeRoute } from "@/app/api/signup/complete/route";
import { TEST_STRIPE_PUBLISHABLE_KEY, testStripe, withStripeStandin } from "../support/stripe-env";

const standin = withStripeStandin();

// The routes read the Host (main site or a workspace) and the client address from the request's
// headers, as Next gives them; here the test says which host the request came to.
vi.mock("next/headers", () => ({ headers: vi.fn() }));
const requestHeaders = vi.mocked(headers);
function post(handler: typeof setupIntentRoute, host: string, path: string, body: unknown) {
  requestHeaders.mockResolvedValue(new Headers({ host }) as unknown as Awaited<ReturnType<typeof headers>>);
  return handler(
    new NextRequest(`http://${host}${path}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", host },
    }),
    { params: Promise.resolve({}) },
  );
}
const owner = ownerClient();
const PASSWORD = SIGNUP_PASSWORD;
const input = signupData;

/** A SetupIntent made as the payment step makes it; confirmed with a test card unless `confirm` is false. */
async function setupIntent(email: string, confirm = true): Promise<string> {
  const { clientSecret } = await createSignupSetupIntent(
    setupIntentRequestSchema.parse({ email, name: "Nia Okafor", companyName: "Acme" }),
  );
  const id = clientSecret.split("_secret_")[0]!;
  if (confirm) {
    // As Stripe.js does from the browser: the publishable key and the client secret.
    const res = await fetch(`${standin().url}/v1/setup_intents/${id}/confirm`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${TEST_STRIPE_PUBLISHABLE_KEY}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        client_secret: clientSecret,
        "payment_method_data[type]": "card",
        "payment_method_data[card][number]": "4242424242424242",
      }),
    });
    expect(res.status).toBe(200);
  }
  return id;
}

const orgCount = async (subdomain: string) =>
  Number((await owner().query(`SELECT count(*) FROM "Organization" WHERE subdomain = $1`, [subdomain])).rows[0].count);
const provisionJobs = async (orgId: string) =>
  Number(
    (
      await owner().query(`SELECT count(*) FROM pgboss.job WHERE name = 'billing-provision' AND data->>'orgId' = $1`, [
        orgId,
      ])
    ).rows[0].count,
  );
const customersOf = (orgId: string) =>
  Object.values(standin().state().customers).filter((c) => c.metadata?.organizationId === orgId);
const subscriptionsOf = (orgId: string) =>
  Object.values(standin().state().subscriptions).filter((s) => s.metadata?.organizationId === orgId);

async function expectRefused(p: Promise<unknown>, status: number, code: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect(statusOf(err as DomainError)).toBe(status);
  expect((err as DomainError).code).toBe(code);
  return err as DomainError;
}

async function signUp() {
  const subdomain = uniqueName("bs");
  const email = `nia@${subdomain}.example`;
  const si = await setupIntent(email);
  await completeSignup(input(subdomain, { setupIntentId: si }));
  const orgId = (await orgIdForSubdomain(subdomain))!;
  return { subdomain, email, si, orgId };
}

describe("signup with a card", () => {
  it("creates the workspace with its BillingAccount and queues provisioning in the same transaction", async () => {
    const { orgId, si } = await signUp();
    const account = await withOrg(orgId, (tx) =>
      tx.billingAccount.findUniqueOrThrow({ where: { organizationId: orgId } }),
    );
    expect(account).toMatchObject({
      setupIntentId: si,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      provisionedAt: null,
    });
    expect(account.paymentMethodId).toMatch(/^pm_/);
    expect(await provisionJobs(orgId)).toBe(1);
    // Stripe is not asked for a customer during signup.
    expect(customersOf(orgId)).toHaveLength(0);
  });

  it("provisioning makes one customer with the card as default and one trialing subscription for the seats, even run twice", async () => {
    const { orgId, email } = await signUp();
    await provisionBilling(orgId);
    await provisionBilling(orgId);

    const org = await withOrg(orgId, (tx) =>
      tx.organization.findUniqueOrThrow({ where: { id: orgId }, include: { billingAccount: true } }),
    );
    const customers = customersOf(orgId);
    expect(customers).toHaveLength(1);
    const customer = customers[0]!;
    expect(customer.email).toBe(email);
    expect(customer.invoice_settings?.default_payment_method).toBe(org.billingAccount!.paymentMethodId);

    const subs = subscriptionsOf(orgId);
    expect(subs).toHaveLength(1);
    const sub = subs[0]!;
    expect(sub.status).toBe("trialing");
    expect(sub.customer).toBe(customer.id);
    expect(sub.items.data[0]!.quantity).toBe(org.maxUsers);
    expect(sub.trial_end).toBe(Math.floor(org.trialEndDate!.getTime() / 1000));

    expect(org.billingAccount).toMatchObject({ stripeCustomerId: customer.id, stripeSubscriptionId: sub.id });
    expect(org.billingAccount!.provisionedAt).not.toBeNull();
    expect(org.billingAccount!.lastSyncedAt).not.toBeNull();
    expect(org.subscriptionStatus).toBe("trialing");
  });

  it("a Stripe outage makes the job throw (retried); a retry after a failure part-way makes no second customer or subscription", async () => {
    const { orgId } = await signUp();
    standin().setFailing(true);
    try {
      await expect(provisionBilling(orgId)).rejects.toThrow();
    } finally {
      standin().setFailing(false);
    }
    expect(customersOf(orgId)).toHaveLength(0);

    // The customer was created but its id never stored (the process died right after).
    await provisionBilling(orgId);
    await withOrg(orgId, (tx) =>
      tx.billingAccount.update({
        where: { organizationId: orgId },
        data: { stripeCustomerId: null, stripeSubscriptionId: null, provisionedAt: null },
      }),
    );
    await provisionBilling(orgId);
    expect(customersOf(orgId)).toHaveLength(1);
    expect(subscriptionsOf(orgId)).toHaveLength(1);
    const account = await withOrg(orgId, (tx) =>
      tx.billingAccount.findUniqueOrThrow({ where: { organizationId: orgId } }),
    );
    expect(account).toMatchObject({
      stripeCustomerId: customersOf(orgId)[0]!.id,
      stripeSubscriptionId: subscriptionsOf(orgId)[0]!.id,
    });
  });

  it("refuses an unconfirmed SetupIntent, another e-mail's, a missing one and a made-up one, creating nothing", async () => {
    const subdomain = uniqueName("bs");
    const email = `nia@${subdomain}.example`;
    const unconfirmed = await setupIntent(email, false);
    const other = await setupIntent(`someone@${subdomain}.example`);
    for (const setupIntentId of [unconfirmed, other, undefined, "seti_doesnotexist"]) {
      const err = await expectRefused(
        completeSignup(input(subdomain, { setupIntentId })),
        400,
        "payment_setup_invalid",
      );
      expect(err.message).toBe(PAYMENT_SETUP_INVALID);
    }
    expect(await orgCount(subdomain)).toBe(0);
  });

  it("a SetupIntent already used for a workspace gets 409 and creates nothing", async () => {
    const { si, email } = await signUp();
    const subdomain = uniqueName("bs");
    // The same person (same e-mail) trying to make a second workspace with the same card setup.
    await expectRefused(
      completeSignup(input(subdomain, { workEmail: email, setupIntentId: si })),
      409,
      "payment_setup_invalid",
    );
    expect(await orgCount(subdomain)).toBe(0);
  });

  it("the SetupIntent carries the signup's e-mail (lower-cased) and is for off-session card use", async () => {
    const { clientSecret } = await createSignupSetupIntent(
      setupIntentRequestSchema.parse({ email: "Nia@Example.COM", name: "Nia", companyName: "Acme" }),
    );
    const intent = await testStripe().setupIntents.retrieve(clientSecret.split("_secret_")[0]!);
    expect(intent.usage).toBe("off_session");
    expect(intent.metadata).toMatchObject({ signupEmail: "nia@example.com", companyName: "Acme", name: "Nia" });
  });

  it("the routes: setup-intent on the main site only, checked input; complete with the SetupIntent answers as before", async () => {
    const subdomain = uniqueName("bs");
    const email = `nia@${subdomain}.example`;
    const ok = await post(setupIntentRoute, "localhost:3000", "/api/signup/setup-intent", {
      email,
      name: "Nia Okafor",
      companyName: "Acme",
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { clientSecret: string }).clientSecret).toMatch(/^seti_.+_secret_/);
    expect(
      (
        await post(setupIntentRoute, "localhost:3000", "/api/signup/setup-intent", {
          email: "not-an-email",
          name: "",
          companyName: "Acme",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await post(setupIntentRoute, "acme.localhost:3000", "/api/signup/setup-intent", {
          email,
          name: "Nia",
          companyName: "Acme",
        })
      ).status,
    ).toBe(404);

    const si = await setupIntent(email);
    const body = { ...input(subdomain), confirmPassword: PASSWORD, setupIntentId: si };
    const done = await post(completeRoute, "localhost:3000", "/api/signup/complete", body);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ subdomain, message: "Your workspace is ready" });
    const again = await post(completeRoute, "localhost:3000", "/api/signup/complete", {
      ...body,
      subdomain: uniqueName("bs"),
    });
    expect(again.status).toBe(409);
    const noCard = await post(completeRoute, "localhost:3000", "/api/signup/complete", {
      ...body,
      subdomain: uniqueName("bs"),
      setupIntentId: undefined,
    });
    expect(noCard.status).toBe(400);
    expect(await noCard.json()).toMatchObject({ code: "payment_setup_invalid" });
  });
});
