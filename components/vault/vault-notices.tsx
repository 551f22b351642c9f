"use client";

import { useState } from "react";
import { KeyRound, LockKeyhole } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";
import { LOCKED_MESSAGE, SEALED_MESSAGE, signInAgain, type VaultStatus } from "@/components/vault/vault-api";

/** "Sign in again": ends the session and opens sign-in, where the vault opens again. */
function SignInAgainButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      size="sm"
      className={className}
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={() => {
        setPending(true);
        void signInAgain();
      }}
    >
      {pending ? "Signing out..." : "Sign in again"}
    </Button>
  );
}

/**
 * What a page with private content says about the vault: that this session cannot open it (sign in
 * again), and that a password reset sealed some of it (enter the recovery key). Nothing when ready.
 */
export function VaultNotices({
  vault,
  onEnterKey,
  className,
}: {
  vault: VaultStatus | undefined;
  onEnterKey: () => void;
  className?: string;
}) {
  if (!vault) return null;
  const locked = vault.status === "locked";
  const sealed = vault.sealedVaults > 0;
  if (!locked && !sealed) return null;
  return (
    <div className={cn("grid gap-2", className)}>
      {locked ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950"
        >
          <LockKeyhole aria-hidden="true" className="size-4 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="font-medium">{LOCKED_MESSAGE}</p>
            <p className="text-xs">
              Your conversations and private notes open only with a sign-in made since your vault was created.
            </p>
          </div>
          <SignInAgainButton />
        </div>
      ) : null}
      {sealed ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 text-sm text-slate-900"
        >
          <KeyRound aria-hidden="true" className="size-4 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="font-medium">{SEALED_MESSAGE}</p>
            <p className="text-xs text-slate-700">A password reset sealed them. Your recovery key opens them again.</p>
          </div>
          <Button size="sm" variant="outline" onClick={onEnterKey}>
            Enter recovery key
          </Button>
        </div>
      ) : null}
    </div>
  );
}
