// npm run eval:retrieval - Boss Bot's retrieval on the labelled manager questions, against a
// throwaway PostgreSQL with the built-in library synced: hit@1, hit@3, MRR, out-of-scope accuracy
// and the retrieval time per question. `--misses` lists the questions it got wrong.
import { performance } from "node:perf_hooks";
import { withBenchDatabase } from "../bench/bench-db";
import { evaluateRetrieval } from "./retrieval-metrics";

await withBenchDatabase(async ({ workspace }) => {
  const { withOrg } = await import("@/lib/db/tenant");
  const { retrieve } = await import("@/lib/library/retrieval");
  const { ctx } = await workspace("evalretrieval");
  // --load=N: N organisation items (built-in texts under other titles) beside the built-ins, to see
  // quality and time with a full library.
  const loadArg = process.argv.find((a) => a.startsWith("--load="));
  if (loadArg) {
    const { BUILTIN_LIBRARY, builtinMarkdown } = await import("@/lib/library/builtin");
    const n = Number(loadArg.slice(7));
    const data = Array.from({ length: n }, (_, i) => {
      const b = BUILTIN_LIBRARY[i % BUILTIN_LIBRARY.length]!;
      return { organizationId: ctx.orgId, title: `${b.title} (team note ${i})`, content: builtinMarkdown(b), contentType: b.contentType, category: b.category, tags: b.tags, priority: b.priority };
    });
    await withOrg(ctx.orgId, (tx) => tx.leadershipContent.createMany({ data }));
    console.log(`loaded ${n} organisation items`);
  }
  const floorArg = process.argv.find((a) => a.startsWith("--floor="));
  const floor = floorArg ? Number(floorArg.slice(8)) : undefined;
  const times: number[] = [];
  const m = await evaluateRetrieval(async (q) => {
    const t0 = performance.now();
    const items = await withOrg(ctx.orgId, (tx) => retrieve(tx, ctx.orgId, q, { limit: 10, floor }));
    times.push(performance.now() - t0);
    return items.map((i) => i.id);
  });
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(1);
  console.log(`questions ${m.questions}, out-of-scope ${m.outOfScope}`);
  console.log(`hit@1 ${m.hit1.toFixed(3)}  hit@3 ${m.hit3.toFixed(3)}  MRR ${m.mrr.toFixed(3)}  out-of-scope correct ${m.outOfScopeCorrect.toFixed(3)}`);
  console.log(`retrieval ms: p50 ${pct(0.5)}  p95 ${pct(0.95)}  (one round trip each${loadArg ? `, ${loadArg.slice(7)} organisation items` : ", built-ins only"})`);
  if (process.argv.includes("--misses")) {
    for (const x of m.misses) console.log(`MISS ${x.question}\n  want ${x.answers.join(", ")}\n  got  ${x.got.join(", ")}`);
    for (const x of m.falseHits) console.log(`FALSE ${x.question}\n  got  ${x.got.join(", ")}`);
  }
  if (process.argv.includes("--sweep")) {
    for (const f of [0.1, 0.15, 0.18, 0.2, 0.21, 0.22, 0.23, 0.24, 0.25, 0.3]) {
      const x = await evaluateRetrieval(async (q) => (await withOrg(ctx.orgId, (tx) => retrieve(tx, ctx.orgId, q, { limit: 10, floor: f }))).map((i) => i.id));
      console.log(`floor ${f}: hit@1 ${x.hit1.toFixed(3)} hit@3 ${x.hit3.toFixed(3)} MRR ${x.mrr.toFixed(3)} out-of-scope ${x.outOfScopeCorrect.toFixed(3)}`);
    }
  }
  if (process.argv.includes("--scores")) {
    const top = async (q: string) => (await withOrg(ctx.orgId, (tx) => retrieve(tx, ctx.orgId, q, { limit: 1, floor: 0 })))[0]?.score ?? 0;
    const { LABELLED, OUT_OF_SCOPE } = await import("./retrieval-metrics");
    const inScope = (await Promise.all(LABELLED.map((l) => top(l.question)))).sort((a, b) => a - b);
    const out = (await Promise.all(OUT_OF_SCOPE.map(top))).sort((a, b) => a - b);
    console.log(`in-scope top scores (lowest 15): ${inScope.slice(0, 15).map((x) => x.toFixed(2)).join(" ")}`);
    console.log(`out-of-scope top scores: ${out.map((x) => x.toFixed(2)).join(" ")}`);
  }
});
