import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { extractPersonName, groundingFromProviderOptions, type Grounding } from "@/lib/coach/prompt";
import { composeAnswer, wordChunks, type Turn } from "@/lib/coach/engine/compose";

// The built-in coach: a LanguageModelV3 of our own, so it shares the `ai` SDK's streamText path
// with the OpenAI-compatible engine. It receives its grounding as structure through the call's
// provider options (`providerOptions.pulsewell.grounding`, lib/coach/prompt.ts), reads the
// conversation so far from the prompt, and composes the answer (compose.ts); no network, no weights.

function textOf(content: LanguageModelV3Prompt[number]["content"]): string {
  if (typeof content === "string") return content;
  return content.map((p) => (p.type === "text" ? p.text : "")).join(" ");
}

/** The user's and the coach's turns, oldest first (system messages and tool parts left out). */
function turnsOf(prompt: LanguageModelV3Prompt): Turn[] {
  const out: Turn[] = [];
  for (const m of prompt) {
    if (m.role === "user" || m.role === "assistant") out.push({ role: m.role, text: textOf(m.content) });
  }
  return out;
}

function answerFor(options: LanguageModelV3CallOptions): string {
  const turns = turnsOf(options.prompt);
  const lastUser = turns.findLastIndex((t) => t.role === "user");
  const question = lastUser >= 0 ? turns[lastUser]!.text : "";
  const earlier = lastUser >= 0 ? turns.slice(0, lastUser) : turns;
  const given = groundingFromProviderOptions(options.providerOptions);
  const g: Grounding = given
    ? { ...given, personName: given.personName ?? extractPersonName(question) }
    : { items: [], team: null, personName: extractPersonName(question), meeting: null };
  return composeAnswer(g, { question, earlier });
}

function usage(output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

export class BuiltinCoachModel implements LanguageModelV3 {
  readonly specificationVersion = "v3" as const;
  readonly provider = "pulsewell";
  readonly modelId = "builtin-coach";
  readonly supportedUrls: Record<string, RegExp[]> = {};

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const text = answerFor(options);
    return {
      content: [{ type: "text", text }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: usage(wordChunks(text).length),
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const text = answerFor(options);
    const chunks = wordChunks(text);
    const signal = options.abortSignal;
    const id = "builtin-0";
    let i = 0;
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      start(controller) {
        controller.enqueue({ type: "stream-start", warnings: [] });
        controller.enqueue({ type: "response-metadata", modelId: "builtin-coach", timestamp: new Date() });
        controller.enqueue({ type: "text-start", id });
      },
      // Pull-based: one word per read, so a consumer that stops reading (a stopped reply) stops us.
      async pull(controller) {
        if (signal?.aborted) {
          controller.enqueue({ type: "text-end", id });
          controller.enqueue({ type: "finish", usage: usage(i), finishReason: { unified: "other", raw: "aborted" } });
          controller.close();
          return;
        }
        if (i < chunks.length) {
          controller.enqueue({ type: "text-delta", id, delta: chunks[i]! });
          i += 1;
          // Yield to the event loop between words so the response flushes as it is written.
          if (i % 8 === 0) await new Promise<void>((r) => setImmediate(r));
          return;
        }
        controller.enqueue({ type: "text-end", id });
        controller.enqueue({
          type: "finish",
          usage: usage(chunks.length),
          finishReason: { unified: "stop", raw: "stop" },
        });
        controller.close();
      },
    });
    return { stream };
  }
}
