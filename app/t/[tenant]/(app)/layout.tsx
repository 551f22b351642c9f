import { redirect } from "next/navigation";
import { AppShell } from "@/components/shell/app-shell";
import { currentSession } from "@/lib/auth/current-session";
import { productNameFromEnv } from "@/lib/tenancy/site";
import { VerificationBanner } from "@/components/shell/verification-banner";
import { SubscriptionBanner } from "@/components/billing/subscription-banner";
import { getShellBanners } from "@/lib/billing/access";

// Every page of the signed-in app: no session, no page (the sign-in form instead).
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const session = await currentSession();
  if (!session) redirect("/login");
  // One read of the organisation row for both banners.
  const banners = await getShellBanners(session.ctx);
  return (
    <AppShell user={session.user} productName={productNameFromEnv()}>
      <SubscriptionBanner banner={banners.subscription} />
      <VerificationBanner banner={banners.verification} />
      {children}
    </AppShell>
  );
}
