import type { Metadata } from "next";
import { LandingPage, landingDescription } from "@/components/site/landing/landing-page";
import { productNameFromEnv } from "@/lib/tenancy/site";

// Rendered per request: names come from runtime configuration (ROOT_DOMAIN, PRODUCT_NAME).
export const dynamic = "force-dynamic";

// The main site's home, on a real root domain and on a local start alike (there the landing page
// also leads to the demo workspace).
export function generateMetadata(): Metadata {
  const name = productNameFromEnv();
  return {
    title: { absolute: `${name}: weekly pulse surveys and culture dashboards` },
    description: landingDescription(name),
  };
}

export default function SiteHome() {
  return <LandingPage />;
}
