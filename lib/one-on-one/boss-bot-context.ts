import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { PREP_FIELD_LABELS, PREP_TEXT_FIELDS } from "./prep-form";
import { loadSuggestionContext, suggestionsFor, type SuggestionContext } from "./manager-suggestions";
import type { ManagerSuggestion } from "./suggestions";
import type { BossBotContextDto } from "./dto";

// GET /api/one-on-one/boss-bot-context/{meetingId}: what 'Get Boss Bot
// Suggestions' hands to the coach: the meeting, the submitted prep form, the suggestions and a
// plain-text summary the coach reads as context. The meeting's manager only.

const TOP_SUGGESTIONS = 5;

function bossBotSummary(c: SuggestionContext, suggestions: readonly ManagerSuggestion[]): string {
  const name = `${c.employee.firstName} ${c.employee.lastName}`.trim();
  const lines: string[] = [
    `1:1 meeting with ${name} on ${c.meeting.scheduledAt.toISOString().slice(0, 10)} (${c.meeting.durationMinutes} minutes).`,
  ];
  const p = c.prepForm;
  if (p) {
    lines.push("", `Prep form (submitted): mood ${p.mood}/5, stress ${p.stressLevel}/5.`);
    for (const f of PREP_TEXT_FIELDS) {
      const v = p[f].replace(/\s+/g, " ").trim();
      if (v) lines.push(`- ${PREP_FIELD_LABELS[f]}: ${v}`);
    }
  } else {
    lines.push("", "Prep form: not submitted yet.");
  }
  lines.push("", c.openActionTexts.length ? "Open action items:" : "Open action items: none.");
  for (const a of c.openActionTexts)
    lines.push(`- ${a.text} (owner: ${a.owner === "manager" ? "me" : name}${a.dueDate ? `, due ${a.dueDate}` : ""})`);
  const top = suggestions.slice(0, TOP_SUGGESTIONS);
  if (top.length) {
    lines.push("", "Top suggestions:");
    for (const s of top) lines.push(`- [${s.priority}] ${s.title}: ${s.suggestion}`);
  }
  lines.push("", "How should I approach this 1:1?");
  return lines.join("\n");
}

export async function bossBotContext(
  ctx: AuthContext,
  meetingId: string,
  now = new Date(),
): Promise<BossBotContextDto> {
  requirePermission(ctx, "oneOnOnes.use");
  const c = await withOrg(ctx.orgId, (tx) => loadSuggestionContext(tx, ctx, meetingId), { userId: ctx.userId });
  const suggestions = await suggestionsFor(ctx, c, now);
  return {
    meeting: {
      id: c.meeting.id,
      employeeName: `${c.employee.firstName} ${c.employee.lastName}`.trim(),
      scheduledAt: c.meeting.scheduledAt.toISOString(),
    },
    prepForm: c.prepForm,
    suggestions,
    contextForBossBot: bossBotSummary(c, suggestions),
  };
}
