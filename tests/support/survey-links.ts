import { withOrg } from "@/lib/db/tenant";
import { deliverMail } from "@/lib/mail/deliver";
import type { OutgoingMail } from "@/lib/mail/transport";
import { surveyMailRef } from "@/lib/surveys/send";
import { recordingTransport } from "./recording-transport";

/**
 * Delivers an organisation's pending survey invitation e-mails (of one survey, if named) and
 * returns them as they left, links and all: the stored copies never hold a link's token, so
 * tests read links the way the people invited do.
 */
export async function deliverSurveyInvitations(orgId: string, surveyId?: string): Promise<OutgoingMail[]> {
  const pending = await withOrg(orgId, (tx) =>
    tx.mailMessage.findMany({
      where: {
        organizationId: orgId,
        status: "pending",
        invitationId: { not: null },
        ...(surveyId ? { ref: surveyMailRef(surveyId) } : {}),
      },
      select: { id: true },
      orderBy: { createdAt: "asc" },
    }),
  );
  const transport = recordingTransport();
  for (const m of pending) {
    const outcome = await deliverMail(orgId, m.id, transport);
    if (outcome !== "sent") throw new Error(`survey invitation ${m.id} was ${outcome}, not sent`);
  }
  return transport.sent;
}

/** The token of the survey link in a delivered e-mail's text. */
export const linkToken = (text: string) => /[?&]token=([\w-]+)/.exec(text)![1]!;
