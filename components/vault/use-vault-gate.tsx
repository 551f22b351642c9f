"use client";

import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query/keys";
import { useVaultStatus, vaultRefusalOf, type RecoverResult, type VaultStatus } from "@/components/vault/vault-api";

// The dialogs are not in the page's first download: most visits never need them. The setup
// dialog is fetched ahead once the status says it will be needed.
const loadSetupDialog = () => import("@/components/vault/vault-setup-dialog");
const loadRecoverDialog = () => import("@/components/vault/recover-dialog");
const VaultSetupDialog = lazy(loadSetupDialog);
const RecoverDialog = lazy(loadRecoverDialog);

/** A private write waiting for the vault: `run` once the recovery key is saved, `cancel` if the
 * person closes the dialog first (the page hands back what was typed). */
type Held = { run: () => void; cancel: () => void };

/**
 * The vault in front of a page's private writes (Boss Bot's messages, a private 1:1 note): the
 * status, the setup dialog that holds a write until the recovery key is saved, and the recovery
 * dialog for sealed vaults. Render `dialogs` once in the page.
 */
export function useVaultGate({ onRecovered }: { onRecovered?: (result: RecoverResult) => void } = {}) {
  const qc = useQueryClient();
  const vault = useVaultStatus();
  const [held, setHeld] = useState<Held | null>(null);
  const [recovering, setRecovering] = useState(false);
  const status = vault.data?.status ?? null;

  useEffect(() => {
    if (status === "setup") loadSetupDialog().catch(() => {}); // Fetched again when it opens.
  }, [status]);

  /** Runs the write now, or holds it behind the setup dialog while the recovery key is unsaved. */
  const guard = useCallback(
    (run: () => void, cancel: () => void): "run" | "held" => {
      if (status === "setup") {
        setHeld({ run, cancel });
        return "held";
      }
      run();
      return "run";
    },
    [status],
  );

  /** A write the server refused for the vault: setup opens the dialog and then tries `retry`;
   * locked refreshes the status (the page shows how to sign in again). False for any other error. */
  const refused = useCallback(
    (err: unknown, retry: () => void, cancel: () => void): boolean => {
      const refusal = vaultRefusalOf(err);
      if (refusal === "vault_setup_required") {
        qc.setQueryData<VaultStatus>(queryKeys.vault(), (s) => (s ? { ...s, status: "setup" } : s));
        setHeld({ run: retry, cancel });
        return true;
      }
      if (refusal === "vault_locked") {
        qc.setQueryData<VaultStatus>(queryKeys.vault(), (s) => (s ? { ...s, status: "locked" } : s));
        void qc.invalidateQueries({ queryKey: queryKeys.vault(), exact: true });
        return true;
      }
      return false;
    },
    [qc],
  );

  const dialogs = (
    <Suspense fallback={null}>
      {held ? (
        <VaultSetupDialog
          onDone={() => {
            setHeld(null);
            held.run();
          }}
          onCancel={() => {
            setHeld(null);
            held.cancel();
          }}
        />
      ) : null}
      {recovering ? <RecoverDialog onRecovered={(r) => onRecovered?.(r)} onClose={() => setRecovering(false)} /> : null}
    </Suspense>
  );

  return {
    /** The status once known (undefined while loading or after a failed load). */
    vault: vault.data,
    statusFailed: vault.isError,
    guard,
    refused,
    /** Opens "Enter recovery key". */
    openRecover: () => setRecovering(true),
    dialogs,
  };
}
