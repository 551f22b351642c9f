"use client";

import { requestResetAction } from "@/lib/auth/password-reset-action";
import { resetRequestRules as resetRequestSchema } from "@/lib/auth/password-rules";
import { useActionForm } from "@/components/forms/use-action-form";
import { FormAlert, SubmitButton, TextField } from "@/components/forms/fields";

export function ForgotPasswordForm() {
  const form = useActionForm(requestResetAction, resetRequestSchema, { initial: { email: "" } });
  // Sent: the answer replaces the form (it is the same whether or not the account exists).
  if (form.alert?.tone === "ok") return <FormAlert alert={form.alert} />;
  return (
    <form onSubmit={form.onSubmit} method="post" noValidate className="space-y-4">
      <TextField form={form} name="email" label="Work email" type="email" autoComplete="email" />
      <FormAlert alert={form.alert} />
      <SubmitButton pending={form.pending} pendingLabel="Sending..." className="w-full">
        Send reset link
      </SubmitButton>
    </form>
  );
}
