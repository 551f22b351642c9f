import type { Metadata } from "next";
import { LandingPage, landingDescription } from "@/components/site/landing/landing-page";
import { TRIAL_DAYS } from "@/lib/billing/pricing";
import { productNameFromEnv } from "@/lib/tenancy/site";

// Rendered per request: names come from runtime configuration (ROOT_DOMAIN, PRODUCT_NAME).
export const dynamic = "force-dynamic";

export function generateMetadata(): Metadata {
  return { title: `Start your ${TRIAL_DAYS}-day free trial`, description: landingDescription(productNameFromEnv()) };
}

export default function TrialPage() {
  return <LandingPage />;
}
