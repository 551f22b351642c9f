import { useMemo, useSyncExternalStore } from "react";
import { z } from "zod";

// The 1:1 hand-over (docs/decisions.md (The coach and its privacy)): the meeting review stores its
// context in local storage under this key before navigating to /ai-coach.
export const BOSS_BOT_CONTEXT_KEY = "boss-bot-context";

const contextSchema = z.object({
  type: z.literal("1on1_prep_analysis"),
  meetingId: z.union([z.string(), z.number()]).transform(String),
  data: z.unknown(),
  /** The employee's first name, as the conversation's first message calls them. */
  employeeFirstName: z.string().min(1).max(100).optional(),
});
export type BossBotContext = z.infer<typeof contextSchema>;

/** What a message of the meeting's conversation sends: which meeting. The server reads the meeting
 * itself, so the stored data stays in the browser. */
export type MeetingRequestContext = { type: "1on1_prep_analysis"; meetingId: string };
export const requestContextOf = (ctx: BossBotContext): MeetingRequestContext => ({
  type: ctx.type,
  meetingId: ctx.meetingId,
});

const UNNAMED = "your team member";
const nameHolder = z.object({ employeeName: z.string().min(1) });
const withMeeting = z.object({ meeting: nameHolder });

/** The employee the context is about, read from the shapes the boss-bot-context call returns. */
export function contextEmployee(ctx: BossBotContext): string {
  const data = ctx.data;
  const direct = nameHolder.safeParse(data);
  if (direct.success) return direct.data.employeeName;
  const nested = withMeeting.safeParse(data);
  if (nested.success) return nested.data.meeting.employeeName;
  return UNNAMED;
}

/** The employee's first name: the one stored with the context, else the first word of the name. */
function contextFirstName(ctx: BossBotContext): string | null {
  if (ctx.employeeFirstName) return ctx.employeeFirstName;
  const name = contextEmployee(ctx);
  return name === UNNAMED ? null : (name.split(/\s+/)[0] ?? null);
}

/** The first message of a conversation opened from a 1:1 review, shown as the manager's own. */
export function meetingOpener(ctx: BossBotContext): string {
  const first = contextFirstName(ctx);
  return first ? `Help me prepare for my 1:1 with ${first}.` : "Help me prepare for my next 1:1.";
}

function parseContext(raw: string | null): BossBotContext | null {
  if (!raw) return null;
  try {
    const parsed = contextSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(BOSS_BOT_CONTEXT_KEY);
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/** The stored 1:1 context (null on the server and when there is none or it is malformed). */
export function useStoredBossBotContext(): BossBotContext | null {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  return useMemo(() => parseContext(raw), [raw]);
}

export function clearBossBotContext(): void {
  try {
    window.localStorage.removeItem(BOSS_BOT_CONTEXT_KEY);
  } catch {
    // Storage unavailable (private mode): nothing to clear.
  }
}
