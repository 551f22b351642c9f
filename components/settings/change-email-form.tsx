"use client";

import { requestEmailChangeAction } from "@/lib/people/email-change-action";
import { emailChangeRequestSchema } from "@/lib/people/email-change-schemas";
import { useActionForm } from "@/components/forms/use-action-form";
import { FormAlert, PasswordField, SubmitButton, TextField } from "@/components/forms/fields";

const EMPTY = { newEmail: "", currentPassword: "" };

/** Settings > Your account: asks for a new sign-in address; the link mailed to it confirms. */
export function ChangeEmailForm() {
  // The password is cleared once the request went through; the new address stays, so the
  // message that names it matches what is on screen.
  const form = useActionForm(requestEmailChangeAction, emailChangeRequestSchema, {
    initial: EMPTY,
    idPrefix: "change-email-",
    onSuccess: () => form.update((v) => ({ ...v, currentPassword: "" })),
  });
  return (
    <form onSubmit={form.onSubmit} method="post" noValidate aria-label="Change e-mail" className="max-w-sm space-y-4">
      <TextField form={form} name="newEmail" label="New e-mail" type="email" autoComplete="email" />
      <PasswordField form={form} name="currentPassword" label="Current password" autoComplete="current-password" />
      <FormAlert alert={form.alert} />
      <SubmitButton pending={form.pending} pendingLabel="Sending...">
        Change e-mail
      </SubmitButton>
    </form>
  );
}
