// npm run eval:coach - Boss Bot on the labelled manager questions (scripts/eval/question-sets.ts),
// against a throwaway PostgreSQL with the built-in library: hit@1, hit@3, MRR, item hit rates,
// in-scope refusals and out-of-scope declines for the held-out half (the figures we report) and the
// tuning half, then the times.
//
//   npm run eval:coach                      the built-in coach: the ranking is what the library search
//                                           returns for the question (a follow-up is searched with the
//                                           earlier questions, as a reply is); retrieval p50/p95
//   npm run eval:coach -- --endpoint URL [--model M] [--key K] [--timeout MS] [--concurrency N]
//                                           every question through the whole reply with that
//                                           OpenAI-compatible endpoint (runCoach with the model
//                                           openaiChatModel builds, the grounding numbered as a reply
//                                           numbers it); the ranking is the items the answer cites,
//                                           in the order of first citation ([n] is the n-th item);
//                                           an answer citing nothing counts as declined; answer p50/p95
//   --misses                                lists the questions answered without a fitting item in
//                                           the first three, and the out-of-scope ones answered
//   --first N                               only the first N questions of each half (a quick look at
//                                           a paid endpoint)
//
// A follow-up's earlier turns are replied to first (with the endpoint), so the model sees the
// conversation as a manager's would be; only the last turn is scored and timed.
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { ModelMessage } from "ai";
import { withBenchDatabase } from "../bench/bench-db";
import {
  HELD_OUT,
  TUNING,
  measure,
  metricsLine,
  type CoachMetrics,
  type QuestionSet,
  type Ranked,
} from "./question-sets";

const { values: args } = parseArgs({
  options: {
    endpoint: { type: "string" },
    model: { type: "string", default: "gpt-4o-mini" },
    key: { type: "string", default: process.env.AI_API_KEY ?? "eval" },
    timeout: { type: "string", default: "20000" },
    concurrency: { type: "string", default: "4" },
    first: { type: "string" },
    misses: { type: "boolean", default: false },
  },
  strict: true,
});

const positive = (name: string, raw: string | undefined): number | undefined => {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number above 0 (got "${raw}")`);
  return n;
};
const timeoutMs = positive("timeout", args.timeout)!;
const concurrency = positive("concurrency", args.concurrency)!;
const first = positive("first", args.first);
if (args.endpoint !== undefined && !URL.canParse(args.endpoint))
  throw new Error(`--endpoint must be a URL such as http://127.0.0.1:4000/v1 (got "${args.endpoint}")`);

// The number of library items a reply is grounded in (reply.ts retrieves as many).
const REPLY_ITEMS = 4;
// The built-in mode's ranking: deep enough for MRR over the first ten.
const RANK_DEPTH = 10;

const cut = (s: QuestionSet): QuestionSet =>
  first === undefined ? s : { labelled: s.labelled.slice(0, first), outOfScope: s.outOfScope.slice(0, first) };
const halves = [
  ["held-out", cut(HELD_OUT)],
  ["tuning", cut(TUNING)],
] as const;

type Answered = {
  ranked: Ranked;
  ms: number;
  retrievalMs: number;
  engine: "builtin" | "openai" | "none";
  interrupted: boolean;
};

function percentiles(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!.toFixed(1) : "-");
  return `p50 ${at(0.5)}  p95 ${at(0.95)}  (${s.length} questions)`;
}

