import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AppShell } from "@/components/shell/app-shell";
import { currentSession } from "@/lib/auth/current-session";
import { productNameFromEnv } from "@/lib/tenancy/site";
import { VerificationBanner } from "@/components/shell/verification-banner";
import { SubscriptionBanner } from "@/components/billing/subscription-banner";
import { getShellBanners } from "@/lib/billing/access";
import { getSetupChecklist } from "@/lib/setup/checklist";
import { signInPathFor } from "@/lib/auth/callback-url";
import { REQUESTED_PATH_HEADER } from "@/lib/tenancy/routing";

// Every page of the signed-in app: no session, no page (the sign-in form instead, which brings
// the visitor back to the page they asked for).
//
// No loading.tsx and no <Suspense> around a page's data: the first HTML carries the page's content.
// A streamed boundary is revealed by React's inline script at least 300 ms after the shell's first
// paint ($RT in react-dom's server runtime), after the scripts have run, which put the largest
// paint of the dashboard, Boss Bot and a 1:1 behind all of the JavaScript (Lighthouse mobile 73–81;
// 94 without). The server answers in tens of milliseconds, so nothing is gained by streaming the
// shell first. While a navigation waits, the link pressed shows it (components/shell/link-pending).
export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const session = await currentSession();
  if (!session) redirect(signInPathFor((await headers()).get(REQUESTED_PATH_HEADER)));
  // One read of the organisation row for both banners; the setup checklist's progress for admins.
  const [banners, setup] = await Promise.all([getShellBanners(session.ctx), getSetupChecklist(session.ctx)]);
  return (
    <AppShell user={session.user} productName={productNameFromEnv()} setup={setup}>
      <SubscriptionBanner banner={banners.subscription} />
      <VerificationBanner banner={banners.verification} />
      {children}
    </AppShell>
  );
}
