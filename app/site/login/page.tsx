import type { Metadata } from "next";
import { CompanyFinder } from "@/components/site/company-finder";
import { SiteHeader } from "@/components/site/site-header";
import { productNameFromEnv, rootDomainFromEnv } from "@/lib/tenancy/site";

// Rendered per request: names come from runtime configuration (ROOT_DOMAIN, PRODUCT_NAME).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Company login" };

export default function FinderPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      <SiteHeader />
      <main className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Sign in to your company</h1>
          <p className="mt-1 text-sm text-slate-600">
            Enter your company&apos;s workspace address to go to its login page.
          </p>
          <div className="mt-6">
            <CompanyFinder suffix={rootDomainFromEnv()} productName={productNameFromEnv()} />
          </div>
        </div>
      </main>
    </div>
  );
}
