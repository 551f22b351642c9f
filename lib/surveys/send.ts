import "server-only";
import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/tenant";
import { env } from "@/lib/config/env";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { invalidInput } from "@/lib/errors/domain-error";
import { enqueueMails, type MailInput } from "@/lib/mail/outbox";
import { effectiveTemplate } from "@/lib/surveys/email-template";
import { mailBrand } from "@/lib/mail/brand";
import { surveyInvitationMails } from "@/lib/mail/templates/survey-invitation";
import { SURVEY_TOKEN_PLACEHOLDER, undeliveredTokenHash } from "@/lib/surveys/link-token";
import { orgKey } from "@/lib/db/tenant";
import { formatDate } from "@/lib/format";

// Creating and sending a survey, shared by the weekly pulse (lib/surveys/rounds.ts) and custom
// surveys (lib/surveys/custom*.ts). Both run inside the caller's organisation transaction.

export type SurveyQuestionSpec = {
  type: "scale" | "enps" | "text" | "choice";
  text: string;
  isRequired: boolean;
  bankKey?: string | null;
  dimension?: string | null;
  /** choice questions: the options, answered by index. */
  options?: string[];
  /** Asked only of invitations attributed to this team (null: everyone the survey goes to). */
  audienceTeamId?: string | null;
  /** The action plan check-back this question measures. */
  checkBackId?: string | null;
};

export type SurveySpec = {
  kind: "pulse" | "custom";
  title: string;
  /** Pulse rounds of the weekly schedule: the local date of the send; unique per organisation. */
  roundKey?: string | null;
  questions: SurveyQuestionSpec[];
  /** Empty: everyone in the organisation. */
  audienceTeamIds: string[];
  createdById: string | null;
};

/** A round stays open 7 days (docs/decisions.md (Surveys and rounds)). */
const SURVEY_OPEN_MS = 7 * 24 * 60 * 60 * 1000;
/** The whole organisation's row in SurveyParticipation (and SurveyRollup). */
export const ORG_TEAM_ID = "00000000-0000-0000-0000-000000000000";

const SURVEY_INVITATION_KIND = "survey_invitation";
export const surveyMailRef = (surveyId: string) => `survey:${surveyId}`;

/** A survey's link as the outbox stores it: the token is filled in only at delivery
 * (lib/surveys/link-token.ts). */
function surveyLinkTemplate(subdomain: string, surveyId: string): string {
  return `${workspaceOrigin(subdomain, env().rootDomain)}/surveys/${surveyId}?token=${SURVEY_TOKEN_PLACEHOLDER}`;
}

/** The day a survey was sent and the moment it closes, as its e-mails and pages name them
 * ("Monday 23 November", "Monday 30 November at 09:00 GMT"). */
export const sendingDate = (d: Date, timeZone: string) => formatDate(d, "weekdayDayMonth", timeZone);
export const closingDate = (d: Date, timeZone: string) => formatDate(d, "weekdayDayMonthTimeZone", timeZone);

/** Stores a survey and its questions (ordered 1..n) as 'scheduled'; nothing is sent yet. A
 * duplicate roundKey raises a unique violation, which the scheduler reads as "already done". */
export async function createSurvey(
  tx: Tx,
  orgId: string,
  spec: SurveySpec,
  sendAt: Date,
): Promise<{ surveyId: string }> {
  if (spec.questions.length === 0) throw invalidInput("A survey needs at least one question");
  const audience = [...new Set(spec.audienceTeamIds)];
  if (audience.length > 0) {
    const found = await tx.team.count({ where: { organizationId: orgId, id: { in: audience } } });
    if (found !== audience.length)
      throw invalidInput("Unknown team in the audience", { audienceTeamIds: ["Unknown team"] });
  }
  const surveyId = randomUUID();
  await tx.survey.create({
    data: {
      organizationId: orgId,
      id: surveyId,
      kind: spec.kind,
      title: spec.title,
      status: "scheduled",
      roundKey: spec.roundKey ?? null,
      scheduledFor: sendAt,
      audienceTeamIds: audience,
      createdById: spec.createdById,
    },
    select: { id: true },
  });
  await tx.surveyQuestion.createMany({ data: surveyQuestionRows(orgId, surveyId, spec.questions, 1) });
  return { surveyId };
}

/** A survey's questions as rows, numbered from `firstOrder` (an action plan's check-back adds
 * its questions after a round's own, lib/plans/checkback-send.ts). */
export function surveyQuestionRows(
  orgId: string,
  surveyId: string,
  questions: readonly SurveyQuestionSpec[],
  firstOrder: number,
) {
  return questions.map((q, i) => ({
    organizationId: orgId,
    surveyId,
    order: firstOrder + i,
    type: q.type,
    text: q.text,
    isRequired: q.isRequired,
    bankKey: q.bankKey ?? null,
    dimension: q.dimension ?? null,
    options: q.options ?? [],
    audienceTeamId: q.audienceTeamId ?? null,
    checkBackId: q.checkBackId ?? null,
  }));
}

type Invitee = { id: string; email: string; firstName: string; teamId: string | null };

