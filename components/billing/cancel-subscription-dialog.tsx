"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
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
    <Dialog open onOpenChange={(o) => (!o && !mutation.isPending ? onClose() : undefined)}>
      <DialogContent hideClose>
        <DialogHeader>
          <DialogTitle>Cancel subscription?</DialogTitle>
          <DialogDescription>
            The subscription stays active until the end of the billing period; nothing more is charged after that. You
            can resume it until then. Afterwards the workspace becomes read-only; nothing is deleted.
          </DialogDescription>
        </DialogHeader>
        <FormAlert alert={error ? { tone: "error", lines: [error] } : null} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Keep subscription
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              setError(null);
              mutation.mutate();
            }}
            disabled={mutation.isPending}
            aria-busy={mutation.isPending || undefined}
          >
            {mutation.isPending ? "Cancelling..." : "Cancel Subscription"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
