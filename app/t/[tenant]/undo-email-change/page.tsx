import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { EmailLinkForm } from "@/components/auth/email-link-form";
import { undoEmailChangeAction } from "@/lib/people/email-change-action";
import { peekEmailChangeLink } from "@/lib/people/email-change";
import { currentTenant } from "@/lib/tenancy/resolve";

export const metadata: Metadata = { title: "Undo the e-mail change" };

// The link mailed to the old address when a person's e-mail changed. Holding the old mailbox is
// the proof: no sign-in, since whoever made the change may also know the password.
export default async function UndoEmailChangePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  const tenant = await currentTenant();
  const link = tenant ? await peekEmailChangeLink(tenant, token, "email_change_undo") : null;
  if (!link) {
    return (
      <AuthCard
        title="This link cannot be used"
        footer={
          <Link className="text-brand-600 hover:underline" href="/forgot-password">
            Reset your password
          </Link>
        }
      >
        <p className="text-sm text-slate-700">
          The undo link is invalid, was already used or has expired (undo links are valid for 7 days). If you need help,
          ask your administrator.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Undo the e-mail change"
      subtitle={`Your account goes back to ${link.email}, and everyone signed in to it is signed out.`}
    >
      <EmailLinkForm
        token={token}
        action={undoEmailChangeAction}
        submitLabel="Restore my e-mail"
        pendingLabel="Restoring..."
        done={{ href: "/forgot-password", label: "Reset your password" }}
      />
    </AuthCard>
  );
}
