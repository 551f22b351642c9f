"use client";

import { z } from "zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query/keys";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { FormAlert, SubmitButton, TextField } from "@/components/forms/fields";
import { recoveredText, vaultApi, type RecoverResult } from "@/components/vault/vault-api";

// 8 groups of 4; spaces and dashes as the person likes (the server ignores them too).
const recoverSchema = z.object({
  recoveryKey: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().min(1, "Enter your recovery key").length(32, "A recovery key has 32 characters (8 groups of 4)")),
});

/**
 * "Enter recovery key": opens the vaults a password reset sealed. On success the vault status is
 * refreshed, the toast says what came back, and `onRecovered` lets the page reload its lists.
 */
export default function RecoverDialog({
  onRecovered,
  onClose,
}: {
  onRecovered: (result: RecoverResult) => void;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const form = useFormFields(recoverSchema, { recoveryKey: "" }, { idPrefix: "vault-recover-" });
  const mutation = useMutation({
    mutationFn: (sent: { recoveryKey: string }) => vaultApi.recover(sent.recoveryKey),
    onSuccess: async (result) => {
      // The notice that opened this is gone once the status is in: closed after it, focus then
      // goes to the page's heading instead of a button that no longer exists.
      await qc.invalidateQueries({ queryKey: queryKeys.vault(), exact: true });
      toast({ title: "Private vault opened", description: recoveredText(result) });
      onRecovered(result);
      onClose();
    },
    onError: (err, sent) =>
      form.showAnswer(failedAnswer(err, "Could not open your sealed vault. Please try again."), sent),
  });

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending || form.check(e.currentTarget) === null) return;
    mutation.mutate(form.values);
  }

  return (
    <Dialog open onOpenChange={(o) => (!o && !mutation.isPending ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Enter recovery key</DialogTitle>
          <DialogDescription>
            The recovery key you saved when you created your private vault opens the conversations and private notes
            that a password reset sealed.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextField
            form={form}
            name="recoveryKey"
            label="Recovery key"
            hint={
              <p className="text-xs text-slate-600">
                8 groups of 4 characters, as in your saved file, for example 7K2M-Q9XD-...
              </p>
            }
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="[&_input]:font-mono"
          />
          <FormAlert alert={form.alert} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <SubmitButton pending={mutation.isPending} pendingLabel="Opening...">
              Open sealed vault
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
