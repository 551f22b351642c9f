import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import { currentTenant } from "@/lib/tenancy/resolve";
import { isUsableToken } from "@/lib/auth/tokens";
import { getWorkspace } from "@/lib/org/workspace";
import { acceptInvitationAction } from "@/lib/people/accept-invitation-action";

export const metadata: Metadata = { title: "Accept your invitation" };

export default async function AcceptInvitePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  const tenant = await currentTenant();
  const valid = !!tenant && (await isUsableToken(tenant.orgId, token, "invitation"));
  if (!tenant || !valid) {
    return (
      <AuthCard
        title="This invitation cannot be used"
        footer={
          <Link className="text-brand-600 hover:underline" href="/login">
            Go to sign in
          </Link>
        }
      >
        <p className="text-sm text-slate-700">
          The invitation link is invalid, was already used or has expired (links are valid for 7 days). Ask an admin of
          your organisation to send a new one.
        </p>
      </AuthCard>
    );
  }
  const workspace = await getWorkspace(tenant.orgId);
  return (
    <AuthCard
      title={`Join ${workspace?.name ?? "your team"}`}
      subtitle="Choose a password: at least 8 characters, with an uppercase letter, a lowercase letter and a number."
    >
      {/* Setting the password signs the person in (lib/people/accept-invitation-action.ts). */}
      <SetPasswordForm token={token} action={acceptInvitationAction} submitLabel="Set password" doneHref="/" />
    </AuthCard>
  );
}
