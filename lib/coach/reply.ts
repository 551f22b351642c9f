import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { withOrg } from "@/lib/db/tenant";
import { retrieve, type RetrievedItem } from "@/lib/library/retrieval";
import { addMessage, assertCanWrite, ensureConversation, recentMessages } from "@/lib/coach/conversations";
import { enforceCoachMessageLimit } from "@/lib/coach/limits";
import type { ChatMessageDto, ConversationDto, SourceDto } from "@/lib/coach/dto";
import type { CoachRequest } from "@/lib/coach/request-schema";
import { extractPersonName, type Grounding } from "@/lib/coach/prompt";
import { isTeamQuestion, loadTeamContext } from "@/lib/coach/team-context";
import { aiConfigFromEnv, openaiChatModel } from "@/lib/coach/engine/openai";
import { runCoach, type CoachEvent, type RunCoachOptions } from "@/lib/coach/engine/run";
import { retrievalQuery } from "@/lib/coach/follow-up";
import type { ModelMessage } from "ai";

// One reply of Boss Bot, shared by the streaming and the plain routes:
// 1. prepareReply: rate limit, the conversation ensured and the user message saved (short
//    transactions of lib/coach/conversations.ts), retrieval in its own short transaction, team
//    context when the question is about the team. No transaction stays open after it returns.
// 2. the engine streams (runCoach) with nothing open;
// 3. finishReply saves the AI message with what arrived (also after a stop).
// Prompts and replies are never logged.

const RETRIEVE_LIMIT = 4;
// Earlier turns the model sees with a new question: the last few, within a character budget, so a
// long conversation neither slows the reply nor sends the provider more than it needs.
const HISTORY_MESSAGES = 8;
const HISTORY_CHARS = 8000;

/** The conversation so far as model messages, newest kept when the budget runs out. */
export function historyOf(messages: readonly ChatMessageDto[], maxChars = HISTORY_CHARS): ModelMessage[] {
  const out: ModelMessage[] = [];
  let used = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    used += m.content.length;
    if (used > maxChars) break;
    out.unshift(m.type === "user" ? { role: "user", content: m.content } : { role: "assistant", content: m.content });
  }
  // A model conversation starts with the user: drop a leading reply cut from its question.
  while (out[0]?.role === "assistant") out.shift();
  return out;
}

export type PreparedReply = {
  conversation: ConversationDto;
  userMessage: ChatMessageDto;
  sources: SourceDto[];
  run: RunCoachOptions;
  /** Milliseconds spent retrieving (for the Server-Timing header and the bench). */
  retrievalMs: number;
};

export function sourcesOf(items: readonly RetrievedItem[]): SourceDto[] {
  return items.map((i) => ({ id: i.id, title: i.title, category: i.category, source: i.source }));
}

/** Readable text of the 1:1 hand-over: "key: value" lines of its string and number leaves. */
function meetingText(data: unknown, max = 1500): { text: string; employee: string | null } {
  const lines: string[] = [];
  let employee: string | null = null;
  const walk = (v: unknown, key: string, depth: number) => {
    if (depth > 4 || lines.join("\n").length > max) return;
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") {
      if (key === "employeeName" && typeof v === "string") employee ??= v;
      if (String(v).trim()) lines.push(`${key ? `${key}: ` : ""}${String(v).trim()}`);
    } else if (Array.isArray(v)) {
      v.slice(0, 20).forEach((x) => walk(x, key, depth + 1));
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v as Record<string, unknown>).slice(0, 40)) walk(x, k, depth + 1);
    }
  };
  walk(data, "", 0);
  const text = lines.join("\n");
  return { text: text.length > max ? `${text.slice(0, max - 3)}...` : text, employee };
}

function groundingFrom(items: RetrievedItem[], question: string, team: Grounding["team"], context: CoachRequest["context"]): Grounding {
  const meeting = context ? meetingText(context.data) : null;
  return {
    items: items.map((i, idx) => ({ n: idx + 1, id: i.id, source: i.source, title: i.title, category: i.category, content: i.content })),
    team,
    personName: extractPersonName(question) ?? meeting?.employee ?? null,
    meeting: meeting?.text ? meeting.text : null,
  };
}

export async function prepareReply(ctx: AuthContext, req: CoachRequest, abortSignal?: AbortSignal): Promise<PreparedReply> {
  requirePermission(ctx, "coach.use");
  // Refused before anything is counted or stored (a read-only workspace starts no conversation;
  // nor does a session without its vault, or a vault whose recovery key is not saved yet). The
  // vault key comes from the session here and in each short transaction below, so nothing stays
  // open while the reply streams.
  await assertCanWrite(ctx, req.conversationId);
  await enforceCoachMessageLimit(ctx);
  const { conversation, created } = await ensureConversation(ctx, req.conversationId, req.message);
  const earlier = created ? [] : await recentMessages(ctx, conversation.id, HISTORY_MESSAGES);
  const history = historyOf(earlier);
  const earlierQuestions = earlier.filter((m) => m.type === "user").map((m) => m.content);
  const userMessage = await addMessage(ctx, conversation.id, { type: "user", content: req.message });
  const t = performance.now();
  const query = retrievalQuery(req.message, earlierQuestions);
  const items = await withOrg(ctx.orgId, (tx) => retrieve(tx, ctx.orgId, query, { limit: RETRIEVE_LIMIT }));
  const retrievalMs = performance.now() - t;
  const team = isTeamQuestion(req.message) ? await loadTeamContext(ctx) : null;
  const config = aiConfigFromEnv();
  return {
    conversation,
    userMessage,
    sources: sourcesOf(items),
    retrievalMs,
    run: {
      question: req.message,
      grounding: groundingFrom(items, req.message, team, req.context),
      history,
      abortSignal,
      ai: config ? { config, model: openaiChatModel(config) } : null,
    },
  };
}

/** Saves the AI message with what arrived (nothing saved when nothing arrived). */
export async function finishReply(ctx: AuthContext, prepared: PreparedReply, text: string): Promise<ChatMessageDto | null> {
  if (!text.trim()) return null;
  return addMessage(ctx, prepared.conversation.id, { type: "ai", content: text, sources: prepared.sources });
}

/** The whole reply at once (POST /api/ai-coach/chat and /api/chat/messages). */
export async function replyOnce(ctx: AuthContext, req: CoachRequest): Promise<{ prepared: PreparedReply; aiMessage: ChatMessageDto | null; text: string }> {
  const prepared = await prepareReply(ctx, req);
  let text = "";
  for await (const ev of runCoach(prepared.run)) if (ev.type === "delta") text += ev.text;
  const aiMessage = await finishReply(ctx, prepared, text);
  return { prepared, aiMessage, text };
}

export type { CoachEvent };
