import "server-only";
import { randomBytes } from "node:crypto";
import type { Tx } from "@/lib/db/tenant";
import { hashToken } from "@/lib/auth/tokens";

// A survey link's token exists only in the e-mail as it leaves: the outbox stores the invitation
// e-mail with this placeholder where the token goes, and delivery (lib/mail/deliver.ts) issues a
// fresh token, stores only its hash on the invitation and renders the link in memory. So no row,
// old row version, WAL record or backup ever holds a token from which an answer's marker
// (lib/surveys/marker.ts) could be recomputed and joined to the person invited.
export const SURVEY_TOKEN_PLACEHOLDER = "{{surveyToken}}";

const newSurveyToken = () => randomBytes(32).toString("base64url");

/** The token a link gets when its invitation can no longer take one (the survey closed, the person
 * was removed): the link opens the survey's page, which says the link does not work. */
const DEAD_LINK_TOKEN = "no-longer-valid";

/** What an invitation's tokenHash holds until its e-mail is delivered: unique, and no token's
 * sha256 (hex) is ever equal to it, so the link works only once delivery has issued it. */
export const undeliveredTokenHash = (invitationId: string) => `pending:${invitationId}`;

/**
 * Issues a new token for an invitation whose survey is still open and whose link was not voided,
 * replacing any earlier one: a retried delivery sends a new link and only the last one sent works.
 * Runs in its own short transaction, committed before the message is handed to the provider, so a
 * crash after sending cannot leave a delivered link that does not work. Null when the invitation
 * takes no token.
 */
export async function issueSurveyToken(tx: Tx, orgId: string, invitationId: string): Promise<string | null> {
  const token = newSurveyToken();
  const updated = await tx.$executeRaw`
    UPDATE "SurveyInvitation" i SET "tokenHash" = ${hashToken(token)}
    FROM "Survey" s
    WHERE i."organizationId" = ${orgId}::uuid AND i."id" = ${invitationId}::uuid
      AND s."organizationId" = i."organizationId" AND s."id" = i."surveyId" AND s."status" = 'active'
      AND i."tokenHash" NOT LIKE 'void:%'`;
  return updated === 1 ? token : null;
}

/** A stored invitation e-mail's text (or html) with its link's token filled in. */
export const withSurveyToken = (body: string, token: string | null) =>
  body.replaceAll(SURVEY_TOKEN_PLACEHOLDER, token ?? DEAD_LINK_TOKEN);
