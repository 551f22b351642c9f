import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { LOGIN_HREF } from "@/components/site/site-links";
import { TRIAL_DAYS } from "@/lib/billing/pricing";

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-700">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            Hear from your team this week
          </h2>
          <p className="mt-2 text-brand-100">Set up in 10 minutes. Free for {TRIAL_DAYS} days.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a
            href="#start"
            className={buttonVariants({
              size: "lg",
              variant: "outline",
              className: "border-white bg-white text-brand-700 hover:bg-brand-50",
            })}
          >
            Start free trial
          </a>
          <Link
            href={LOGIN_HREF}
            className={buttonVariants({
              size: "lg",
              variant: "ghost",
              className: "text-white hover:bg-white/10 hover:text-white focus-visible:outline-white",
            })}
          >
            Log in to your company
          </Link>
        </div>
      </div>
    </section>
  );
}
