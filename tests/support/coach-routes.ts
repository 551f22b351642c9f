// Boss Bot's reply routes called as Next calls them (tests/support/one-on-one.ts `call`, so the
// test file must mock currentSession itself), with the answers read back: the plain route's JSON,
// and the stream route's AI SDK UI message stream taken apart into its text, its sources, its
// error events and whether it finished.
import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { POST as chatRoute } from "@/app/api/ai-coach/chat/route";
import { POST as streamRoute } from "@/app/api/ai-coach/stream/route";
import { call, type Route } from "./one-on-one";

export type CoachPerson = { as: AuthContext; subdomain: string };

const chatAnswerSchema = z.object({
  response: z.string(),
  sources: z.array(z.object({ id: z.string(), title: z.string(), category: z.string() })),
  conversationId: z.string(),
});
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

/** POST /api/ai-coach/chat; the body is parsed only on a 200. */
export async function chatReply(p: CoachPerson, body: unknown): Promise<{ status: number; body: ChatAnswer }> {
  const res = await call(chatRoute as Route, p.as, p.subdomain, "POST", "/api/ai-coach/chat", body);
  if (res.status !== 200) throw new Error(`chat route answered ${res.status}: ${await res.text()}`);
  return { status: res.status, body: chatAnswerSchema.parse(await res.json()) };
}

export type StreamAnswer = {
  status: number;
  text: string;
  /** The text deltas as they came. */
  deltas: string[];
  sources: { id: string; title: string }[];
  /** The error events' texts (a reply that had begun and failed). */
  errors: string[];
  /** A finish event came (a reply that ended normally). */
  finished: boolean;
  conversationId: string | null;
};

const partSchema = z.looseObject({ type: z.string() });

/** POST /api/ai-coach/stream, read to the end. */
export async function streamReply(p: CoachPerson, body: unknown): Promise<StreamAnswer> {
  const res = await call(streamRoute as Route, p.as, p.subdomain, "POST", "/api/ai-coach/stream", body);
  const out: StreamAnswer = {
    status: res.status,
    text: "",
    deltas: [],
    sources: [],
    errors: [],
    finished: false,
    conversationId: null,
  };
  if (res.status !== 200) return out;
  for (const event of (await res.text()).split("\n\n")) {
    const data = event.replace(/^data: /, "").trim();
    if (!data.startsWith("{")) continue; // [DONE] and blank keep-alives
    const part = partSchema.parse(JSON.parse(data));
    if (part.type === "text-delta") {
      const delta = z.string().parse(part.delta);
      out.deltas.push(delta);
      out.text += delta;
    } else if (part.type === "data-sources") {
      out.sources = z.array(z.object({ id: z.string(), title: z.string() })).parse(part.data);
    } else if (part.type === "error") {
      out.errors.push(z.string().parse(part.errorText));
    } else if (part.type === "finish") {
      out.finished = true;
    } else if (part.type === "start") {
      out.conversationId = z.object({ conversationId: z.string() }).parse(part.messageMetadata).conversationId;
    }
  }
  return out;
}
