"use client";

import { useEffect, useState } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { CheckCircle2, Info } from "lucide-react";
import { CHECKOUT_MESSAGE, checkoutReturnOf } from "@/components/billing/billing-view";

const REFRESH_EVERY_MS = 2000;
const MAX_REFRESHES = 8;

/**
 * The message after Stripe Checkout sends the admin back (`?billing=success|cancelled`). Stripe's
 * webhook may land a moment after the browser does, so after a success the page is read again a
 * few times (bounded) until the billing state differs from what it showed on return.
 */
export function CheckoutReturn({
  signature,
  settled,
  doneMessage,
}: {
  signature: string;
  settled: boolean;
  doneMessage: string;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  // Read once: the query is then taken out of the address, so a reload does not say it again.
  const [result] = useState(() => checkoutReturnOf(params.get("billing")));
  const [first] = useState(signature);
  const [refreshes, setRefreshes] = useState(0);

  useEffect(() => {
    if (result) window.history.replaceState(window.history.state, "", `${pathname}${window.location.hash}`);
  }, [result, pathname]);

  const waiting = result === "success" && !settled && signature === first && refreshes < MAX_REFRESHES;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setRefreshes((n) => n + 1);
      router.refresh();
    }, REFRESH_EVERY_MS);
    return () => clearTimeout(timer);
  }, [waiting, refreshes, router]);

  if (!result) return null;
  const Icon = result === "success" ? CheckCircle2 : Info;
  return (
    <div
      role="status"
      className={`mb-4 flex gap-3 rounded-lg p-4 text-sm ${result === "success" ? "bg-emerald-50 text-emerald-900" : "bg-slate-50 text-slate-700"}`}
      data-testid="checkout-return"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{result === "success" && (signature !== first || settled) ? doneMessage : CHECKOUT_MESSAGE[result]}</p>
    </div>
  );
}
