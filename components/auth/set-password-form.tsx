"use client";

import { useActionState, useEffect } from "react";
import { idleState, type FormState } from "@/lib/actions/form-state";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/auth/password-fields";
import { FormMessage } from "@/components/auth/form-feedback";

type Props = {
  token: string;
  /** The server action that spends the token (password reset or invitation). */
  action: (prev: FormState, form: FormData) => Promise<FormState>;
  submitLabel: string;
  /** Where the browser goes once the password is set. */
  doneHref: string;
};

/** New password + confirmation for a single-use link from an e-mail. */
export function SetPasswordForm({ token, action: serverAction, submitLabel, doneHref }: Props) {
  const [state, action, pending] = useActionState(serverAction, idleState);
  useEffect(() => {
    // A full navigation: a redirect() from an action is rendered through an internal request that
    // does not pass the workspace host, so it would land on the main site.
    if (state.status === "ok") window.location.href = doneHref;
  }, [state.status, doneHref]);
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <PasswordField name="password" label="New password" autoComplete="new-password" errors={state.fields?.password} />
      <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" errors={state.fields?.confirmPassword} />
      <FormMessage state={state} />
      <Button type="submit" className="w-full" disabled={pending || state.status === "ok"}>{pending ? "Saving..." : submitLabel}</Button>
    </form>
  );
}
