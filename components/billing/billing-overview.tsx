import { Check } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatUsd, monthlyTotal, PRICE_PER_USER_USD } from "@/lib/billing/pricing";

const FEATURES = [
  "Unlimited surveys and analytics",
  "Real-time culture insights",
  "AI coaching (Boss Bot)",
  "Anonymous feedback channels",
  "1:1 meeting tools and templates",
  "Culture alerts and monitoring",
  "Email support and onboarding",
];

const STATUS_LABEL: Record<string, string> = { trialing: "Free Trial", active: "Active", past_due: "Past due", canceled: "Cancelled", incomplete: "Incomplete" };

/** Billing & Subscription: plan, usage and features. Subscribing through Stripe comes with the
 * billing work; until Stripe is configured the section says so plainly (decisions.md). */
export function BillingOverview({ status, trialEndDate, trialEnded, userCount, maxUsers }: {
  status: string;
  trialEndDate: Date | null;
  /** Decided by the server at request time. */
  trialEnded: boolean;
  userCount: number;
  maxUsers: number;
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="rounded-lg border border-slate-200 p-4">
        <h3 className="text-sm font-medium text-slate-600">Current plan</h3>
        <p className="mt-2 flex items-center gap-2 text-xl font-semibold">
          {STATUS_LABEL[status] ?? status}
          {status === "trialing" ? <Badge variant={trialEnded ? "destructive" : "default"}>{trialEnded ? "Trial ended" : "Trial"}</Badge> : null}
        </p>
        {status === "trialing" && trialEndDate ? (
          <p className="mt-1 text-sm text-slate-600">{`${trialEnded ? "Trial ended" : "Trial ends"} ${trialEndDate.toLocaleDateString("en-US", { dateStyle: "long" })}`}</p>
        ) : null}
        <p className="mt-3 rounded-md bg-slate-50 p-2 text-xs text-slate-600">Billing is not configured on this installation, so subscriptions cannot be started here yet.</p>
      </div>
      <div className="rounded-lg border border-slate-200 p-4">
        <h3 className="text-sm font-medium text-slate-600">Usage overview</h3>
        <p className="mt-2 text-xl font-semibold">{`${userCount} / ${maxUsers} users`}</p>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label="Seats used" aria-valuemin={0} aria-valuemax={maxUsers} aria-valuenow={userCount}>
          <div className="h-full bg-brand-600" style={{ width: `${Math.min(100, (userCount / Math.max(1, maxUsers)) * 100)}%` }} />
        </div>
        <p className="mt-3 text-sm text-slate-600">
          {`${formatUsd(PRICE_PER_USER_USD)} per user per month: ${formatUsd(monthlyTotal(userCount))} / month for ${userCount} ${userCount === 1 ? "user" : "users"}`}
        </p>
      </div>
      <div className="rounded-lg border border-slate-200 p-4">
        <h3 className="text-sm font-medium text-slate-600">Included</h3>
        <ul className="mt-2 space-y-1.5 text-sm">
          {FEATURES.map((f) => (
            <li key={f} className="flex gap-2"><Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />{f}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
