import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { SignupFlow } from "@/components/signup/signup-flow";
import { SiteWordmark } from "@/components/site/site-wordmark";
import { siteHomeHref } from "@/components/site/site-links";
import { Benefits } from "@/components/signup/benefits";
import { productNameFromEnv, rootDomainFromEnv } from "@/lib/tenancy/site";
import { slugify } from "@/lib/signup/slug";
import { companySizeFor } from "@/lib/signup/company-size";
import { signupPaymentConfig } from "@/lib/billing/signup-config";

// Rendered per request: names come from runtime configuration (ROOT_DOMAIN, PRODUCT_NAME).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign up" };

// The landing page's lead form sends these along; anything else in the query is ignored.
const text = z.string().max(120).catch("");
const prefillSchema = z
  .object({
    companyName: text,
    firstName: text,
    lastName: text,
    workEmail: text,
    teamSize: z.coerce.number().int().catch(0),
  })
  .partial();

export default async function SignupPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const prefill = prefillSchema.parse(await searchParams);
  const companyName = prefill.companyName ?? "";
  const productName = productNameFromEnv();
  return (
    <main className="min-h-dvh bg-slate-50">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5">
        {/* The main site's home, as on every public page: a bare "/" on a local root is the demo
            workspace's dashboard, which is no place for someone signing up. */}
        <SiteWordmark productName={productName} href={siteHomeHref()} className="text-2xl" />
        <p className="text-sm text-slate-600">
          Already have a workspace?{" "}
          <Link href="/login" className="font-medium text-brand-600 hover:underline">
            Log in
          </Link>
        </p>
      </header>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <SignupFlow
          suffix={rootDomainFromEnv()}
          productName={productName}
          payment={signupPaymentConfig()}
          initial={{
            firstName: prefill.firstName ?? "",
            lastName: prefill.lastName ?? "",
            workEmail: prefill.workEmail ?? "",
            password: "",
            confirmPassword: "",
            companyName,
            subdomain: slugify(companyName),
            companySize: companySizeFor(prefill.teamSize ?? 0),
            marketingConsent: false,
          }}
        />
        <Benefits productName={productName} />
      </div>
    </main>
  );
}
