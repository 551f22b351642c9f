import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import { resetPasswordAction } from "@/lib/auth/password-reset-action";
import { currentTenant } from "@/lib/tenancy/resolve";
import { isUsableToken } from "@/lib/auth/tokens";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  const tenant = await currentTenant();
  const valid = !!tenant && (await isUsableToken(tenant.orgId, token, "password_reset"));
  const back = (
    <Link className="text-brand-600 hover:underline" href="/forgot-password">
      Ask for a new link
    </Link>
  );
  if (!valid) {
    return (
      <AuthCard title="This link cannot be used" footer={back}>
        <p className="text-sm text-slate-700">The reset link is invalid, was already used or has expired.</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
    >
      {/* Said before the person confirms: a reset cannot open what the old password locked. */}
      <div
        id="reset-vault-notice"
        className="mb-5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      >
        <p className="font-medium">Your private vault</p>
        <p className="mt-1">
          Resetting your password opens a new, empty vault. Your Boss Bot conversations and private notes stay sealed
          until you enter your recovery key.
        </p>
      </div>
      <SetPasswordForm
        token={token}
        action={resetPasswordAction}
        submitLabel="Set new password"
        doneHref="/login?reset=1"
      />
    </AuthCard>
  );
}
