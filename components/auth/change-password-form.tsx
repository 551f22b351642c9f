"use client";

import { changePasswordAction } from "@/lib/auth/change-password-action";
import { changePasswordSchema } from "@/lib/auth/password-schemas";
import { useActionForm } from "@/components/forms/use-action-form";
import { FormAlert, PasswordField, SubmitButton } from "@/components/forms/fields";

const EMPTY = { currentPassword: "", password: "", confirmPassword: "" };

export function ChangePasswordForm() {
  // Emptied only once the change went through; after a refusal everything typed stays.
  const form = useActionForm(changePasswordAction, changePasswordSchema, {
    initial: EMPTY,
    idPrefix: "change-",
    onSuccess: () => form.reset(),
  });
  return (
    <form onSubmit={form.onSubmit} method="post" noValidate aria-label="Change password" className="max-w-sm space-y-4">
      <PasswordField form={form} name="currentPassword" label="Current password" autoComplete="current-password" />
      <PasswordField form={form} name="password" label="New password" autoComplete="new-password" />
      <PasswordField form={form} name="confirmPassword" label="Confirm password" autoComplete="new-password" />
      <FormAlert alert={form.alert} />
      <SubmitButton pending={form.pending} pendingLabel="Saving...">
        Change password
      </SubmitButton>
    </form>
  );
}
