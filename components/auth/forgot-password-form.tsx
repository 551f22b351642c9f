"use client";

import { useActionState } from "react";
import { requestResetAction } from "@/lib/auth/password-reset-action";
import { idleState } from "@/lib/actions/form-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError, FormMessage } from "@/components/auth/form-feedback";

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState(requestResetAction, idleState);
  if (state.status === "ok") return <FormMessage state={state} />;
  return (
    <form action={action} className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor="email">Work email</Label>
        <Input id="email" name="email" type="email" autoComplete="email" required aria-invalid={!!state.fields?.email} aria-describedby="email-error" />
        <FieldError id="email-error" messages={state.fields?.email} />
      </div>
      <FormMessage state={state} />
      <Button type="submit" className="w-full" disabled={pending}>{pending ? "Sending..." : "Send reset link"}</Button>
    </form>
  );
}
