import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { CompanyFinder } from "@/components/site/company-finder";
import { rootDomainFromEnv } from "@/lib/tenancy/site";

export const metadata: Metadata = { title: "Find your workspace" };

export default function FinderPage() {
  return (
    <AuthCard title="Sign in to your company" subtitle="Enter your company's workspace address.">
      <CompanyFinder suffix={rootDomainFromEnv()} />
    </AuthCard>
  );
}
