"use client";

import { useState } from "react";
import Link from "next/link";
import { signInSchema } from "@/lib/auth/sign-in-schemas";
import { useFormFields } from "@/components/forms/use-form-fields";
import { FormAlert, PasswordField, SubmitButton, TextField } from "@/components/forms/fields";

const MESSAGES: Record<string, string> = {
  TooManyAttempts: "Too many sign-in attempts. Please wait a few minutes and try again.",
  CredentialsSignin: "Invalid email or password.",
  // The database could not be reached (lib/auth/next-auth-options.ts, SIGN_IN_UNAVAILABLE).
  DatabaseUnavailable: "Sign-in is briefly unavailable. Please try again in a few seconds.",
};
const OFFLINE = "Sign-in failed. Please check your connection and try again.";

/**
 * next-auth's credentials sign-in, as next-auth/react's signIn("credentials", { redirect: false })
 * does it, without loading that client (~9.5 KiB gz) on the public sign-in page: the CSRF token,
 * then a post to the callback, whose answer's URL carries `error` when sign-in failed.
 * Returns the error code, or null when the session cookie is set.
 */
async function credentialsSignIn(email: string, password: string): Promise<string | null> {
  const csrf = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken?: string };
  const callbackUrl = window.location.href;
  const res = await fetch("/api/auth/callback/credentials", {
    method: "post",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, csrfToken: csrf.csrfToken ?? "", callbackUrl, json: "true" }),
  });
  const data = (await res.json()) as { url?: string };
  return new URL(data.url ?? callbackUrl, window.location.href).searchParams.get("error");
}

/** `returnTo`: the same-workspace path sign-in leads to, as the sign-in page checked it on the
 * server (lib/auth/callback-url.ts); the dashboard when there is none. */
export function LoginForm({ notice, returnTo }: { notice?: string; returnTo: string }) {
  const form = useFormFields(signInSchema, { email: "", password: "" });
  const [pending, setPending] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = form.check(e.currentTarget);
    if (pending || !input) return;
    const sent = form.values;
    setPending(true);
    try {
      const error = await credentialsSignIn(input.email, input.password);
      if (error) {
        form.showAnswer({ status: "error", message: MESSAGES[error] ?? MESSAGES.CredentialsSignin }, sent);
        setPending(false);
        return;
      }
      // A full navigation, so the server renders the app with the new session cookie.
      window.location.href = returnTo;
    } catch {
      form.showAnswer({ status: "error", message: OFFLINE }, sent);
      setPending(false);
    }
  }

  // method="post": a submit before hydration must never put the password in the URL.
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      {notice ? (
        <p className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800" role="status">
          {notice}
        </p>
      ) : null}
      <TextField form={form} name="email" label="Work email" type="email" autoComplete="username" autoFocus />
      <div className="relative">
        <Link
          href="/forgot-password"
          className="absolute top-0 right-0 text-sm leading-none text-brand-600 hover:underline"
        >
          Forgot password?
        </Link>
        <PasswordField form={form} name="password" label="Password" autoComplete="current-password" />
      </div>
      <FormAlert alert={form.alert} />
      <SubmitButton pending={pending} pendingLabel="Signing in..." className="w-full">
        Sign in
      </SubmitButton>
    </form>
  );
}
