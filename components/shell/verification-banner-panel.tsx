"use client";

import { useActionState } from "react";
import { MailWarning } from "lucide-react";
import { resendVerificationAction } from "@/lib/org/email-verification-action";
import { idleState } from "@/lib/actions/form-state";
import type { VerificationBannerDto } from "@/lib/org/email-verification";
import { Button } from "@/components/ui/button";

/**
 * Shown on every signed-in page while the workspace has not confirmed its admin's e-mail address
 * (lib/org/email-verification.ts): mail to other people waits in the outbox until then. Admins
 * can have the link sent again; the server checks that permission too.
 */
export function VerificationBannerPanel({ banner }: { banner: VerificationBannerDto }) {
  const [state, action, pending] = useActionState(resendVerificationAction, idleState);
  return (
    <section
      aria-labelledby="verification-banner-title"
      className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <div className="flex-1 space-y-1">
          <h2 id="verification-banner-title" className="font-semibold">
            {banner.canResend ? "Confirm your e-mail address" : "Your workspace's e-mail address is not confirmed yet"}
          </h2>
          <p>
            E-mails to other people, such as invitations and surveys, wait until the workspace&apos;s e-mail address is
            confirmed, and are sent as soon as it is.{" "}
            {banner.email
              ? `Open the link we sent to ${banner.email}.`
              : "Ask an admin of your organisation to open the confirmation link we sent them."}
          </p>
          {state.message && state.status !== "idle" ? (
            <p
              role={state.status === "ok" ? "status" : "alert"}
              className={state.status === "ok" ? "text-emerald-800" : "text-red-700"}
            >
              {state.message}
            </p>
          ) : null}
        </div>
        {banner.canResend ? (
          <form action={action}>
            <Button type="submit" size="sm" variant="outline" disabled={pending}>
              {pending ? "Sending..." : "Resend verification e-mail"}
            </Button>
          </form>
        ) : null}
      </div>
    </section>
  );
}
