import Link from "next/link";
import { WordmarkText } from "@/components/site/site-wordmark";
import { LOGIN_HREF, SIGNUP_HREF } from "@/components/site/site-links";
import { productNameFromEnv } from "@/lib/tenancy/site";

export function SiteFooter() {
  const name = productNameFromEnv();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          <WordmarkText productName={name} className="text-brand-600" />
          <span className="ml-2">Weekly pulse surveys, culture dashboards and leadership coaching.</span>
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link className="hover:text-slate-900 hover:underline" href={LOGIN_HREF}>
                Login
              </Link>
            </li>
            <li>
              <Link className="hover:text-slate-900 hover:underline" href={SIGNUP_HREF}>
                Sign Up
              </Link>
            </li>
            <li>
              <Link className="hover:text-slate-900 hover:underline" href="/logos">
                Logo colours
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
