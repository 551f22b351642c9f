import type { Metadata } from "next";
import { LogoGrid } from "@/components/site/logo-grid";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { productNameFromEnv } from "@/lib/tenancy/site";

// Rendered per request: names come from runtime configuration (ROOT_DOMAIN, PRODUCT_NAME).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Logo colours" };

export default function LogosPage() {
  const name = productNameFromEnv();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Logo colours</h1>
        <p className="mt-2 max-w-2xl text-slate-600">
          The {name} wordmark in each of its colours on light, dark and neutral backgrounds.
        </p>
        <div className="mt-10">
          <LogoGrid productName={name} />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
