"use client";

import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { z } from "zod";
import { Copy, Download, Printer } from "lucide-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { problemOf } from "@/lib/api/client";
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
import { Spinner } from "@/components/ui/spinner";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { FormAlert, SubmitButton, TextField } from "@/components/forms/fields";
import { vaultApi, type RecoveryKey, type VaultStatus } from "@/components/vault/vault-api";

export const RECOVERY_KEY_FILE = "pulsewell-recovery-key.txt";

// What the person types: one group of four characters; case, spaces and dashes do not matter
// (the server compares the same way and says whether it matches).
const groupSchema = z.object({
  value: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().min(1, "Type the 4 characters of that group").length(4, "A group has 4 characters")),
});

function keyFileText(key: string): string {
  return [
    "Pulsewell recovery key",
    "",
    key,
    "",
    "This key opens your Boss Bot conversations and private 1:1 notes if you ever reset your password.",
    "Keep it somewhere safe and private. Pulsewell cannot show it again or recover it for you.",
    "",
  ].join("\r\n");
}

/** The key's groups, each kept whole when the line wraps (a phone shows it on two or three lines). */
function KeyGroups({ value, testId }: { value: string; testId?: string }) {
  const groups = value.split("-");
  return (
    <p
      data-testid={testId}
      className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-3 text-center font-mono text-lg font-semibold tracking-wider text-slate-900"
    >
      {groups.map((g, i) => (
        <span key={i} className="inline-block">
          {g}
          {i < groups.length - 1 ? "-" : ""}
        </span>
      ))}
    </p>
  );
}

/** While the page prints, only the key's sheet is on paper (the dialog and the page are hidden). */
function PrintSheet({ value }: { value: string }) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  // The portal needs the document, which the server render does not have.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHost(document.body), []);
  if (!host) return null;
  return createPortal(
    <div data-vault-print="" aria-hidden="true" className="hidden p-8 text-slate-900 print:block">
      <style>{"@media print { body > :not([data-vault-print]) { display: none !important; } }"}</style>
      <h1 className="text-xl font-semibold">Pulsewell recovery key</h1>
      <p className="mt-6 font-mono text-2xl tracking-wider">{value}</p>
      <p className="mt-6 text-sm">
        This key opens your Boss Bot conversations and private 1:1 notes if you ever reset your password. Keep it
        somewhere safe and private.
      </p>
    </div>,
    host,
  );
}

/**
 * "Create your private vault": makes the recovery key, shows it once (copy, download, print),
 * then asks for one of its groups so the key is known to be saved. `onDone` runs once the server
 * took the confirmation (the held message or note goes out then); `onCancel` when the person
 * closes it first (nothing private was written).
 */
export default function VaultSetupDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const qc = useQueryClient();
  // A POST read as a query so that it runs once per opening: never again on a window focus (the
  // person switches to a password manager to save the key), and a fresh key for every opening.
  const key = useQuery({
    queryKey: [...queryKeys.vault(), "recovery-key"],
    queryFn: vaultApi.createRecoveryKey,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const [step, setStep] = useState<"show" | "confirm" | "back">("show");
  const alreadySaved = key.isError && problemOf(key.error)?.code === "vault_recovery_key_saved";

  const finish = () => {
    qc.setQueryData<VaultStatus>(queryKeys.vault(), (s) => (s ? { ...s, status: "ready" } : s));
    void qc.invalidateQueries({ queryKey: queryKeys.vault(), exact: true });
    onDone();
  };

  // Confirmed meanwhile (another tab): nothing left to do here.
  useEffect(() => {
    if (alreadySaved) finish();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [alreadySaved]);

  return (
    <Dialog open onOpenChange={(o) => (!o ? onCancel() : undefined)}>
      <DialogContent aria-describedby="vault-setup-description">
        <DialogHeader>
          <DialogTitle>Create your private vault</DialogTitle>
          <DialogDescription id="vault-setup-description">
            Only you can read your Boss Bot conversations and private notes: they are locked with your password and with
            a recovery key. If you ever reset your password, this key is the only way to open them again, so save it
            now.
          </DialogDescription>
        </DialogHeader>
        {key.isPending || alreadySaved ? (
          <div className="flex items-center gap-3 py-4 text-sm text-slate-600">
            <Spinner size="sm" label="Creating your recovery key" />
            <span aria-hidden="true">Creating your recovery key...</span>
          </div>
        ) : key.isError ? (
          <div className="grid gap-4">
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {problemOf(key.error)?.message ?? "Could not create your recovery key. Please try again."}
            </p>
            <DialogFooter>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button onClick={() => void key.refetch()}>Try again</Button>
            </DialogFooter>
          </div>
        ) : step === "confirm" ? (
          <ConfirmGroup recovery={key.data} onBack={() => setStep("back")} onConfirmed={finish} />
        ) : (
          <ShowKey
            recovery={key.data}
            returning={step === "back"}
            onNext={() => setStep("confirm")}
            onCancel={onCancel}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The key and the ways to keep it; `returning` (Back from the confirmation) puts focus on the way forward again. */
function ShowKey({
  recovery,
  returning,
  onNext,
  onCancel,
}: {
  recovery: RecoveryKey;
  returning: boolean;
  onNext: () => void;
  onCancel: () => void;
}) {
  const [said, setSaid] = useState("");
  const value = recovery.recoveryKey;

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setSaid("Recovery key copied to the clipboard.");
    } catch {
      setSaid("Copying is not allowed here: select the key and copy it, or download it.");
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([keyFileText(value)], { type: "text/plain;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = RECOVERY_KEY_FILE;
    document.body.append(a);
    a.click();
    a.remove();
    // After the browser has taken the file.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    setSaid(`Downloaded ${RECOVERY_KEY_FILE}.`);
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <h3 id="vault-key-heading" className="text-sm font-medium text-slate-900">
          Your recovery key
        </h3>
        <KeyGroups value={value} testId="recovery-key" />
        <p className="text-xs text-slate-600">It is shown only now. Groups are counted from the left, group 1 first.</p>
      </div>
      <div className="grid grid-cols-3 gap-2" role="group" aria-labelledby="vault-key-heading">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-emerald-800">
        {said}
      </p>
      <PrintSheet value={value} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onNext} autoFocus={returning}>
          I have saved it
        </Button>
      </DialogFooter>
    </div>
  );
}

function ConfirmGroup({
  recovery,
  onBack,
  onConfirmed,
}: {
  recovery: RecoveryKey;
  onBack: () => void;
  onConfirmed: () => void;
}) {
  const n = recovery.confirmGroup;
  const form = useFormFields(groupSchema, { value: "" }, { idPrefix: "vault-group-", live: ["value"] });
  const mutation = useMutation({
    mutationFn: (sent: { value: string }) => vaultApi.confirmRecoveryKey(n, sent.value),
    onSuccess: onConfirmed,
    onError: (err, sent) =>
      form.showAnswer(failedAnswer(err, "Could not check your recovery key. Please try again."), sent),
  });

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending || form.check(e.currentTarget) === null) return;
    mutation.mutate(form.values);
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField
        form={form}
        name="value"
        label={`Type group ${n} of your recovery key`}
        hint={<p className="text-xs text-slate-600">Four characters; capitals or not, as you like.</p>}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={9}
        autoFocus
        className="[&_input]:font-mono [&_input]:tracking-wider"
      />
      <FormAlert alert={form.alert} />
      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={mutation.isPending}>
          Back
        </Button>
        <SubmitButton pending={mutation.isPending} pendingLabel="Checking...">
          Confirm and continue
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
