import { BellRing, Bot, CalendarCheck, ChartColumn, ClipboardCheck, MessageSquareLock } from "lucide-react";

// Every claim here is something the product does (see docs/decisions.md): keep them in step.
const FEATURES = [
  {
    icon: ClipboardCheck,
    title: "Weekly pulse surveys",
    text: "About five questions a week that rotate across eleven culture dimensions, plus a monthly eNPS question. Each person gets a personal link.",
  },
  {
    icon: ChartColumn,
    title: "Culture dashboards and eNPS",
    text: "Culture score, engagement and eNPS on a 0 to 10 scale, by team and over time, with reports for admins and managers.",
  },
  {
    icon: Bot,
    title: "Boss Bot AI leadership coach",
    text: "A private coach for managers, grounded in a library of leadership frameworks. Conversations are encrypted and visible only to their author.",
  },
  {
    icon: CalendarCheck,
    title: "1:1 meeting tools",
    text: "Templates, employee prep forms, shared and private notes, calendar invitations and reminders before each meeting.",
  },
  {
    icon: MessageSquareLock,
    title: "Anonymous feedback",
    text: "Answers carry no name and no exact time, and no group smaller than three is ever shown. People see how answers are reported before they submit.",
  },
  {
    icon: BellRing,
    title: "Culture alerts",
    text: "Get flagged when culture, engagement or eNPS drop below 6.5 out of 10, or when stress rises above it.",
  },
] as const;

export function Features({ productName }: { productName: string }) {
  return (
    <section aria-labelledby="features-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Features</p>
          <h2
            id="features-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            Everything you need for a healthier culture
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            {productName} brings listening, insight and action together in one place.
          </p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 transition-colors group-hover:bg-brand-600 group-hover:text-white">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
