import Link from "next/link";
import { productNameFromEnv } from "@/lib/tenancy/site";

// Rendered per request: names come from runtime configuration (ROOT_DOMAIN, PRODUCT_NAME).
export const dynamic = "force-dynamic";

// The main site's home. The full landing page (/trial, /landing) comes with the public-site work.
export default function SiteHome() {
  const name = productNameFromEnv();
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col items-center justify-center gap-6 px-4 text-center">
      <p className="text-3xl font-bold tracking-tight text-brand-600">pulsewell</p>
      <h1 className="text-2xl font-semibold">{name}: weekly pulse surveys, culture dashboards and a private leadership coach.</h1>
      <div className="flex gap-3">
        <Link href="/login" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">Login</Link>
      </div>
    </main>
  );
}
