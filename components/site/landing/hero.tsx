import { Clock, ShieldCheck, Timer } from "lucide-react";
import { LeadForm } from "@/components/site/landing/lead-form";
import { TrialBadges } from "@/components/site/landing/trial-badges";

const CLAIMS = [
  { icon: Timer, title: "Set up in 10 minutes", text: "Invite your team and send the first pulse the same day." },
  { icon: Clock, title: "2-minute weekly surveys", text: "Five quick questions a week, so people actually answer." },
  {
    icon: ShieldCheck,
    title: "Anonymous by design",
    text: "Answers are never tied to a name, and small groups stay hidden.",
  },
] as const;

export function Hero({ productName }: { productName: string }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white"
    >
      {/* Soft colour behind the hero: decoration only, drawn in CSS so nothing is fetched. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 right-[-10rem] size-[28rem] rounded-full bg-brand-100/70 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-64 left-[-12rem] size-[24rem] rounded-full bg-sky-100/60 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.15fr_1fr] lg:items-start lg:gap-14 lg:py-24">
        <div>
          <p className="inline-flex items-center rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
            Weekly pulse surveys for teams that care
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
          >
            Know how your team really feels, <span className="text-brand-600">every week</span>.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-slate-600">
            {productName} turns a two-minute anonymous check-in into culture dashboards, early alerts and a private
            leadership coach, so managers can act before small problems grow.
          </p>
          <div className="mt-6">
            <TrialBadges />
          </div>
          <ul className="mt-8 grid gap-4 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {CLAIMS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="block text-sm text-slate-600">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div id="start" className="scroll-mt-24">
          <LeadForm />
        </div>
      </div>
    </section>
  );
}
