// An open pulse survey with one personal link, made straight in the database as the sender leaves
// it, for specs that only need the survey page to show (its layout, its accessibility).
import { randomBytes } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashToken } from "@/lib/auth/token-hash";
import { e2eDb, type Workspace } from "./workspace";
import { workspaceUrl } from "./pages";

/** The employee's personal link to a new open survey of two questions in the workspace. */
export async function openSurveyLink(ws: Workspace): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const surveyId = await runInOrg(e2eDb(), ws.orgId, async (tx) => {
    const s = await tx.survey.create({
      data: {
        organizationId: ws.orgId,
        kind: "pulse",
        title: "Weekly Pulse",
        status: "active",
        scheduledFor: new Date(),
        sentAt: new Date(),
        closesAt: new Date(Date.now() + 7 * 86_400_000),
        minGroupSize: 3,
        invitedCount: 1,
      },
      select: { id: true },
    });
    await tx.surveyQuestion.createMany({
      data: [
        {
          type: "scale" as const,
          text: "I know what is expected of me at work.",
          dimension: "alignment",
          bankKey: "alignment_1",
          isRequired: true,
        },
        { type: "text" as const, text: "Anything else you would like to share?", isRequired: false },
      ].map((q, i) => ({ organizationId: ws.orgId, surveyId: s.id, order: i + 1, ...q })),
    });
    await tx.surveyInvitation.create({
      data: { organizationId: ws.orgId, surveyId: s.id, userId: ws.employee.id, tokenHash: hashToken(token) },
    });
    return s.id;
  });
  return workspaceUrl(ws.subdomain, `/surveys/${surveyId}?token=${token}`);
}
