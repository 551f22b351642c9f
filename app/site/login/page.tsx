import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { CompanyFinder } from "@/components/site/company-finder";
import { rootDomainFromEnv } from "@/lib/tenancy/site";

// Rendered per request: names come from runtime configuration (ROOT_DOMAIN, PRODUCT_NAME).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Find your workspace" };

export default function FinderPage() {
  return (
    <AuthCard title="Sign in to your company" subtitle="Enter your company's workspace address.">
      <CompanyFinder suffix={rootDomainFromEnv()} />
    </AuthCard>
  );
}
