import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { EmailLinkForm } from "@/components/auth/email-link-form";
import { confirmEmailChangeAction } from "@/lib/people/email-change-action";
import { peekEmailChangeLink } from "@/lib/people/email-change";
import { currentSession } from "@/lib/auth/current-session";
import { currentTenant } from "@/lib/tenancy/resolve";

export const metadata: Metadata = { title: "Confirm your new e-mail" };

// The link mailed to the new address. Only the person who asked, signed in as themselves, can use
// it: reading the new mailbox alone does not move an account.
export default async function ConfirmEmailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  const tenant = await currentTenant();
  const link = tenant ? await peekEmailChangeLink(tenant, token, "email_change") : null;
  if (!link) {
    return (
      <AuthCard
        title="This link cannot be used"
        footer={
          <Link className="text-brand-600 hover:underline" href="/settings">
            Your account
          </Link>
        }
      >
        <p className="text-sm text-slate-700">
          The confirmation link is invalid, was already used or has expired (links are valid for 24 hours). Your e-mail
          has not changed; ask for a new link in Settings.
        </p>
      </AuthCard>
    );
  }
  const session = await currentSession();
  if (session?.ctx.userId !== link.userId) {
    return (
      <AuthCard
        title="Sign in to confirm"
        footer={
          <Link className="text-brand-600 hover:underline" href="/login">
            Sign in
          </Link>
        }
      >
        <p className="text-sm text-slate-700">
          Sign in to the account that asked for this change, with its current e-mail and password, then open this link
          again in the same browser. The e-mail changes only once that person confirms while signed in.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Confirm your new e-mail"
      subtitle={`You will sign in with ${link.email}. Every session, this one included, is signed out.`}
    >
      <EmailLinkForm
        token={token}
        action={confirmEmailChangeAction}
        submitLabel="Confirm new e-mail"
        pendingLabel="Confirming..."
        done={{ href: "/login", label: "Sign in with your new e-mail" }}
      />
    </AuthCard>
  );
}
