import "server-only";
import { orgKey, withOrg } from "@/lib/db/tenant";

export type CachedQuestion = {
  id: string;
  type: "scale" | "enps" | "text" | "choice";
  isRequired: boolean;
  /** choice questions: the options, answered by index. */
  options: string[];
  /** Asked only of invitations attributed to this team; null: of everyone the survey went to. */
  audienceTeamId: string | null;
  dimension: string | null;
  bankKey: string | null;
};

// A survey's questions never change once it is sent (an action plan's check-back questions join a
// pulse round in the transaction that creates it), so each process keeps the
// recent ones: a round's thousands of submissions then validate without reading them again.
// Keyed by organisation too, so one organisation can never see another's entry.
const MAX_ENTRIES = 500;
const cache = new Map<string, CachedQuestion[]>();

export async function surveyQuestions(orgId: string, surveyId: string): Promise<CachedQuestion[] | null> {
  const key = `${orgId}:${surveyId}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const s = await withOrg(orgId, (tx) =>
    tx.survey.findUnique({
      where: orgKey(orgId, surveyId),
      select: {
        questions: {
          select: {
            id: true,
            type: true,
            isRequired: true,
            dimension: true,
            bankKey: true,
            options: true,
            audienceTeamId: true,
          },
        },
      },
    }),
  );
  if (!s) return null;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, s.questions);
  return s.questions;
}