/** Runs `fn` over `items`, `n` at a time. */
async function pool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const started = performance.now();
await withBenchDatabase(async ({ workspace }) => {
  const { searchLibrary } = await import("@/lib/library/retrieval");
  const { isFollowUp, retrievalQuery } = await import("@/lib/coach/follow-up");
  // As reply.ts decides it: a continuation of the conversation is not compared with the off-topic exemplars.
  const followUp = (question: string, earlier: string[]) => earlier.length > 0 && isFollowUp(question);
  const { groundingFrom } = await import("@/lib/coach/reply");
  const { runCoach } = await import("@/lib/coach/engine/run");
  const { citedNumbers } = await import("@/lib/coach/engine/citations");
  const { openaiChatModel } = await import("@/lib/coach/engine/openai");
  const { ctx } = await workspace("evalcoach");
  const orgId = ctx.orgId;
  // The first search loads the encoder and builds the library's index; a reply in a running app
  // finds both ready, so that one is not timed.
  await searchLibrary(orgId, "How do I give feedback to a report who misses deadlines?", { limit: 1 });

  const ai = args.endpoint
    ? (() => {
        const config = { baseURL: args.endpoint, apiKey: args.key, model: args.model, timeoutMs };
        return { config, model: openaiChatModel(config) };
      })()
    : null;

  /** The built-in mode: the library search a reply makes, deeper. */
  async function retrieved(question: string, earlier: string[]): Promise<Answered> {
    const t = performance.now();
    const items = await searchLibrary(orgId, retrievalQuery(question, earlier), {
      limit: RANK_DEPTH,
      followUp: followUp(question, earlier),
    });
    const ms = performance.now() - t;
    return {
      ranked: items.map((i) => ({ id: i.id, category: i.category })),
      ms,
      retrievalMs: ms,
      engine: "none",
      interrupted: false,
    };
  }

  /** One whole reply with the endpoint, grounded as reply.ts grounds it (no team figures: the
   * throwaway workspace has no survey rounds; no 1:1). */
  async function replied(
    question: string,
    earlier: string[],
    history: ModelMessage[],
  ): Promise<Answered & { text: string }> {
    const t = performance.now();
    const items = await searchLibrary(orgId, retrievalQuery(question, earlier), {
      limit: REPLY_ITEMS,
      followUp: followUp(question, earlier),
    });
    const retrievalMs = performance.now() - t;
    const grounding = groundingFrom(items, question, null, null);
    let text = "";
    let engine: Answered["engine"] = "none";
    let interrupted = false;
    for await (const ev of runCoach({ question, grounding, history, ai, onEngine: (e) => (engine = e) })) {
      if (ev.type === "delta") text += ev.text;
      else interrupted = true;
    }
    const ms = performance.now() - t;
    const ranked = citedNumbers(text)
      .map((n) => items[n - 1])
      .filter((i) => i !== undefined)
      .map((i) => ({ id: i.id, category: i.category }));
    return { ranked, ms, retrievalMs, engine, interrupted, text };
  }

  async function withEndpoint(question: string, earlier: string[]): Promise<Answered> {
    const history: ModelMessage[] = [];
    for (const [j, q] of earlier.entries()) {
      const turn = await replied(q, earlier.slice(0, j), history);
      history.push({ role: "user", content: q }, { role: "assistant", content: turn.text });
    }
    return replied(question, earlier, history);
  }

  // Every question answered once (both halves, in a pool), then scored from the answers.
  const key = (question: string, earlier: readonly string[]) => [...earlier, question].join("\n\u0000");
  const answers = new Map<string, Answered>();
  const asked = new Map<string, { question: string; earlier: string[] }>();
  for (const [, set] of halves) {
    for (const q of set.labelled) asked.set(key(q.question, q.earlier), { question: q.question, earlier: q.earlier });
    for (const q of set.outOfScope) asked.set(key(q, []), { question: q, earlier: [] });
  }
  const answer = ai ? withEndpoint : retrieved;
  // The built-in mode one at a time, so the retrieval times are not queueing behind each other.
  await pool([...asked.entries()], ai ? concurrency : 1, async ([k, q]) => {
    answers.set(k, await answer(q.question, q.earlier));
  });

  const results: [string, CoachMetrics][] = [];
  for (const [name, set] of halves)
    results.push([name, await measure(set, async (question, earlier) => answers.get(key(question, earlier))!.ranked)]);

  const all = [...answers.values()];
  console.log(
    ai
      ? `Boss Bot through ${args.endpoint} (model ${args.model}), ranking = cited items in order of first citation`
      : "Boss Bot's built-in coach, ranking = library search (first 10)",
  );
  for (const [name, m] of results) console.log(`${name.padEnd(9)} ${metricsLine(m)}`);
  console.log(
    `retrieval ms: ${percentiles(all.map((a) => a.retrievalMs))}${ai ? ` (${concurrency} replies at a time)` : ""}`,
  );
  if (ai) {
    console.log(`answer ms:    ${percentiles(all.map((a) => a.ms))}  (retrieval and the whole reply)`);
    const by = (e: Answered["engine"]) => all.filter((a) => a.engine === e).length;
    console.log(
      `answered by the endpoint ${by("openai")}, fell back to the built-in coach ${by("builtin")}, no engine (a safety answer alone) ${by("none")}, interrupted ${all.filter((a) => a.interrupted).length}`,
    );
  }
  console.log(
    `whole run ${((performance.now() - started) / 1000).toFixed(0)} s (database start and library sync included)`,
  );
  if (args.misses) {
    const shown = (got: Ranked) => (got.length ? got.map((g) => `${g.id} (${g.category})`).join(", ") : "nothing");
    for (const [name, m] of results) {
      for (const x of m.misses) {
        const convo = x.q.earlier.length ? `  [after: ${x.q.earlier.join(" / ")}]` : "";
        console.log(
          `MISS  ${name} ${x.q.set}/${x.q.style}: ${x.q.question}${convo}\n  want ${x.q.categories.join(", ")} (${x.q.answers.join(", ")})\n  got  ${shown(x.got)}`,
        );
      }
      for (const x of m.falseAnswers) console.log(`FALSE ${name}: ${x.question}\n  got  ${shown(x.got)}`);
    }
  }
});
// The library's embedding workers and the database pool may keep the event loop alive after the
// throwaway database is gone; the figures are printed, so end here.
process.exit(0);
