import type { Metadata } from "next";
import { LandingPage, landingDescription } from "@/components/site/landing/landing-page";
import { productNameFromEnv } from "@/lib/tenancy/site";

// Rendered per request: names come from runtime configuration (ROOT_DOMAIN, PRODUCT_NAME).
export const dynamic = "force-dynamic";

export function generateMetadata(): Metadata {
  return {
    title: "Weekly pulse surveys and culture dashboards",
    description: landingDescription(productNameFromEnv()),
  };
}

export default function LandingRoute() {
  return <LandingPage />;
}
