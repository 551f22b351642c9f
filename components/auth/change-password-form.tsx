"use client";

import { useActionState } from "react";
import { changePasswordAction } from "@/lib/auth/change-password-action";
import { idleState } from "@/lib/actions/form-state";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/auth/password-fields";
import { FormMessage } from "@/components/auth/form-feedback";

export function ChangePasswordForm() {
  const [state, action, pending] = useActionState(changePasswordAction, idleState);
  return (
    <form action={action} className="max-w-sm space-y-4">
      <PasswordField name="currentPassword" label="Current password" autoComplete="current-password" errors={state.fields?.currentPassword} />
      <PasswordField name="password" label="New password" autoComplete="new-password" errors={state.fields?.password} />
      <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" errors={state.fields?.confirmPassword} />
      <FormMessage state={state} />
      <Button type="submit" disabled={pending}>{pending ? "Saving..." : "Change password"}</Button>
    </form>
  );
}
