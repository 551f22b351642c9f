"use client";

import { useActionState, useEffect } from "react";
import { resetPasswordAction } from "@/app/t/[tenant]/reset-password/actions";
import { idleState } from "@/lib/actions/form-state";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/auth/password-fields";
import { FormMessage } from "@/components/auth/form-feedback";

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(resetPasswordAction, idleState);
  useEffect(() => {
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    if (state.status === "ok") window.location.href = "/login?reset=1";
  }, [state.status]);
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <PasswordField name="password" label="New password" autoComplete="new-password" errors={state.fields?.password} />
      <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" errors={state.fields?.confirmPassword} />
      <FormMessage state={state} />
      <Button type="submit" className="w-full" disabled={pending || state.status === "ok"}>{pending ? "Saving..." : "Set new password"}</Button>
    </form>
  );
}
