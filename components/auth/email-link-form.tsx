"use client";

import Link from "next/link";
import type { FormAction } from "@/lib/actions/form-state";
import { emailChangeTokenRules } from "@/lib/people/email-change-rules";
import { useActionForm } from "@/components/forms/use-action-form";
import { FormAlert, SubmitButton } from "@/components/forms/fields";

type Props = {
  token: string;
  /** The server action that spends the link's token (confirm or undo an e-mail change). */
  action: FormAction;
  submitLabel: string;
  pendingLabel: string;
  /** Shown once the action went through: every session has ended, so sign-in is next. */
  done: { href: string; label: string };
};

/**
 * One button for a link from an e-mail that changes the sign-in address. Opening the link changes
 * nothing (mail scanners open links); pressing the button does.
 */
export function EmailLinkForm({ token, action, submitLabel, pendingLabel, done }: Props) {
  const form = useActionForm(action, emailChangeTokenRules, { initial: {}, hidden: { token } });
  const finished = form.alert?.tone === "ok";
  return (
    <form onSubmit={form.onSubmit} method="post" noValidate className="space-y-4">
      <FormAlert alert={form.alert} />
      {finished ? (
        <Link className="inline-block font-medium text-brand-600 hover:underline" href={done.href}>
          {done.label}
        </Link>
      ) : (
        <SubmitButton pending={form.pending} pendingLabel={pendingLabel} className="w-full">
          {submitLabel}
        </SubmitButton>
      )}
    </form>
  );
}
