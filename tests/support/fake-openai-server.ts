// The fake OpenAI-compatible server (tests/support/fake-openai.ts) as a process of its own, for the
// browser test of Boss Bot's AI path (tests/e2e/coach-openai.spec.ts; playwright.config.ts starts
// it on E2E_PORT+60 and a second app pointed at it). Playwright's test workers cannot reach into
// the app's process, so the test chooses the provider's behaviour through the question it types:
// a few fixed questions (ASK) get an error or a cut, any other a normal reply. This is test data
// for this fake only; the product has no such switch.
//   ASK.error500  an HTTP 500 before any token      (the app falls back to the built-in coach)
//   ASK.error429  an HTTP 429 with Retry-After      (same)
//   ASK.cut       CUT_CHUNKS, then the socket drops (the app keeps what arrived and reports the error)
//   otherwise     REPLY_CHUNKS streamed slowly, citing [1] and an invented [9]
// Whole real questions rather than a marker such as "[fake:500]" appended to one: the library
// search weighs every word of the question, and two rare words that no item holds lower the
// share the best item covers below RELEVANCE_FLOOR (lib/library/retrieval.ts), so a marked
// question retrieves nothing and the reply has no sources to cite.
// Non-streaming requests (the library classifier's) get a 404, and the classifier falls back.
//
// Usage: npx tsx tests/support/fake-openai-server.ts <port> [--delay=<ms between chunks>]
// (`--delay=0` for `npm run eval:coach -- --endpoint`, which asks it hundreds of questions).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chatRequest, startFakeOpenAi, type FakeBehaviour } from "./fake-openai";

export const ASK = {
  error500: "How do I give feedback about missed deadlines?",
  error429: "How can I stop micromanaging my team?",
  cut: "How do I delegate more without micromanaging?",
} as const;
export const REPLY_CHUNKS = [
  "Start with a private ",
  "conversation [1]. ",
  "Ask what has changed ",
  "for them [9], ",
  "and agree one small ",
  "next step together [1].",
];
/** REPLY_CHUNKS as the user reads them: the invented [9] (and its space) removed. */
export const REPLY_SHOWN =
  "Start with a private conversation [1]. Ask what has changed for them, and agree one small next step together [1].";
export const CUT_CHUNKS = ["First, ask how they ", "are doing [1]. ", "Then listen"];
export const CUT_SHOWN = "First, ask how they are doing [1]. Then listen";
/** Long enough between chunks for the test to see a reply half written. */
const DELAY_MS = 400;

function lastUserText(body: unknown): string {
  return chatRequest(body)?.messages.findLast((m) => m.role === "user")?.content ?? "";
}

export function decide(body: unknown, delayMs = DELAY_MS): FakeBehaviour {
  const streaming = typeof body === "object" && body !== null && "stream" in body && body.stream === true;
  if (!streaming) return { kind: "status", status: 404 };
  const question = lastUserText(body).trim();
  if (question === ASK.error500) return { kind: "status", status: 500 };
  if (question === ASK.error429) return { kind: "status", status: 429 };
  if (question === ASK.cut) return { kind: "cut", chunks: CUT_CHUNKS, delayMs };
  return { kind: "stream", chunks: REPLY_CHUNKS, delayMs };
}

async function main(): Promise<void> {
  const port = Number(process.argv[2] ?? process.env.PORT);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error("Usage: npx tsx tests/support/fake-openai-server.ts <port>");
  const delayArg = process.argv.find((a) => a.startsWith("--delay="));
  const delayMs = delayArg ? Number(delayArg.slice("--delay=".length)) : DELAY_MS;
  if (!Number.isInteger(delayMs) || delayMs < 0) throw new Error("--delay must be a whole number of milliseconds");
  const fake = await startFakeOpenAi(undefined, { port, decide: (body) => decide(body, delayMs) });
  console.log(`Fake OpenAI-compatible server on ${fake.baseURL}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

// Run as a script; imported (by the spec, for the texts above) it starts nothing.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
