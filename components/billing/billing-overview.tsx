"use client";

import { Check } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { BillingOverviewDto } from "@/lib/billing/dto";
import {
  billingButtons,
  billingSignature,
  checkoutDoneMessage,
  checkoutOpenNote,
  planDetail,
  seatsPriceLine,
  seatsUsedPercent,
} from "@/components/billing/billing-view";
import { BillingActions } from "@/components/billing/billing-actions";
import { CheckoutReturn } from "@/components/billing/checkout-return";
import { SeatsForm } from "@/components/billing/seats-form";
import { plural } from "@/lib/format";

const FEATURES = [
  "Unlimited surveys and analytics",
  "Real-time culture insights",
  "AI coaching (Boss Bot)",
  "Anonymous feedback channels",
  "1:1 meeting tools and templates",
  "Culture alerts and monitoring",
  "Email support and onboarding",
];

// Seats are changed by admins only (billing.manage): the others are not told they can.
const notConfigured = (canManage: boolean) =>
  `Billing is not configured on this installation, so subscriptions cannot be started here.${canManage ? " Seats can still be changed." : ""}`;

const BADGE: Partial<Record<BillingOverviewDto["status"], { text: string; variant: "default" | "destructive" }>> = {
  trialing: { text: "Trial", variant: "default" },
  past_due: { text: "Payment failed", variant: "destructive" },
};

/** Billing & Subscription: plan, usage (with the seats editor) and features, driven by the
 * server's BillingOverviewDto. Admins act; managers see the same read-only. */
export function BillingOverview({ orgId, overview: o }: { orgId: string; overview: BillingOverviewDto }) {
  const detail = planDetail(o, new Date());
  const openNote = checkoutOpenNote(o);
  const badge = o.readOnly ? { text: "Read-only", variant: "destructive" as const } : BADGE[o.status];
  return (
    <div>
      <CheckoutReturn signature={billingSignature(o)} settled={o.subscribed} doneMessage={checkoutDoneMessage(o)} />
      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="billing-plan" className="min-w-0 rounded-lg border border-slate-200 p-4">
          <h3 id="billing-plan" className="text-sm font-medium text-slate-600">
            Current plan
          </h3>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-xl font-semibold" data-testid="billing-status">
            {o.statusLabel}
            {badge ? <Badge variant={badge.variant}>{badge.text}</Badge> : null}
          </p>
          {detail ? (
            <p className="mt-1 text-sm text-slate-600" data-testid="billing-detail">
              {detail}
            </p>
          ) : null}
          {o.configured ? null : (
            <p className="mt-3 rounded-md bg-slate-50 p-2 text-xs text-slate-600">{notConfigured(o.canManage)}</p>
          )}
          {o.configured && !o.canManage ? (
            <p className="mt-3 text-xs text-slate-500">Only administrators can change the subscription.</p>
          ) : null}
          {openNote ? (
            <p className="mt-3 text-sm text-slate-600" data-testid="billing-checkout-open">
              {openNote}
            </p>
          ) : null}
          <BillingActions orgId={orgId} buttons={billingButtons(o)} />
        </section>
        <section aria-labelledby="billing-usage" className="min-w-0 rounded-lg border border-slate-200 p-4">
          <h3 id="billing-usage" className="text-sm font-medium text-slate-600">
            Usage overview
          </h3>
          <p
            className="mt-2 text-xl font-semibold"
            data-testid="billing-usage"
          >{`${o.userCount} / ${plural(o.seats, "seat")} used`}</p>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label="Seats used"
            aria-valuemin={0}
            aria-valuemax={o.seats}
            aria-valuenow={o.userCount}
          >
            <div className="h-full bg-brand-600" style={{ width: `${seatsUsedPercent(o.userCount, o.seats)}%` }} />
          </div>
          <p className="mt-3 text-sm text-slate-600" data-testid="billing-total">
            {seatsPriceLine(o)}
          </p>
          {o.canManage ? <SeatsForm key={o.seats} orgId={orgId} seats={o.seats} /> : null}
        </section>
        <section aria-labelledby="billing-features" className="min-w-0 rounded-lg border border-slate-200 p-4">
          <h3 id="billing-features" className="text-sm font-medium text-slate-600">
            Included
          </h3>
          <ul className="mt-2 space-y-1.5 text-sm">
            {FEATURES.map((f) => (
              <li key={f} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                {f}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
