"use client";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** Asks before an action: one that cannot be undone, or one that reaches many people. It stays open
 * (and cannot be dismissed) while the action runs; the caller closes it when the action is done. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  pendingLabel = "Working...",
  cancelLabel = "Cancel",
  pending,
  onConfirm,
  onClose,
  destructive = true,
  returnFocusFallback,
  children,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  /** The confirm button's text while the action runs ("Deleting...", "Cancelling..."). */
  pendingLabel?: string;
  /** The button that closes without acting ("Keep meeting" where "Cancel" would be ambiguous). */
  cancelLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Red confirm button for what cannot be undone (the default); plain for other confirmations. */
  destructive?: boolean;
  /** Id of what takes focus once the confirmed action removed the opener (see DialogContent). */
  returnFocusFallback?: string;
  /** Between the description and the buttons: a choice the action takes, or its error. */
  children?: React.ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(o) => (!o && !pending ? onClose() : undefined)}>
      <DialogContent hideClose returnFocusFallback={returnFocusFallback}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            variant={destructive ? "destructive" : "default"}
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
