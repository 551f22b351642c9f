import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { currentTenant } from "@/lib/tenancy/resolve";
import { verifyWorkspaceEmail } from "@/lib/org/email-verification";
import { isDomainError } from "@/lib/errors/domain-error";

export const metadata: Metadata = { title: "Confirm your e-mail address" };

// The link of the verification e-mail (lib/org/email-verification.ts). Opening it is the proof
// that the admin reads that mailbox, so it verifies at once, signed in or not; the token is
// single-use, so a reload shows the 'cannot be used' card.
async function redeem(token: string): Promise<boolean> {
  const tenant = await currentTenant();
  if (!tenant) return false;
  try {
    await verifyWorkspaceEmail(tenant, token);
    return true;
  } catch (err) {
    if (isDomainError(err, "verification_link_invalid")) return false;
    throw err;
  }
}

export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  if (!(await redeem(token))) {
    return (
      <AuthCard
        title="This link cannot be used"
        footer={
          <Link className="text-brand-600 hover:underline" href="/">
            Go to your workspace
          </Link>
        }
      >
        <p className="text-sm text-slate-700">
          The confirmation link is invalid, was already used or has expired (links are valid for 7 days). If you have
          already confirmed your address, there is nothing more to do. Otherwise sign in and choose &lsquo;Resend
          verification e-mail&rsquo; for a new link.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Your e-mail address is confirmed"
      footer={
        <Link className="text-brand-600 hover:underline" href="/">
          Go to your workspace
        </Link>
      }
    >
      <p className="text-sm text-slate-700">
        Thank you. Your workspace can now send e-mail to your team: invitations and surveys that were waiting are on
        their way.
      </p>
    </AuthCard>
  );
}
