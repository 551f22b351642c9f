"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { CreditCard, ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { problemOf } from "@/lib/api/client";
import { openBillingPortal, resumeSubscription, startCheckout } from "@/lib/billing/client";
import type { BillingButtons } from "@/components/billing/billing-view";
import { CancelSubscriptionDialog } from "@/components/billing/cancel-subscription-dialog";
import { externalPaymentUrl } from "@/lib/billing/redirect";

/** The server's message for a failed call, or the fallback (a network failure, a proxy's page). */
const messageOf = (err: unknown, fallback: string) => problemOf(err)?.message ?? fallback;

/** 'Start Subscription', 'Cancel Subscription', 'Cancel trial', 'Resume subscription', 'Manage billing'. */
export function BillingActions({ orgId, buttons }: { orgId: string; buttons: BillingButtons }) {
  const router = useRouter();
  const [cancelling, setCancelling] = useState<"subscription" | "trial" | null>(null);
  // Stays true once the browser is on its way to Stripe, so nothing is pressed twice meanwhile.
  const [leaving, setLeaving] = useState(false);
  const go = (url: string) => {
    const target = externalPaymentUrl(url);
    if (!target) {
      toast({ title: "Failed to open the payment page", description: "Please try again.", variant: "destructive" });
      return;
    }
    setLeaving(true);
    window.location.assign(target);
  };

  const checkout = useMutation({
    mutationFn: () => startCheckout(orgId),
    onSuccess: ({ checkoutUrl }) => go(checkoutUrl),
    onError: (err) => {
      toast({
        title: "Failed to start the subscription",
        description: messageOf(err, "Please try again."),
        variant: "destructive",
      });
      router.refresh();
    },
  });
  const portal = useMutation({
    mutationFn: () => openBillingPortal(orgId),
    onSuccess: ({ url }) => go(url),
    onError: (err) =>
      toast({
        title: "Failed to open billing",
        description: messageOf(err, "Please try again."),
        variant: "destructive",
      }),
  });
  const resume = useMutation({
    mutationFn: () => resumeSubscription(orgId),
    onSuccess: ({ message }) => toast({ title: "Subscription resumed", description: message }),
    onError: (err) =>
      toast({
        title: "Failed to resume subscription",
        description: messageOf(err, "Please try again."),
        variant: "destructive",
      }),
    onSettled: () => router.refresh(),
  });

  const busy = leaving || checkout.isPending || portal.isPending || resume.isPending;
  if (!Object.values(buttons).some(Boolean)) return null;
  return (
    <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {buttons.start ? (
        <Button
          type="button"
          onClick={() => checkout.mutate()}
          disabled={busy}
          aria-busy={checkout.isPending || undefined}
        >
          <CreditCard aria-hidden="true" />
          {checkout.isPending || (leaving && checkout.isSuccess) ? "Redirecting..." : "Start Subscription"}
        </Button>
      ) : null}
      {buttons.resume ? (
        <Button type="button" onClick={() => resume.mutate()} disabled={busy} aria-busy={resume.isPending || undefined}>
          {resume.isPending ? "Resuming..." : "Resume subscription"}
        </Button>
      ) : null}
      {buttons.portal ? (
        <Button
          type="button"
          variant="outline"
          onClick={() => portal.mutate()}
          disabled={busy}
          aria-busy={portal.isPending || undefined}
        >
          <ExternalLink aria-hidden="true" />
          {portal.isPending || (leaving && portal.isSuccess) ? "Opening..." : "Manage billing"}
        </Button>
      ) : null}
      {buttons.cancel ? (
        <Button
          type="button"
          variant="outline"
          className="text-red-700 hover:bg-red-50"
          onClick={() => setCancelling("subscription")}
          disabled={busy}
        >
          Cancel Subscription
        </Button>
      ) : null}
      {buttons.cancelTrial ? (
        <Button type="button" variant="secondary" onClick={() => setCancelling("trial")} disabled={busy}>
          Cancel trial
        </Button>
      ) : null}
      {cancelling ? (
        <CancelSubscriptionDialog orgId={orgId} kind={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
    </div>
  );
}
