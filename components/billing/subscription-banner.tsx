import Link from "next/link";
import { CreditCard, Lock } from "lucide-react";
import type { SubscriptionBannerDto } from "@/lib/billing/access";

/**
 * The app shell's subscription banner (server component, no client JS). Read-only workspace:
 * everyone sees it, admins get a link to subscribe again. Last payment failed: admins only.
 */
export function SubscriptionBanner({ banner }: { banner: SubscriptionBannerDto | null }) {
  if (!banner) return null;
  if (banner.kind === "read_only") {
    return (
      <section
        role="status"
        aria-labelledby="subscription-banner-title"
        data-testid="subscription-banner"
        className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
          <div className="flex-1 space-y-1">
            <h2 id="subscription-banner-title" className="font-semibold">
              This workspace is read-only: its subscription has ended.
            </h2>
            <p>
              Everything stays readable and exportable, but nothing can be sent or added (people, invitations, surveys, 1:1s, Boss Bot
              conversations) until the workspace subscribes again.{" "}
              {banner.canManage ? null : "Ask your administrator to subscribe in Settings > Billing & Subscription."}
            </p>
          </div>
          {banner.canManage ? (
            <Link
              href="/settings#billing"
              className="inline-flex h-9 shrink-0 items-center justify-center rounded-md bg-red-700 px-4 font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
            >
              Subscribe
            </Link>
          ) : null}
        </div>
      </section>
    );
  }
  return (
    <section
      role="status"
      aria-labelledby="subscription-banner-title"
      data-testid="subscription-banner"
      className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <CreditCard aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <div className="flex-1 space-y-1">
          <h2 id="subscription-banner-title" className="font-semibold">
            Payment failed
          </h2>
          <p>Your last payment failed. Update your card in Settings &gt; Billing to keep your workspace running.</p>
        </div>
        <Link
          href="/settings#billing"
          className="inline-flex h-9 shrink-0 items-center justify-center rounded-md border border-amber-300 bg-white px-4 font-medium text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
        >
          Update card
        </Link>
      </div>
    </section>
  );
}
