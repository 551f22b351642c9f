"use client";

import { useEffect } from "react";
import { PartyPopper } from "lucide-react";
import { Button } from "@/components/ui/button";

export const SUCCESS_REDIRECT_MS = 3000;

/** Step 3: the trial has started; on to the new workspace after 3 seconds. */
export function WelcomeStep({
  firstName,
  productName,
  target,
}: {
  firstName: string;
  productName: string;
  target: string;
}) {
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(target), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [target]);

  return (
    <div className="space-y-5 text-center">
      <PartyPopper className="mx-auto size-12 text-brand-600" aria-hidden />
      <div className="space-y-2">
        <p className="text-lg font-semibold text-slate-900">
          Welcome to {productName}, {firstName}!
        </p>
        <p className="text-sm text-slate-600">Your 7-day free trial has started. Taking you to your dashboard...</p>
      </div>
      <Button type="button" size="lg" className="w-full" onClick={() => window.location.assign(target)}>
        Go to Dashboard Now
      </Button>
    </div>
  );
}
