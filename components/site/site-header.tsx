import Link from "next/link";
import { SiteWordmark } from "@/components/site/site-wordmark";
import { LOGIN_HREF, SIGNUP_HREF, siteHomeHref } from "@/components/site/site-links";
import { buttonVariants } from "@/components/ui/button";
import { productNameFromEnv } from "@/lib/tenancy/site";

/** The main site's top bar: wordmark, 'Login' (the company finder) and 'Sign Up'. */
export function SiteHeader() {
  const name = productNameFromEnv();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <SiteWordmark productName={name} href={siteHomeHref()} />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <Link href={LOGIN_HREF} className={buttonVariants({ variant: "ghost" })}>
            Login
          </Link>
          <Link href={SIGNUP_HREF} className={buttonVariants()}>
            Sign Up
          </Link>
        </nav>
      </div>
    </header>
  );
}
