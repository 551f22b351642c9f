import "server-only";
import { orgKey, withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { invalidInput } from "@/lib/errors/domain-error";
import { audit } from "@/lib/audit/audit";
import { requirePermission } from "@/lib/auth/authorize";
import { createSurvey, sendSurvey } from "@/lib/surveys/send";
import { assertWritable } from "@/lib/billing/access";
import { closeInstant, type CreateCustomSurveyResult, type CustomSurveyInput } from "@/lib/surveys/custom-schemas";

// Sending to the whole of a large organisation writes one invitation and one e-mail per person in
// this transaction; give it more room than an ordinary request.
const SEND_TIMEOUT_MS = 120_000;

/**
 * 'Create Survey': stores the survey as scheduled, with the close date its creator chose, and when
 * it goes out now, sends it in the same transaction, so a survey is never left half-sent. Later
 * sends are picked up by the scheduler.
 * Anonymity needs nothing here: the sender attributes answers only to teams large enough.
 */
export async function createCustomSurvey(
  ctx: AuthContext,
  input: CustomSurveyInput,
  now = new Date(),
): Promise<CreateCustomSurveyResult> {
  requirePermission(ctx, "surveys.send");
  const teamIds = "teamIds" in input.audience ? input.audience.teamIds : [];
  return withOrg(
    ctx.orgId,
    async (tx) => {
      await assertWritable(tx, ctx.orgId);
      if (teamIds.length > 0) {
        // Loaded by id AND organisation: another organisation's team is simply not found.
        const teams = await tx.team.findMany({
          where: { organizationId: ctx.orgId, id: { in: teamIds } },
          select: { id: true, _count: { select: { members: true } } },
        });
        if (teams.length !== teamIds.length)
          throw invalidInput("Invalid request body", {
            "audience.teamIds": ["One of the chosen teams does not exist"],
          });
        if (teams.every((t) => t._count.members === 0))
          throw invalidInput("Invalid request body", { "audience.teamIds": ["The chosen teams have no members yet"] });
      }
      const sendAt = "now" in input.send ? now : input.send.at;
      const spec = {
        kind: "custom" as const,
        title: input.title,
        questions: input.questions.map((q) => ({ type: q.type, text: q.text, isRequired: q.isRequired })),
        audienceTeamIds: teamIds,
        createdById: ctx.userId,
      };
      const { surveyId } = await createSurvey(tx, ctx.orgId, spec, sendAt);
      // The close date is fixed with the survey, counted from its send time; sendSurvey keeps a
      // preset one (weekly rounds have none and get 7 days), so results are released on the day
      // the creator chose, whether the survey goes out now or from the scheduler.
      const closesAt = closeInstant(sendAt, input.openDays);
      await tx.survey.update({
        where: orgKey(ctx.orgId, surveyId),
        data: { closesAt },
        select: { id: true },
      });
      const invited = "now" in input.send ? (await sendSurvey(tx, ctx.orgId, surveyId, now)).invited : 0;
      await audit(
        tx,
        ctx,
        "survey.create",
        { type: "survey", id: surveyId },
        {
          kind: "custom",
          title: input.title,
          questions: input.questions.length,
          audienceTeamIds: teamIds,
          scheduledFor: sendAt.toISOString(),
          openDays: input.openDays,
          closesAt: closesAt.toISOString(),
          invited,
        },
      );
      return { surveyId, status: "now" in input.send ? "active" : "scheduled", invited };
    },
    { timeoutMs: SEND_TIMEOUT_MS },
  );
}
