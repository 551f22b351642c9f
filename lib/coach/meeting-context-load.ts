import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { DomainError, notFound } from "@/lib/errors/domain-error";
import { inPair } from "@/lib/one-on-one/access";
import { loadSuggestionContext, suggestionsFor } from "@/lib/one-on-one/manager-suggestions";
import { HIGH_STRESS_MIN, LOW_MOOD_MAX } from "@/lib/one-on-one/suggestions";
import { sendingDate } from "@/lib/surveys/send";
import type { MeetingContext, Trend } from "@/lib/coach/meeting-context";

// The 1:1 a Boss Bot conversation is about, read from the database for the meeting's manager
// (never from what the browser hands over): the submitted prep form with the mood and stress of
// the pair's previous submitted form, the open action items and the suggestions, with every date
// in words, so no id, timestamp or field name can reach an answer.

/** The suggestions the coach reads: the most pressing few, as the boss-bot hand-over lists them. */
const TOP_SUGGESTIONS = 5;
const TEXT_MAX = 5000;

const clip = (s: string | null | undefined, max = TEXT_MAX) => (s ?? "").replace(/\s+/g, " ").trim().slice(0, max);

function trend(now: number, before: number | null): Trend | null {
  if (before === null) return null;
  return now > before ? "up" : now < before ? "down" : "steady";
}

/** A due day ("2026-12-04", a calendar date without a zone) in words: "Friday 4 December". */
const dueWords = (isoDay: string) => sendingDate(new Date(`${isoDay}T00:00:00Z`), "UTC");

/**
 * The meeting as Boss Bot reads it. Only the meeting's manager gets it; the employee of the meeting,
 * anyone else, another organisation's id, an unknown or malformed id all get notFound("Meeting"),
 * the refusal the 1:1 routes give outsiders (nobody learns the meeting exists).
 */
export async function loadMeetingContext(
  ctx: AuthContext,
  meetingId: string,
  now = new Date(),
): Promise<MeetingContext> {
  requirePermission(ctx, "oneOnOnes.use");
  const loaded = await inPair(ctx, async (tx) => {
    let c;
    try {
      c = await loadSuggestionContext(tx, ctx, meetingId);
    } catch (err) {
      // The employee's side of the meeting: the coach conversation is the manager's alone.
      if (err instanceof DomainError && err.code === "meeting_manager_only") throw notFound("Meeting");
      throw err;
    }
    const { meeting } = c;
    // The pair's submitted form before this one, for the mood and stress trend.
    const previous = c.prepForm
      ? await tx.meetingPrepForm.findFirst({
          where: {
            organizationId: ctx.orgId,
            managerId: meeting.managerId,
            employeeId: meeting.employeeId,
            submittedAt: { not: null },
            meeting: { scheduledAt: { lt: meeting.scheduledAt } },
          },
          select: { mood: true, stressLevel: true },
          orderBy: [{ meeting: { scheduledAt: "desc" } }, { meetingId: "desc" }],
        })
      : null;
    return { c, previous };
  });
  const { c, previous } = loaded;
  const suggestions = await suggestionsFor(ctx, c, now);
  const m = c.meeting;
  const p = c.prepForm;
  const end = m.scheduledAt.getTime() + m.durationMinutes * 60_000;
  return {
    employeeFirstName: clip(c.employee.firstName, 100) || "your report",
    when: sendingDate(m.scheduledAt, m.series.timeZone),
    past: m.status === "completed" || end <= now.getTime(),
    prep: p
      ? {
          mood: p.mood,
          stress: p.stressLevel,
          previousMood: previous?.mood ?? null,
          previousStress: previous?.stressLevel ?? null,
          moodTrend: trend(p.mood, previous?.mood ?? null),
          stressTrend: trend(p.stressLevel, previous?.stressLevel ?? null),
          wins: clip(p.wins),
          challenges: clip(p.challenges),
          goals: clip(p.goals),
          feedback: clip(p.feedback),
          workload: clip(p.workloadConcerns),
          career: clip(p.careerDevelopment),
          teamDynamics: clip(p.teamDynamics),
          notes: clip(p.additionalNotes),
        }
      : null,
    openActions: c.openActionTexts
      .slice(0, 50)
      .map((a) => ({ text: clip(a.text, 2000), owner: a.owner, due: a.dueDate ? dueWords(a.dueDate) : null })),
    suggestions: suggestions
      .slice(0, TOP_SUGGESTIONS)
      .map((s) => ({ title: clip(s.title, 300), suggestion: clip(s.suggestion, 2000), priority: s.priority })),
  };
}

// Words for strain, so the library's items on stress and overload come up. Not "burnout": with it
// the search favours the item on returning from a burnout leave, which is not this conversation.
const HIGH_STRESS_WORDS = "My report is stressed and overwhelmed by the workload.";
const LOW_MOOD_WORDS = "Their mood is low.";
const QUERY_SUGGESTIONS = 3;
// Each of the employee's answers is searched with its opening only: the search reads the first
// couple of thousand characters of a query, and a long answer would crowd out the rest.
const QUERY_PART_CHARS = 300;

/**
 * The text the library is searched with for this meeting: words for strain when the employee's mood
 * is low or their stress high, what they wrote about their challenges, workload, team and feedback,
 * and the titles of the most pressing suggestions.
 */
export function meetingQuery(mc: MeetingContext): string {
  const parts: string[] = [];
  const p = mc.prep;
  if (p) {
    if (p.stress >= HIGH_STRESS_MIN) parts.push(HIGH_STRESS_WORDS);
    if (p.mood <= LOW_MOOD_MAX) parts.push(LOW_MOOD_WORDS);
    for (const t of [p.challenges, p.workload, p.teamDynamics, p.feedback])
      if (t) parts.push(t.slice(0, QUERY_PART_CHARS));
  }
  for (const s of mc.suggestions.slice(0, QUERY_SUGGESTIONS)) parts.push(s.title);
  return parts.join("\n");
}
