import Link from "next/link";
import { AlertTriangle, CheckCircle2 } from "lucide-react";
import type { EmergencyMetric, TeamAlert } from "@/lib/analytics/emergency";
import { plural } from "@/lib/format";
import { FocusAreasToggle } from "@/components/analytics/focus-areas";

/** Teams listed on the dashboard; the rest are one link away, so a large organisation's
 * dashboard stays short. */
const TEAMS_SHOWN = 5;
/** A team's worst figures shown; the rest are in the team's own view. */
const ITEMS_SHOWN = 4;

/** A team's own view: the Pulse Overview over the last four weeks, that team alone. */
const teamPulseHref = (teamId: string) => `/pulse?${new URLSearchParams({ round: "recent", team: teamId }).toString()}`;

const figure = (value: number, stress: boolean) => `${value.toFixed(1)}/10${stress ? " (High)" : ""}`;

function TeamAlerts({ alerts, orgLevel }: { alerts: TeamAlert[]; orgLevel: boolean }) {
  const shown = alerts.slice(0, TEAMS_SHOWN);
  const more = alerts.length - shown.length;
  return (
    <div className="mt-4">
      <h3 id="team-alerts-title" className="text-sm font-semibold text-red-900">
        Teams below 6.5 over the last four weeks
      </h3>
      {orgLevel ? null : (
        <p className="mt-1 text-sm text-red-900">
          The overall scores are above 6.5, but these teams are not. Worst first.
        </p>
      )}
      <ul aria-labelledby="team-alerts-title" className="mt-2 grid gap-3 md:grid-cols-2">
        {shown.map((t) => (
          <li key={t.teamId} className="rounded-lg bg-white p-3 text-sm shadow-xs" data-team-alert={t.teamName}>
            {/* Not prefetched: each would render that team's Pulse Overview on the server for every
                dashboard view, and their requests would compete with the page's own first paint. */}
            <Link
              href={teamPulseHref(t.teamId)}
              prefetch={false}
              className="font-semibold break-words text-brand-700 underline underline-offset-2"
            >
              {t.teamName}
            </Link>
            <ul className="mt-1.5 space-y-1" aria-label={`Low scores of ${t.teamName}`}>
              {t.items.slice(0, ITEMS_SHOWN).map((i) => (
                <li key={i.metric} className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 text-slate-800">{i.label}</span>
                  <span className="shrink-0 font-semibold text-red-700 tabular-nums">
                    {figure(i.value, i.metric === "stress")}
                  </span>
                </li>
              ))}
            </ul>
            {t.items.length > ITEMS_SHOWN ? (
              <p className="mt-1 text-xs text-slate-600">
                {`And ${plural(t.items.length - ITEMS_SHOWN, "more figure", "more figures")} below 6.5 in its view.`}
              </p>
            ) : null}
            <FocusAreasToggle teamId={t.teamId} teamName={t.teamName} />
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="mt-2 text-sm text-red-900">
          {`And ${plural(more, "more team", "more teams")}: `}
          <Link href="/pulse?round=recent" className="text-brand-700 underline underline-offset-2">
            see every team in the Pulse Overview
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** 'Emergency Metrics (Below 6.5)' with the teams below the threshold, or the green 'All metrics
 * looking good!' card when neither the overall figures nor any team the viewer may see is below it. */
export function EmergencyPanel({ metrics, teams }: { metrics: EmergencyMetric[]; teams: TeamAlert[] }) {
  if (metrics.length === 0 && teams.length === 0) {
    return (
      <section aria-labelledby="emergency-ok" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5">
        <h2 id="emergency-ok" className="flex items-center gap-2 font-semibold text-emerald-900">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          All metrics looking good!
        </h2>
        <p className="mt-1 text-sm text-emerald-800">No emergency metrics detected: all scores are above 6.5.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="emergency-title" className="rounded-xl border border-red-200 bg-red-50 p-5">
      <h2 id="emergency-title" className="flex items-center gap-2 font-semibold text-red-900">
        <AlertTriangle aria-hidden="true" className="size-5" />
        Emergency Metrics (Below 6.5)
      </h2>
      {metrics.length > 0 ? (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {metrics.map((m) => (
            <li
              key={m.metric}
              className="flex items-center justify-between rounded-lg bg-white px-3 py-2 text-sm shadow-xs"
            >
              <span className="font-medium text-slate-800">{m.label}</span>
              <span className="font-semibold text-red-700">{figure(m.value, m.metric === "stress")}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {teams.length > 0 ? <TeamAlerts alerts={teams} orgLevel={metrics.length > 0} /> : null}
    </section>
  );
}
