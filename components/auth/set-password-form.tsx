"use client";

import type { FormAction } from "@/lib/actions/form-state";
import { newPasswordRules as newPasswordSchema } from "@/lib/auth/password-rules";
import { useActionForm } from "@/components/forms/use-action-form";
import { FormAlert, PasswordField, SubmitButton } from "@/components/forms/fields";

type Props = {
  token: string;
  /** The server action that spends the token (password reset or invitation). */
  action: FormAction;
  submitLabel: string;
  /** Where the browser goes once the password is set. */
  doneHref: string;
};

/** New password + confirmation for a single-use link from an e-mail. */
export function SetPasswordForm({ token, action, submitLabel, doneHref }: Props) {
  const form = useActionForm(action, newPasswordSchema, {
    initial: { password: "", confirmPassword: "" },
    hidden: { token },
    // A full navigation: a redirect() from an action is rendered through an internal request that
    // does not pass the workspace host, so it would land on the main site.
    onSuccess: () => window.location.assign(doneHref),
  });
  const done = form.alert?.tone === "ok";
  return (
    <form onSubmit={form.onSubmit} method="post" noValidate className="space-y-4">
      <PasswordField form={form} name="password" label="New password" autoComplete="new-password" />
      <PasswordField form={form} name="confirmPassword" label="Confirm password" autoComplete="new-password" />
      <FormAlert alert={form.alert} />
      <SubmitButton pending={form.pending} pendingLabel="Saving..." disabled={done} className="w-full">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
