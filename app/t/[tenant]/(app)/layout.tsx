import { redirect } from "next/navigation";
import { AppShell } from "@/components/shell/app-shell";
import { currentSession } from "@/lib/auth/current-session";
import { productNameFromEnv } from "@/lib/tenancy/site";
import { VerificationBanner } from "@/components/shell/verification-banner";
import { getVerificationBanner } from "@/lib/org/email-verification";

// Every page of the signed-in app: no session, no page (the sign-in form instead).
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const session = await currentSession();
  if (!session) redirect("/login");
  return (
    <AppShell user={session.user} productName={productNameFromEnv()}>
      <VerificationBanner banner={await getVerificationBanner(session.ctx)} />
      {children}
    </AppShell>
  );
}