/**
 * Sends a scheduled survey: invitations with personal single-use links, participation counts and
 * the e-mails, all in the caller's transaction. Only the caller whose conditional update moves the
 * survey from 'scheduled' to 'active' sends; any other (a second worker, a retry) sends nothing.
 */
export async function sendSurvey(tx: Tx, orgId: string, surveyId: string, now: Date): Promise<{ invited: number }> {
  const org = await tx.organization.findUniqueOrThrow({
    where: { id: orgId },
    select: { subdomain: true, minGroupSize: true, emailSubject: true, emailBody: true },
  });
  // The row lock of this update makes a concurrent second call wait, then find nothing to move.
  const moved = await tx.survey.updateMany({
    where: { organizationId: orgId, id: surveyId, status: "scheduled" },
    data: {
      status: "active",
      sentAt: now,
      // A close date chosen with the survey (a custom survey's 'Open for', lib/surveys/custom.ts)
      // is kept; weekly rounds have none and stay open 7 days.
      closesAt:
        (
          await tx.survey.findFirst({
            where: { organizationId: orgId, id: surveyId, status: "scheduled" },
            select: { closesAt: true },
          })
        )?.closesAt ?? new Date(now.getTime() + SURVEY_OPEN_MS),
      minGroupSize: org.minGroupSize,
    },
  });
  if (moved.count !== 1) return { invited: 0 };

  const survey = await tx.survey.findUniqueOrThrow({
    where: orgKey(orgId, surveyId),
    select: { audienceTeamIds: true },
  });
  const invitees = await audienceOf(tx, orgId, survey.audienceTeamIds);

  // A team is attributed only when it is large enough to report on, counting only the activated
  // people invited now; smaller teams' answers count for the organisation alone.
  const teamSizes = new Map<string, number>();
  for (const u of invitees) if (u.teamId) teamSizes.set(u.teamId, (teamSizes.get(u.teamId) ?? 0) + 1);
  const attributed = (teamId: string | null) =>
    teamId && (teamSizes.get(teamId) ?? 0) >= org.minGroupSize ? teamId : null;

  // No token yet: each invitation's link gets its token when its e-mail is delivered.
  const invitationIds = invitees.map(() => randomUUID());
  if (invitees.length > 0) {
    // One INSERT from column arrays: 10,000 invitations in one statement.
    await tx.$executeRaw`
      INSERT INTO "SurveyInvitation" ("organizationId", "id", "surveyId", "userId", "tokenHash", "teamId")
      SELECT ${orgId}::uuid, v.id, ${surveyId}::uuid, v.user_id, v.token_hash, v.team_id
      FROM unnest(${invitationIds}::uuid[], ${invitees.map((u) => u.id)}::uuid[],
                  ${invitationIds.map(undeliveredTokenHash)}::text[], ${invitees.map((u) => attributed(u.teamId))}::uuid[]) AS v(id, user_id, token_hash, team_id)`;
  }

  const perTeam = new Map<string, number>([[ORG_TEAM_ID, invitees.length]]);
  for (const u of invitees) {
    const t = attributed(u.teamId);
    if (t) perTeam.set(t, (perTeam.get(t) ?? 0) + 1);
  }
  await tx.$executeRaw`
    INSERT INTO "SurveyParticipation" ("organizationId", "surveyId", "teamId", "invited")
    SELECT ${orgId}::uuid, ${surveyId}::uuid, v.team_id, v.invited
    FROM unnest(${[...perTeam.keys()]}::uuid[], ${[...perTeam.values()]}::int[]) AS v(team_id, invited)
    ON CONFLICT ("organizationId", "surveyId", "teamId") DO UPDATE SET "invited" = EXCLUDED."invited"`;

  await tx.survey.update({
    where: orgKey(orgId, surveyId),
    data: { invitedCount: invitees.length },
    select: { id: true },
  });

  const mails = await surveyInvitationMails({
    brand: await mailBrand(tx, orgId),
    template: effectiveTemplate(org),
    link: surveyLinkTemplate(org.subdomain, surveyId),
    people: invitees,
  });
  await enqueueMails(
    tx,
    orgId,
    invitees.map((u, i): MailInput => ({
      to: u.email,
      ...mails[i]!,
      kind: SURVEY_INVITATION_KIND,
      ref: surveyMailRef(surveyId),
      invitationId: invitationIds[i]!,
    })),
  );
  return { invited: invitees.length };
}

/**
 * Everyone in the organisation, or the members of the audience's teams, who have activated their
 * account (set a password) by now. Accounts never activated get no invitation and count toward no
 * team's size: an admin could otherwise fill a team with accounts they hold and shrink a real
 * person's group to one.
 */
async function audienceOf(tx: Tx, orgId: string, teamIds: string[]): Promise<Invitee[]> {
  return tx.user.findMany({
    where: {
      organizationId: orgId,
      passwordSetAt: { not: null },
      ...(teamIds.length > 0 ? { teamId: { in: teamIds } } : {}),
    },
    select: { id: true, email: true, firstName: true, teamId: true },
    orderBy: { id: "asc" },
  });
}
