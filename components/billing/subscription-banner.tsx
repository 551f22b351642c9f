import Link from "next/link";
import type { ReactNode } from "react";
import { CreditCard, Lock, type LucideIcon } from "lucide-react";
import type { SubscriptionBannerDto } from "@/lib/billing/access";
import { BILLING_PATH } from "@/lib/billing/urls";

// The two banners differ only in colour, icon, words and link; the layout is written once.
type Look = { tone: string; icon: LucideIcon; iconTone: string; linkTone: string };

const READ_ONLY: Look = {
  tone: "border-red-200 bg-red-50 text-red-900",
  icon: Lock,
  iconTone: "text-red-600",
  linkTone: "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700",
};
const PAYMENT_FAILED: Look = {
  tone: "border-amber-200 bg-amber-50 text-amber-900",
  icon: CreditCard,
  iconTone: "text-amber-600",
  linkTone: "border border-amber-300 bg-white text-amber-900 hover:bg-amber-100 focus-visible:outline-amber-700",
};

/**
 * The app shell's subscription banner (server component, no client JS). Read-only workspace:
 * everyone sees it, admins get a link to subscribe again. Last payment failed: admins only.
 */
export function SubscriptionBanner({ banner }: { banner: SubscriptionBannerDto | null }) {
  if (!banner) return null;
  if (banner.kind === "read_only") {
    return (
      <Banner
        look={READ_ONLY}
        title="This workspace is read-only: its subscription has ended."
        link={banner.canManage ? "Subscribe" : null}
      >
        Everything stays readable and exportable, but nothing can be sent, added or changed (people, surveys, 1:1s and
        their notes, the library, Boss Bot conversations, settings) until the workspace subscribes again.{" "}
        {banner.canManage ? null : "Ask an admin of your organisation to subscribe again."}
      </Banner>
    );
  }
  return (
    <Banner look={PAYMENT_FAILED} title="Payment failed" link="Update card">
      Your last payment failed. Update your card in Settings &gt; Billing to keep your workspace running.
    </Banner>
  );
}

function Banner({
  look,
  title,
  link,
  children,
}: {
  look: Look;
  title: string;
  link: string | null;
  children: ReactNode;
}) {
  const Icon = look.icon;
  return (
    <section
      role="status"
      aria-labelledby="subscription-banner-title"
      data-testid="subscription-banner"
      className={`mb-6 rounded-lg border p-4 text-sm ${look.tone}`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${look.iconTone}`} />
        <div className="flex-1 space-y-1">
          <h2 id="subscription-banner-title" className="font-semibold">
            {title}
          </h2>
          <p>{children}</p>
        </div>
        {link ? (
          <Link
            href={BILLING_PATH}
            className={`inline-flex h-9 shrink-0 items-center justify-center rounded-md px-4 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 ${look.linkTone}`}
          >
            {link}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
