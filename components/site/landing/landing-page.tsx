import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { DemoWorkspaceBar } from "@/components/site/demo-workspace-bar";
import { ClosingCta } from "@/components/site/landing/closing-cta";
import { Features } from "@/components/site/landing/features";
import { Hero } from "@/components/site/landing/hero";
import { Pricing } from "@/components/site/landing/pricing";
import { SocialProof } from "@/components/site/landing/social-proof";
import { TRIAL_DAYS } from "@/lib/billing/pricing";
import { productNameFromEnv } from "@/lib/tenancy/site";

/** The marketing landing page, served at /trial, /landing and the main site's home (a local start's
 * root address too, where it also leads to the demo workspace). */
export function LandingPage() {
  const name = productNameFromEnv();
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <DemoWorkspaceBar />
      <SiteHeader />
      <main id="main" className="flex-1">
        <Hero productName={name} />
        <SocialProof />
        <Features productName={name} />
        <Pricing />
        <ClosingCta />
      </main>
      <SiteFooter />
    </div>
  );
}

export function landingDescription(name: string): string {
  return `${name}: weekly two-minute anonymous pulse surveys, culture dashboards with eNPS, an AI leadership coach and 1:1 tools. ${TRIAL_DAYS}-day free trial.`;
}
