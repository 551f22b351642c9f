import "server-only";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { env } from "@/lib/config/env";

// The OpenAI-compatible engine: any chat-completions server (`openai.chat(model)`; plain
// `openai(model)` would call /v1/responses, which most compatible servers lack). Configured by
// AI_BASE_URL, AI_API_KEY and AI_MODEL; unset means the built-in coach answers alone.

export type AiConfig = { baseURL: string; apiKey: string; model: string; timeoutMs: number };

export function aiConfigFromEnv(): AiConfig | null {
  const e = env();
  if (!e.AI_BASE_URL || !e.AI_API_KEY || !e.AI_MODEL) return null;
  return { baseURL: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS };
}

export function openaiChatModel(cfg: AiConfig): LanguageModelV3 {
  return createOpenAI({ baseURL: cfg.baseURL, apiKey: cfg.apiKey }).chat(cfg.model);
}
