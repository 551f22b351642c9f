import Link from "next/link";
import { Check } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { formatUsd, monthlyTotal, PRICE_PER_USER_USD, TRIAL_DAYS } from "@/lib/billing/pricing";
import { SIGNUP_HREF } from "@/components/site/site-links";

const EXAMPLE_TEAM_SIZES = [10, 25, 50] as const;
const INCLUDED = [
  "Weekly pulse surveys and eNPS",
  "Culture dashboards, reports and alerts",
  "Boss Bot AI leadership coach",
  "1:1 meeting tools",
  "Anonymous feedback and culture alerts",
] as const;

export function Pricing() {
  return (
    <section aria-labelledby="pricing-title" className="bg-gradient-to-b from-white to-brand-50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Pricing</p>
          <h2 id="pricing-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            One simple price
          </h2>
          <p className="mt-4 text-lg text-slate-600">Every feature for every user. No setup fees, cancel anytime.</p>
        </div>
        <div className="mx-auto mt-12 max-w-3xl overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-xl shadow-brand-600/10 md:grid md:grid-cols-2">
          <div className="p-6 sm:p-8">
            <h3 className="text-lg font-semibold text-slate-900">Per user, per month</h3>
            <p className="mt-4 flex items-baseline gap-2">
              <span className="text-5xl font-bold tracking-tight text-slate-900">{formatUsd(PRICE_PER_USER_USD)}</span>
              <span className="text-slate-600">per user / month</span>
            </p>
            <p className="mt-2 text-sm text-slate-600">After your {TRIAL_DAYS}-day free trial. Billed in USD.</p>
            <ul className="mt-6 space-y-2.5">
              {INCLUDED.map((item) => (
                <li key={item} className="flex gap-2 text-sm text-slate-700">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                  {item}
                </li>
              ))}
            </ul>
            <Link href={SIGNUP_HREF} className={buttonVariants({ size: "lg", className: "mt-8 w-full" })}>
              Start {TRIAL_DAYS}-day free trial
            </Link>
          </div>
          <div className="border-t border-slate-200 bg-slate-50 p-6 sm:p-8 md:border-t-0 md:border-l">
            <h3 className="text-lg font-semibold text-slate-900">What a team pays</h3>
            <table className="mt-4 w-full text-left text-sm">
              <caption className="sr-only">Monthly price by number of users</caption>
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="pb-2 font-medium">
                    Users
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Per month
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {EXAMPLE_TEAM_SIZES.map((users) => (
                  <tr key={users}>
                    <th scope="row" className="py-3 font-medium text-slate-900">
                      {users} users
                    </th>
                    <td className="py-3 text-right text-base font-semibold text-slate-900">
                      {formatUsd(monthlyTotal(users))} / month
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-4 text-sm text-slate-600">
              Your total is simply the number of users times {formatUsd(PRICE_PER_USER_USD)}. Add or remove users at any
              time.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
