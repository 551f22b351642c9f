"use client";

import { useActionState } from "react";
import { resetPasswordAction } from "@/app/t/[tenant]/reset-password/actions";
import { idleState } from "@/lib/actions/form-state";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/auth/password-fields";
import { FormMessage } from "@/components/auth/form-feedback";

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(resetPasswordAction, idleState);
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <PasswordField name="password" label="New password" autoComplete="new-password" errors={state.fields?.password} />
      <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" errors={state.fields?.confirmPassword} />
      <FormMessage state={state} />
      <Button type="submit" className="w-full" disabled={pending}>{pending ? "Saving..." : "Set new password"}</Button>
    </form>
  );
}
