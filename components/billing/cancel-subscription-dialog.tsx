"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormAlert } from "@/components/forms/fields";
import { toast } from "@/components/ui/toast";
import { problemOf } from "@/lib/api/client";
import { cancelSubscription } from "@/lib/billing/client";

const CANCELLED_FALLBACK = "Your subscription will remain active until the end of the billing period.";
const CANCEL_FAILED = "Failed to cancel subscription";

const TEXTS = {
  subscription: {
    title: "Cancel subscription?",
    description:
      "The subscription stays active until the end of the billing period; nothing more is charged after that. You can resume it until then. Afterwards the workspace becomes read-only; nothing is deleted.",
    confirm: "Cancel Subscription",
    keep: "Keep subscription",
    done: "Subscription Cancelled",
  },
  // The signup's trial: the same cancellation at the period's end, which for a trial is its end.
  trial: {
    title: "Cancel trial?",
    description:
      "Your card on file will not be charged. The workspace stays usable until the trial ends and then becomes read-only; nothing is deleted. You can still start a subscription before or after that.",
    confirm: "Cancel trial",
    keep: "Keep trial",
    done: "Trial cancelled",
  },
} as const;

/** Confirms 'Cancel Subscription', or 'Cancel trial' (kind "trial"): cancel at the end of the
 * period. Mounted fresh each time. */
export function CancelSubscriptionDialog({
  orgId,
  onClose,
  kind = "subscription",
}: {
  orgId: string;
  onClose: () => void;
  kind?: keyof typeof TEXTS;
}) {
  const text = TEXTS[kind];
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => cancelSubscription(orgId),
    onSuccess: ({ message }) => {
      // The product's wording: 'Subscription Cancelled: Your subscription will remain active until the end of the
      // billing period.'
      toast({ title: text.done, description: message || CANCELLED_FALLBACK });
      onClose();
    },
    onError: (err) => {
      const detail = problemOf(err)?.message;
      // Said once, in the dialog that is still open ('Failed to cancel subscription').
      setError(detail ? `${CANCEL_FAILED}: ${detail}` : CANCEL_FAILED);
    },
    onSettled: () => router.refresh(),
  });

  return (
    <ConfirmDialog
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      pendingLabel="Cancelling..."
      cancelLabel={text.keep}
      pending={mutation.isPending}
      onClose={onClose}
      onConfirm={() => {
        setError(null);
        mutation.mutate();
      }}
    >
      <FormAlert alert={error ? { tone: "error", lines: [error] } : null} />
    </ConfirmDialog>
  );
}
