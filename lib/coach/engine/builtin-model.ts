import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { extractPersonName, parseGrounding, type Grounding } from "@/lib/coach/prompt";
import { composeAnswer, wordChunks } from "@/lib/coach/engine/compose";

// The built-in coach: a LanguageModelV3 of our own, so it shares the `ai` SDK's streamText path
// with the OpenAI-compatible engine. It reads its grounding from the system message
// (lib/coach/prompt.ts) and composes the answer (compose.ts); no network, no model weights.

function lastUserText(prompt: LanguageModelV3Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const m = prompt[i]!;
    if (m.role === "user") return m.content.map((p) => (p.type === "text" ? p.text : "")).join(" ");
  }
  return "";
}

function groundingOf(prompt: LanguageModelV3Prompt): Grounding {
  const question = lastUserText(prompt);
  for (const m of prompt) {
    if (m.role !== "system") continue;
    const g = parseGrounding(m.content);
    if (g) return { ...g, personName: g.personName ?? extractPersonName(question) };
  }
  return { items: [], team: null, personName: extractPersonName(question), meeting: null };
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
    const text = composeAnswer(groundingOf(options.prompt));
    return {
      content: [{ type: "text", text }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: usage(wordChunks(text).length),
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const text = composeAnswer(groundingOf(options.prompt));
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
        controller.enqueue({ type: "finish", usage: usage(chunks.length), finishReason: { unified: "stop", raw: "stop" } });
        controller.close();
      },
    });
    return { stream };
  }
}

export function builtinCoachModel(): LanguageModelV3 {
  return new BuiltinCoachModel();
}
