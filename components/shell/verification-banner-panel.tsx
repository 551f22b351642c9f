"use client";

import { MailWarning } from "lucide-react";
import { resendVerificationAction } from "@/lib/org/email-verification-action";
import type { VerificationBannerDto } from "@/lib/org/email-verification";
import { useActionForm } from "@/components/forms/use-action-form";
import { ANY_VALUES } from "@/components/forms/form-messages";
import { FormAlert, SubmitButton } from "@/components/forms/fields";

/**
 * Shown on every signed-in page while the workspace has not confirmed its admin's e-mail address
 * (lib/org/email-verification.ts): mail to other people waits in the outbox until then. Admins
 * can have the link sent again; the server checks that permission too.
 */
export function VerificationBannerPanel({ banner }: { banner: VerificationBannerDto }) {
  // A button with no fields: the pattern still gives it the early-submit hold and the announced answer.
  const form = useActionForm(resendVerificationAction, ANY_VALUES, { initial: {} });
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
          <FormAlert alert={form.alert} className="mt-2" />
        </div>
        {banner.canResend ? (
          <form onSubmit={form.onSubmit} noValidate>
            <SubmitButton pending={form.pending} pendingLabel="Sending..." size="sm" variant="outline">
              Resend verification e-mail
            </SubmitButton>
          </form>
        ) : null}
      </div>
    </section>
  );
}
