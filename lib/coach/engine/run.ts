import { streamText, type LanguageModel, type ModelMessage } from "ai";
import { buildSystemPrompt, groundingProviderOptions, type Grounding } from "@/lib/coach/prompt";
import { safetyVerdict } from "@/lib/coach/safety";
import { BuiltinCoachModel } from "@/lib/coach/engine/builtin-model";
import { citationFilter } from "@/lib/coach/engine/citations";
import type { AiConfig } from "@/lib/coach/engine/openai";

// One interface over both engines. Yields the reply's text as it is written and, when a reply
// that had begun fails, one error event after what arrived. The OpenAI-compatible engine falls
// back to the built-in coach on an error or a time-out before its first token. Safety questions
// get the careful answer first, whatever the engine (lib/coach/safety.ts says when library
// guidance follows). Nothing here logs the prompt or the reply.

export type CoachEvent = { type: "delta"; text: string } | { type: "error"; message: string };
type CoachEngineName = "builtin" | "openai";

export type RunCoachOptions = {
  question: string;
  grounding: Grounding;
  history?: ModelMessage[];
  abortSignal?: AbortSignal;
  /** The OpenAI-compatible engine and its model; null or absent: the built-in coach. */
  ai?: { config: AiConfig; model: LanguageModel } | null;
  /** Told which engine answered (for tests and the bench). */
  onEngine?: (engine: CoachEngineName) => void;
};

const REPLY_FAILED = "The reply was interrupted. What arrived is kept.";

function messagesOf(opts: RunCoachOptions): ModelMessage[] {
  return [...(opts.history ?? []), { role: "user", content: opts.question }];
}

async function* builtin(opts: RunCoachOptions): AsyncGenerator<CoachEvent> {
  opts.onEngine?.("builtin");
  const result = streamText({
    model: new BuiltinCoachModel(),
    system: buildSystemPrompt(opts.grounding),
    messages: messagesOf(opts),
    // The built-in model composes from the grounding's structure, not from the prompt's words.
    providerOptions: groundingProviderOptions(opts.grounding),
    abortSignal: opts.abortSignal,
    maxRetries: 0,
    onError: () => {},
  });
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") yield { type: "delta", text: part.text };
  }
}

type OpenAiOutcome = "done" | "fallback";

async function* openai(
  opts: RunCoachOptions,
  ai: NonNullable<RunCoachOptions["ai"]>,
): AsyncGenerator<CoachEvent, OpenAiOutcome> {
  const controller = new AbortController();
  const onUserAbort = () => controller.abort();
  opts.abortSignal?.addEventListener("abort", onUserAbort, { once: true });
  const timer = setTimeout(() => controller.abort(), ai.config.timeoutMs);
  const filter = citationFilter(new Set(opts.grounding.items.map((i) => i.n)));
  let started = false;
  try {
    const result = streamText({
      model: ai.model,
      system: buildSystemPrompt(opts.grounding),
      messages: messagesOf(opts),
      abortSignal: controller.signal,
      maxRetries: 0,
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        if (!started) {
          started = true;
          clearTimeout(timer);
          opts.onEngine?.("openai");
        }
        const text = filter.push(part.text);
        if (text) yield { type: "delta", text };
      } else if (part.type === "error" || part.type === "abort") {
        if (!started) return opts.abortSignal?.aborted ? "done" : "fallback";
        const rest = filter.flush();
        if (rest) yield { type: "delta", text: rest };
        if (part.type === "error") yield { type: "error", message: REPLY_FAILED };
        return "done";
      }
    }
    if (!started) return opts.abortSignal?.aborted ? "done" : "fallback";
    const rest = filter.flush();
    if (rest) yield { type: "delta", text: rest };
    return "done";
  } catch {
    if (!started) return opts.abortSignal?.aborted ? "done" : "fallback";
    const rest = filter.flush();
    if (rest) yield { type: "delta", text: rest };
    yield { type: "error", message: REPLY_FAILED };
    return "done";
  } finally {
    clearTimeout(timer);
    opts.abortSignal?.removeEventListener("abort", onUserAbort);
  }
}

async function* engine(opts: RunCoachOptions): AsyncGenerator<CoachEvent> {
  if (!opts.ai) {
    yield* builtin(opts);
    return;
  }
  const outcome = yield* openai(opts, opts.ai);
  if (outcome === "fallback") yield* builtin(opts);
}

export async function* runCoach(opts: RunCoachOptions): AsyncGenerator<CoachEvent> {
  const verdict = safetyVerdict(opts.question);
  if (verdict) {
    yield { type: "delta", text: verdict.careful };
    if (!verdict.continueWithGuidance || opts.grounding.items.length === 0) return;
    yield { type: "delta", text: "\n\n---\n\nAlongside that, from your leadership library:\n\n" };
  }
  yield* engine(opts);
}

/** Runs the coach to the end and returns the whole reply (the non-streaming routes). */
export async function replyText(opts: RunCoachOptions): Promise<{ text: string; error: string | null }> {
  let text = "";
  let error: string | null = null;
  for await (const ev of runCoach(opts)) {
    if (ev.type === "delta") text += ev.text;
    else error = ev.message;
  }
  return { text, error };
}
