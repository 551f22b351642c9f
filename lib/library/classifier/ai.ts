import "server-only";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText } from "ai";
import { env } from "@/lib/config/env";
import { log } from "@/lib/log/logger";
import { CATEGORIES, CONTENT_TYPES } from "@/lib/library/schemas";
import { analyzeContent } from "./analyze-offline";
import { contentAnalysisSchema, type ContentAnalysis } from "./schemas";

// Auto-analysis with an OpenAI-compatible endpoint (AI_BASE_URL, AI_API_KEY, AI_MODEL): the model
// answers JSON, parsed with the same zod schema; any error, time-out or invalid answer falls back to
// our offline classifier. The content is sent to the configured provider and never logged.

export type ClassifierAiConfig = { baseURL: string; apiKey: string; model: string; timeoutMs: number };

export function classifierAiConfig(): ClassifierAiConfig | null {
  const e = env();
  if (!e.AI_BASE_URL || !e.AI_API_KEY || !e.AI_MODEL) return null;
  return { baseURL: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS };
}

const SYSTEM = [
  "You classify leadership-coaching content for a company's content library.",
  "Answer with one JSON object and nothing else, with exactly these keys:",
  '"title" (at most 80 characters), "contentType" (one of: ' + CONTENT_TYPES.join(", ") + "),",
  '"category" (one of: ' + CATEGORIES.join(", ") + "),",
  '"tags" (3 to 6 short lower-case key phrases), "priority" (an integer from 1 to 5; 3 is usual, 4 or 5 for scripts and frameworks on urgent topics).',
].join("\n");

/** The first JSON object in the model's answer (models sometimes wrap it in a code fence). */
function parseAnswer(text: string): ContentAnalysis | null {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
  const r = contentAnalysisSchema.safeParse(value);
  if (!r.success) return null;
  return { ...r.data, tags: [...new Set(r.data.tags)].slice(0, 6) };
}

export type AnalysisSource = "model" | "offline";

/** The model's analysis when an endpoint is configured and answers validly, else ours. */
export async function analyzeWithModel(
  text: string,
  config: ClassifierAiConfig | null = classifierAiConfig(),
): Promise<ContentAnalysis & { source: AnalysisSource }> {
  if (config) {
    try {
      const { text: answer } = await generateText({
        model: createOpenAI({ baseURL: config.baseURL, apiKey: config.apiKey }).chat(config.model),
        system: SYSTEM,
        prompt: text,
        maxRetries: 0,
        temperature: 0,
        abortSignal: AbortSignal.timeout(config.timeoutMs),
      });
      const parsed = parseAnswer(answer);
      if (parsed) return { ...parsed, source: "model" };
      log.warn("classifier.model_invalid_answer", { length: answer.length });
    } catch (err) {
      // The error's name only: a provider's message may echo the prompt.
      log.warn("classifier.model_failed", { error: err instanceof Error ? err.name : "unknown" });
    }
  }
  return { ...analyzeContent(text), source: "offline" };
}
