import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { searchLibrary, type RetrievedItem } from "@/lib/library/retrieval";
import { contentWords } from "@/lib/library/query-terms";
import { addMessage, assertCanWrite, ensureConversation, recentMessages } from "@/lib/coach/conversations";
import { enforceCoachMessageLimit } from "@/lib/coach/limits";
import type { ChatMessageDto, ConversationDto, SourceDto } from "@/lib/coach/dto";
import type { CoachRequest } from "@/lib/coach/request-schemas";
import { extractPersonName, type Grounding } from "@/lib/coach/prompt";
import { isTeamQuestion, loadTeamContext } from "@/lib/coach/team-context";
import { aiConfigFromEnv, openaiChatModel } from "@/lib/coach/engine/openai";
import { runCoach, type RunCoachOptions } from "@/lib/coach/engine/run";
import { isFollowUp, retrievalQuery } from "@/lib/coach/follow-up";
import { loadMeetingContext, meetingQuery } from "@/lib/coach/meeting-context-load";
import type { MeetingContext } from "@/lib/coach/meeting-context";
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

function sourcesOf(items: readonly RetrievedItem[]): SourceDto[] {
  return items.map((i) => ({ id: i.id, title: i.title, category: i.category, source: i.source }));
}

// Words that only say "this 1:1" ("Help me prepare for my 1:1 with Sam", "How should I approach
// this meeting?"): a question made of nothing else leans on the meeting for its subject.
const MEETING_WORDS = new Set(
  `prepare preparing prep ready one-on-one one-to-one 1on1 1-1 meeting meetings conversation chat talk talking discuss cover
  agenda plan planning upcoming next review follow follow-up suggestions suggest ask questions points topics open run`.split(
    /\s+/,
  ),
);

/** True when the question says nothing beyond "this 1:1" (the employee's name aside). */
export function isGenericMeetingQuestion(question: string, mc: MeetingContext): boolean {
  const name = mc.employeeFirstName.toLowerCase();
  return contentWords(question).every((w) => MEETING_WORDS.has(w) || w === name);
}

/**
 * What the library is searched with. In a conversation about a 1:1, a question that only asks about
 * the meeting, or a follow-up of one, is searched with what the meeting is about (the employee's
 * challenges, workload, strain, the top suggestions); a question with a subject of its own, as in
 * any conversation, with its own words (and, for a follow-up, the question that set the subject).
 */
export function replyQuery(question: string, earlierQuestions: readonly string[], mc: MeetingContext | null): string {
  const base = retrievalQuery(question, earlierQuestions);
  if (!mc) return base;
  let aboutMeeting = isGenericMeetingQuestion(question, mc);
  if (!aboutMeeting && isFollowUp(question)) {
    const subject = earlierQuestions.findLast((q) => !isFollowUp(q));
    aboutMeeting = subject === undefined || isGenericMeetingQuestion(subject, mc);
  }
  const extra = aboutMeeting ? meetingQuery(mc) : "";
  return extra ? `${base}\n${extra}` : base;
}

/** What the model is given besides the question: the items numbered for citing, the team figures
 * and the meeting (scripts/eval/coach.ts grounds its replies with it too). */
export function groundingFrom(
  items: RetrievedItem[],
  question: string,
  team: Grounding["team"],
  meeting: MeetingContext | null,
): Grounding {
  return {
    items: items.map((i, idx) => ({
      n: idx + 1,
      id: i.id,
      source: i.source,
      title: i.title,
      category: i.category,
      content: i.content,
      relevance: i.score,
    })),
    team,
    // The person the question names, else the meeting's employee.
    personName: extractPersonName(question) ?? meeting?.employeeFirstName ?? null,
    meeting,
  };
}

export async function prepareReply(
  ctx: AuthContext,
  req: CoachRequest,
  abortSignal?: AbortSignal,
): Promise<PreparedReply> {
  requirePermission(ctx, "coach.use");
  // Refused before anything is counted or stored (a read-only workspace starts no conversation;
  // nor does a session without its vault, or a vault whose recovery key is not saved yet). The
  // vault key comes from the session here and in each short transaction below, so nothing stays
  // open while the reply streams.
  // The 1:1 the conversation is about, read for its manager from the database (what the browser
  // sends besides the meeting's id is ignored); any other meeting id is refused first, the same
  // 404 whatever the caller's own state, before the message is counted or anything is stored.
  const meeting = req.context ? await loadMeetingContext(ctx, req.context.meetingId) : null;
  await assertCanWrite(ctx, req.conversationId);
  await enforceCoachMessageLimit(ctx);
  const { conversation, created } = await ensureConversation(ctx, req.conversationId, req.message);
  const earlier = created ? [] : await recentMessages(ctx, conversation.id, HISTORY_MESSAGES);
  const history = historyOf(earlier);
  const earlierQuestions = earlier.filter((m) => m.type === "user").map((m) => m.content);
  const userMessage = await addMessage(ctx, conversation.id, { type: "user", content: req.message });
  const t = performance.now();
  const query = replyQuery(req.message, earlierQuestions, meeting);
  // A continuation of the conversation, or a conversation about a 1:1, is never compared with the
  // off-topic exemplars: "do I talk to them together or separately?" reads like small talk alone.
  const continuation = meeting !== null || (earlierQuestions.length > 0 && isFollowUp(req.message));
  const items = await searchLibrary(ctx.orgId, query, { limit: RETRIEVE_LIMIT, followUp: continuation });
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
      grounding: groundingFrom(items, req.message, team, meeting),
      history,
      abortSignal,
      ai: config ? { config, model: openaiChatModel(config) } : null,
    },
  };
}

/** Saves the AI message with what arrived (nothing saved when nothing arrived). */
export async function finishReply(
  ctx: AuthContext,
  prepared: PreparedReply,
  text: string,
): Promise<ChatMessageDto | null> {
  if (!text.trim()) return null;
  return addMessage(ctx, prepared.conversation.id, { type: "ai", content: text, sources: prepared.sources });
}

/** The whole reply at once (POST /api/ai-coach/chat and /api/chat/messages). */
export async function replyOnce(
  ctx: AuthContext,
  req: CoachRequest,
): Promise<{ prepared: PreparedReply; aiMessage: ChatMessageDto | null; text: string }> {
  const prepared = await prepareReply(ctx, req);
  let text = "";
  for await (const ev of runCoach(prepared.run)) if (ev.type === "delta") text += ev.text;
  const aiMessage = await finishReply(ctx, prepared, text);
  return { prepared, aiMessage, text };
}
