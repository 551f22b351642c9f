import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import { resetPasswordAction } from "@/lib/auth/password-reset-action";
import { currentTenant } from "@/lib/tenancy/resolve";
import { isUsableToken } from "@/lib/auth/tokens";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  const tenant = await currentTenant();
  const valid = !!tenant && (await isUsableToken(tenant.orgId, token, "password_reset"));
  const back = <Link className="text-brand-600 hover:underline" href="/forgot-password">Ask for a new link</Link>;
  if (!valid) {
    return (
      <AuthCard title="This link cannot be used" footer={back}>
        <p className="text-sm text-slate-700">The reset link is invalid, was already used or has expired.</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" subtitle="At least 8 characters, with an uppercase letter, a lowercase letter and a number.">
      <SetPasswordForm token={token} action={resetPasswordAction} submitLabel="Set new password" doneHref="/login?reset=1" />
    </AuthCard>
  );
}
