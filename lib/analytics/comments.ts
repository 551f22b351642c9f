import "server-only";
import { randomInt } from "node:crypto";
import { isUuid } from "@/lib/db/tenant";
import { withOrgReport } from "@/lib/db/read-routing";
import type { AuthContext } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/domain-error";
import { loadTeams, viewerPlaces } from "@/lib/analytics/load";
import { scopeOf } from "@/lib/analytics/scope";
import { ORG_GROUP } from "@/lib/analytics/rounds";
import { commentMinimum, decideVisibility, type SuppressionReason } from "@/lib/analytics/suppression";
import { isoDay } from "@/lib/analytics/periods";

// Open-text answers, the one place analytics reads answer rows. A group's comments are shown only
// when the round had at least 5 respondents in it (and the minimum group), with the same second
// suppression as scores: otherwise the organisation's list minus the visible teams' lists would
// single out the comments of a few people. Shuffled, and dated by the round's day only.

type Comment = { text: string; roundDate: string };
type CommentGroup = {
  id: string;
  name: string;
  reason: SuppressionReason | null;
  minimum: number;
  comments: Comment[];
};
export type RoundComments = { round: { id: string; title: string; date: string } | null; groups: CommentGroup[] };

export function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Admins: the organisation's comments; managers: their own teams'. round: a survey id or
 * 'latest' (the latest closed survey): comments are released with the results, at close. */
export async function roundComments(ctx: AuthContext, round: string): Promise<RoundComments> {
  if (round !== "latest" && !isUuid(round)) throw notFound("Survey");
  return withOrgReport(ctx.orgId, async (tx) => {
    const scope = scopeOf(ctx, await loadTeams(tx, ctx.orgId));
    const survey = await tx.survey.findFirst({
      where: { organizationId: ctx.orgId, status: "closed", ...(round === "latest" ? {} : { id: round }) },
      select: { id: true, title: true, sentAt: true, minGroupSize: true },
      orderBy: { sentAt: "desc" },
    });
    if (!survey) {
      if (round !== "latest") throw notFound("Survey");
      return { round: null, groups: [] };
    }
    const date = isoDay(survey.sentAt!);
    const min = commentMinimum(survey.minGroupSize);
    const part = await tx.surveyParticipation.findMany({
      where: { organizationId: ctx.orgId, surveyId: survey.id },
      select: { teamId: true, responded: true },
    });
    const responded = new Map(part.map((p) => [p.teamId, p.responded]));
    const allTeams = await tx.team.findMany({ where: { organizationId: ctx.orgId }, select: { id: true } });
    const viewer = (await viewerPlaces(tx, ctx, [survey.id])).get(survey.id) ?? null;
    const decision = decideVisibility({
      min,
      viewer,
      total: responded.get(ORG_GROUP) ?? 0,
      groups: allTeams.map((t) => ({ id: t.id, n: responded.get(t.id) ?? 0 })),
    });

    const wanted = scope.orgWide
      ? [{ id: ORG_GROUP, name: "All employees", reason: decision.totalVisible ? null : ("below-minimum" as const) }]
      : scope.teams.map((t) => ({ id: t.id, name: t.name, reason: decision.suppressed.get(t.id) ?? null }));
    const groups: CommentGroup[] = [];
    for (const g of wanted) {
      if (g.reason) {
        groups.push({ ...g, minimum: min, comments: [] });
        continue;
      }
      const rows = await tx.surveyAnswer.findMany({
        where: {
          organizationId: ctx.orgId,
          text: { not: null },
          question: { type: "text" },
          response: { surveyId: survey.id, ...(g.id === ORG_GROUP ? {} : { teamId: g.id }) },
        },
        select: { text: true },
      });
      const texts = rows.map((r) => r.text!.trim()).filter((t) => t.length > 0);
      groups.push({ ...g, minimum: min, comments: shuffle(texts).map((text) => ({ text, roundDate: date })) });
    }
    return { round: { id: survey.id, title: survey.title, date }, groups };
  });
}
