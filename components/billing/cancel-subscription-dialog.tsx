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

/** Confirms 'Cancel Subscription' (cancel at the end of the period). Mounted fresh each time. */
export function CancelSubscriptionDialog({ orgId, onClose }: { orgId: string; onClose: () => void }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => cancelSubscription(orgId),
    onSuccess: ({ message }) => {
      // The product's wording: 'Subscription Cancelled: Your subscription will remain active until the end of the
      // billing period.'
      toast({ title: "Subscription Cancelled", description: message || CANCELLED_FALLBACK });
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
      title="Cancel subscription?"
      description="The subscription stays active until the end of the billing period; nothing more is charged after that. You can resume it until then. Afterwards the workspace becomes read-only; nothing is deleted."
      confirmLabel="Cancel Subscription"
      pendingLabel="Cancelling..."
      cancelLabel="Keep subscription"
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
