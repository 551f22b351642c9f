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

/** Asks before an item is deleted. Focus goes back to the card's Delete button on Cancel, and
 * to `fallbackFocusId` when that card is gone. */
export function DeleteContentDialog({
  title,
  pending,
  onConfirm,
  onClose,
  fallbackFocusId,
}: {
  title: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  fallbackFocusId: string;
}) {
  return (
    <Dialog open onOpenChange={(o) => (!o && !pending ? onClose() : undefined)}>
      <DialogContent hideClose returnFocusFallback={fallbackFocusId}>
        <DialogHeader>
          <DialogTitle>Delete this content?</DialogTitle>
          <DialogDescription>{`"${title}" will be removed from the library and Boss Bot will no longer use it. This cannot be undone.`}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? "Deleting..." : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
