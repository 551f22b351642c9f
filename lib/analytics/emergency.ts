// Culture, eNPS average or engagement below 6.5, or stress above 6.5, are emergencies
// (docs/decisions.md (Scores and metrics)). Compared at one decimal, as shown, so a '6.5/10' is
// never listed as below 6.5.
import { EMERGENCY_THRESHOLD } from "@/lib/surveys/scoring";
import { round1, type Scores } from "@/lib/analytics/scores";
import { DIMENSIONS, ENGAGEMENT_DIMENSION, type DimensionKey } from "@/lib/surveys/dimensions";

export type EmergencyMetric = {
  metric: "culture" | "enps" | "engagement" | "stress";
  label: string;
  value: number;
  /** 'Culture Score: 5.8/10', stress with ' (High)'. */
  text: string;
};

type EmergencyInput = Pick<Scores, "culture" | "enps" | "engagement" | "stress">;

const LOW: { metric: EmergencyMetric["metric"]; label: string; pick: (s: EmergencyInput) => number | null }[] = [
  { metric: "culture", label: "Culture Score", pick: (s) => s.culture },
  { metric: "enps", label: "eNPS Score", pick: (s) => s.enps },
  { metric: "engagement", label: "Engagement Score", pick: (s) => s.engagement },
];

export function emergencyMetrics(s: EmergencyInput): EmergencyMetric[] {
  const out: EmergencyMetric[] = [];
  for (const m of LOW) {
    const v = m.pick(s);
    if (v !== null && round1(v) < EMERGENCY_THRESHOLD)
      out.push({ metric: m.metric, label: m.label, value: round1(v), text: `${m.label}: ${round1(v).toFixed(1)}/10` });
  }
  if (s.stress !== null && round1(s.stress) > EMERGENCY_THRESHOLD) {
    out.push({
      metric: "stress",
      label: "Stress Level",
      value: round1(s.stress),
      text: `Stress Level: ${round1(s.stress).toFixed(1)}/10 (High)`,
    });
  }
  return out;
}

/** One low figure of a team: an emergency metric or a culture dimension below 6.5. */
type TeamAlertItem = {
  metric: EmergencyMetric["metric"] | DimensionKey;
  label: string;
  value: number;
  /** How far past the threshold, so the worst comes first. */
  severity: number;
};

/** A team the viewer may see with at least one figure past the threshold, worst first. */
export type TeamAlert = { teamId: string; teamName: string; items: TeamAlertItem[] };

type TeamScores = { id: string; name: string; scores: Scores };

/** The teams' figures past the threshold: the emergency metrics and each culture dimension
 * (engagement is the overall-engagement dimension, listed once). Only figures that were shown
 * reach here: a hidden team or metric has no score. Teams worst first, then by name. */
export function teamAlerts(teams: readonly TeamScores[]): TeamAlert[] {
  const out: TeamAlert[] = [];
  for (const t of teams) {
    const items: TeamAlertItem[] = emergencyMetrics(t.scores).map((m) => ({
      metric: m.metric,
      label: m.label,
      value: m.value,
      severity: m.metric === "stress" ? m.value - EMERGENCY_THRESHOLD : EMERGENCY_THRESHOLD - m.value,
    }));
    for (const d of DIMENSIONS) {
      const v = t.scores.dimensions[d.key];
      if (d.key === ENGAGEMENT_DIMENSION || v === null || round1(v) >= EMERGENCY_THRESHOLD) continue;
      items.push({ metric: d.key, label: d.label, value: round1(v), severity: EMERGENCY_THRESHOLD - round1(v) });
    }
    if (items.length === 0) continue;
    items.sort((a, b) => b.severity - a.severity || a.label.localeCompare(b.label));
    out.push({ teamId: t.id, teamName: t.name, items });
  }
  return out.sort((a, b) => b.items[0]!.severity - a.items[0]!.severity || a.teamName.localeCompare(b.teamName));
}
