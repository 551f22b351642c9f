"use client";

import { KeyRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useVaultGate } from "@/components/vault/use-vault-gate";
import { VaultNotices } from "@/components/vault/vault-notices";
import { useVaultStatus, type VaultStatus } from "@/components/vault/vault-api";

const STATUS_TEXT: Record<VaultStatus["status"], string> = {
  ready: "Ready. Only you can read your Boss Bot conversations and private 1:1 notes, and your recovery key is saved.",
  setup:
    "Not set up yet. Your recovery key is made and shown when you write your first Boss Bot message or private 1:1 note, or now.",
  locked: "This session cannot open your vault.",
};

/** Settings > Your account > Private vault: its status, and the way in when it is sealed or locked. */
export function VaultCard() {
  const gate = useVaultGate();
  const query = useVaultStatus();
  const vault = query.data;
  return (
    <section aria-labelledby="vault-card-title" className="max-w-xl">
      <h3 id="vault-card-title" className="mt-6 mb-1 flex items-center gap-2 font-medium">
        <KeyRound aria-hidden="true" className="size-4 text-slate-500" />
        Private vault
      </h3>
      {query.isPending ? (
        <Spinner size="sm" label="Loading your vault's status" className="mt-2" />
      ) : query.isError || !vault ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-3 text-sm text-red-700">
          <p>Could not load your vault&apos;s status.</p>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="mt-2 grid gap-3">
          <p className="text-sm text-slate-700" data-testid="vault-status">
            {STATUS_TEXT[vault.status]}
          </p>
          {vault.status === "setup" ? (
            <div>
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  gate.guard(
                    () => toast({ title: "Private vault created", description: "Your recovery key is saved." }),
                    () => {},
                  )
                }
              >
                Create your private vault
              </Button>
            </div>
          ) : null}
          <VaultNotices vault={vault} onEnterKey={gate.openRecover} />
        </div>
      )}
      {gate.dialogs}
    </section>
  );
}
