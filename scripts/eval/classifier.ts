// npm run eval:classifier: the offline classifier's category and content-type accuracy on the
// held-out set of our own writing (tests/fixtures/classifier-heldout.ts), per category, with the
// most frequent confusions and the time the models take to train.
import { CATEGORIES } from "@/lib/library/schemas";
import { analyzeContent } from "@/lib/library/classifier";
import { models } from "@/lib/library/classifier/model";
import { HELDOUT } from "@/tests/fixtures/classifier-heldout";
import { evaluate } from "@/lib/library/classifier/evaluate";

// Wall time and the CPU time the process spent (on a busy machine the wall time mostly waits).
const start = performance.now();
const cpu = process.cpuUsage();
const { trainedMs } = models();
const used = process.cpuUsage(cpu);
const cpuMs = (used.user + used.system) / 1000;
const coldMs = performance.now() - start;
const r = evaluate(HELDOUT, analyzeContent);

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(
  `Held-out items: ${HELDOUT.length}; training: ${trainedMs.toFixed(1)} ms wall (first call ${coldMs.toFixed(1)} ms, CPU ${cpuMs.toFixed(1)} ms)`,
);
console.log(`Category accuracy: ${pct(r.categoryAccuracy)} (${r.categoryCorrect}/${HELDOUT.length})`);
console.log(`Content type accuracy: ${pct(r.typeAccuracy)}`);
console.log("\nPer category:");
for (const c of CATEGORIES) {
  const s = r.perCategory[c];
  console.log(`  ${c.padEnd(26)} ${pct(s.correct / Math.max(1, s.total)).padStart(8)}  (${s.correct}/${s.total})`);
}
console.log("\nConfusions (expected -> predicted: count):");
const confusions = Object.entries(r.confusions).sort((a, b) => b[1] - a[1]);
if (confusions.length === 0) console.log("  none");
for (const [pair, n] of confusions) console.log(`  ${pair}: ${n}`);
