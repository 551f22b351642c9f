"use client";

import { z } from "zod";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, problemOf } from "@/lib/api/client";
import { queryKeys } from "@/lib/query/keys";
import { plural } from "@/lib/format";

// The personal vault as the browser sees it: its status (GET /api/vault) and the three calls that
// change it. The light half: the dialogs that use the calls are loaded only when they open.

const vaultStatusSchema = z.object({
  status: z.enum(["ready", "setup", "locked"]),
  sealedVaults: z.number().int().nonnegative(),
});
export type VaultStatus = z.infer<typeof vaultStatusSchema>;

const recoveryKeySchema = z.object({
  recoveryKey: z.string().min(1),
  confirmGroup: z.number().int().positive(),
});
export type RecoveryKey = z.infer<typeof recoveryKeySchema>;

const recoverResultSchema = z.object({
  restoredVaults: z.number().int().nonnegative(),
  conversations: z.number().int().nonnegative(),
  notes: z.number().int().nonnegative(),
});
export type RecoverResult = z.infer<typeof recoverResultSchema>;

export const vaultApi = {
  status: (signal?: AbortSignal) => apiFetch("/api/vault", { schema: vaultStatusSchema, signal }),
  /** Creates the recovery key, or replaces it while it is unconfirmed. */
  createRecoveryKey: () => apiFetch("/api/vault/recovery-key", { method: "POST", schema: recoveryKeySchema }),
  confirmRecoveryKey: (group: number, value: string) =>
    apiFetch<void>("/api/vault/recovery-key/confirm", { method: "POST", body: { group, value } }),
  recover: (recoveryKey: string) =>
    apiFetch("/api/vault/recover", { method: "POST", body: { recoveryKey }, schema: recoverResultSchema }),
};

/** The vault's refusals of a private read or write, as the server codes them. */
export type VaultRefusal = "vault_setup_required" | "vault_locked";

/** The vault refusal behind a failed call, if it was one. */
export function vaultRefusalOf(err: unknown): VaultRefusal | null {
  const code = problemOf(err)?.code;
  return code === "vault_setup_required" || code === "vault_locked" ? code : null;
}

/** The signed-in person's vault status; refreshed after every change the person makes to it. */
export function useVaultStatus() {
  return useQuery({
    queryKey: queryKeys.vault(),
    queryFn: ({ signal }) => vaultApi.status(signal),
    staleTime: 60_000,
  });
}

export const LOCKED_MESSAGE = "Sign in again to open your private vault";
export const SEALED_MESSAGE = "Some of your conversations and private notes are sealed";

/** "2 conversations and 1 private note are back.", "1 conversation is back.": a kind with none
 * is left out, and the verb agrees with what is named. */
export function recoveredText(r: RecoverResult): string {
  const parts = [
    r.conversations > 0 ? plural(r.conversations, "conversation") : null,
    r.notes > 0 ? plural(r.notes, "private note") : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return "Your vault is open; it held nothing to bring back.";
  const single = parts.length === 1 && r.conversations + r.notes === 1;
  return `${parts.join(" and ")} ${single ? "is" : "are"} back.`;
}

/** Ends this session and opens sign-in: a fresh sign-in is what opens the vault again. */
export async function signInAgain(): Promise<void> {
  try {
    await apiFetch<{ ok: boolean }>("/api/auth/logout", { method: "POST" });
  } finally {
    // A full page load, so nothing of this session's client state survives (as the user menu).
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.href = "/login";
  }
}
