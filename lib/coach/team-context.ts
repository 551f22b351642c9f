import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { dashboardMetrics } from "@/lib/analytics/dashboard";
import type { TeamContext, TeamMetric } from "@/lib/coach/prompt";

// Team context for Boss Bot: when the question is about the manager's team, the figures of the
// manager's own dashboard (dashboardMetrics: the same scope, closed rounds only and the same
// suppression), cited by the newest closed round they include. Nothing the dashboard would not
// show: when it hides the figures, so does the coach.

const TEAM_WORDS =
  /\b(?:my team|our team|the team|team's|teams?|my people|my reports|my direct reports|morale|engagement|engaged|survey|surveys|pulse|scores?|results|enps|culture score|stress level|participation)\b/i;

export function isTeamQuestion(question: string): boolean {
  return TEAM_WORDS.test(question);
}

export async function loadTeamContext(ctx: AuthContext, now = new Date()): Promise<TeamContext | null> {
  const m = await dashboardMetrics(ctx, now);
  if (!m.latestRound) return null;
  const roundLabel = `Pulse ${m.latestRound.date}`;
  const scope = m.scope === "organization" ? "whole organisation" : "your teams";
  if (m.suppressionReason) {
    return {
      roundLabel,
      closedAt: m.latestRound.date,
      scope,
      metrics: [],
      note: "Your team's latest results are hidden to protect anonymity (too few answers)",
    };
  }
  const metrics: TeamMetric[] = [];
  const add = (label: string, v: number | null) => {
    if (v !== null) metrics.push({ label, value: v });
  };
  add("Engagement", m.engagementScore);
  add("Culture", m.overallCultureScore);
  add("eNPS", m.enpsScore);
  add("Stress", m.stressLevel);
  const trend = m.engagementTrend ? ` Engagement trend: ${m.engagementTrend}.` : "";
  return { roundLabel, closedAt: m.latestRound.date, scope, metrics, ...(trend ? { note: trend.trim() } : {}) };
}
