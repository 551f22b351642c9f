// Culture, eNPS average or engagement below 6.5, or stress above 6.5, are emergencies
// (docs/decisions.md (Scores and metrics)). Compared at one decimal, as shown, so a '6.5/10' is
// never listed as below 6.5.
import { EMERGENCY_THRESHOLD } from "@/lib/surveys/scoring";
import { round1, type Scores } from "@/lib/analytics/scores";

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
