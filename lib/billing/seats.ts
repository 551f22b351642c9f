import "server-only";
import { isLiveStatus } from "@/lib/billing/status";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { withOrg } from "@/lib/db/tenant";
import { audit } from "@/lib/audit/audit";
import { conflict, invalidInput } from "@/lib/errors/domain-error";
import { billingEnabled } from "@/lib/billing/config";
import { billingOverviewIn } from "@/lib/billing/overview";
import { seatsSchema, SEATS_MESSAGE } from "@/lib/billing/schemas";
import { callStripe } from "@/lib/billing/stripe-client";
import { syncAfterAction } from "@/lib/billing/subscription";
import type { BillingChangeDto } from "@/lib/billing/dto";
import { plural } from "@/lib/format";

// Seats (= Organization.maxUsers). The organisation row is locked first, as adding a user does
// (lib/people/seats.ts assertSeatsFor), so a seat cut and a user add cannot pass each other.
// With a live subscription Stripe's quantity is changed inside that transaction (prorated): if
// Stripe refuses or cannot be reached, the transaction rolls back and nothing is changed.

// Room for a Stripe round trip (with the client's own retries) inside the transaction.
const SEATS_TX_TIMEOUT_MS = 45_000;

const seatsBelowUsersMessage = (users: number) =>
  `Seats cannot be fewer than the ${plural(users, "person", "people")} in this workspace.`;

export async function changeSeats(ctx: AuthContext, seats: number): Promise<BillingChangeDto> {
  requirePermission(ctx, "billing.manage");
  if (!seatsSchema.safeParse(seats).success) throw invalidInput(SEATS_MESSAGE, { seats: [SEATS_MESSAGE] });
  const stripeOn = billingEnabled();

  const before = await withOrg(
    ctx.orgId,
    async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM "Organization" WHERE "id" = ${ctx.orgId}::uuid FOR UPDATE`;
      const [org, users, account] = await Promise.all([
        tx.organization.findUniqueOrThrow({
          where: { id: ctx.orgId },
          select: { maxUsers: true, subscriptionStatus: true },
        }),
        tx.user.count({ where: { organizationId: ctx.orgId } }),
        tx.billingAccount.findUnique({ where: { organizationId: ctx.orgId }, select: { stripeSubscriptionId: true } }),
      ]);
      if (seats < users) {
        const message = seatsBelowUsersMessage(users);
        throw conflict("seats_below_users", message, { seats: [message] });
      }
      if (seats === org.maxUsers) return org.maxUsers;
      const subId = account?.stripeSubscriptionId;
      if (stripeOn && subId && isLiveStatus(org.subscriptionStatus)) {
        await callStripe("seats", ctx.orgId, async (s) => {
          const sub = await s.subscriptions.retrieve(subId);
          const item = sub.items.data[0];
          if (!item) throw new Error(`subscription ${subId} has no item`);
          if (item.quantity !== seats) {
            await s.subscriptions.update(subId, {
              items: [{ id: item.id, quantity: seats }],
              proration_behavior: "create_prorations",
            });
          }
        });
      }
      await tx.organization.update({ where: { id: ctx.orgId }, data: { maxUsers: seats } });
      await audit(
        tx,
        ctx,
        "billing.seats_changed",
        { type: "organization", id: ctx.orgId },
        { from: org.maxUsers, to: seats },
      );
      return org.maxUsers;
    },
    { timeoutMs: SEATS_TX_TIMEOUT_MS },
  );

  if (stripeOn && before !== seats) await syncAfterAction(ctx.orgId);
  const billing = await withOrg(ctx.orgId, (tx) => billingOverviewIn(tx, ctx));
  return { message: `Your workspace now has ${plural(billing.seats, "seat")}.`, billing };
}
