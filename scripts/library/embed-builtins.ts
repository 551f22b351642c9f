// npm run library:embed-builtins - writes lib/library/semantic/builtin-vectors.json: the sentence
// vectors of every built-in item's sections and of the off-topic exemplars, keyed by the hash of each section's text. Run it after
// editing the built-in library (a unit test fails until the file is current). Sections already in
// the file are kept as they are; only new texts are embedded, and vectors no item uses are dropped.
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { BUILTIN_LIBRARY } from "@/lib/library/builtin";
import { BUILTIN_VECTORS_FILE, readBuiltinVectorsFile, shippedTexts } from "@/lib/library/semantic/builtin-vectors";
import { embedTexts } from "@/lib/library/semantic/encoder";
import { EMBEDDING_DIMS, EMBEDDING_MODEL } from "@/lib/library/semantic/encoder-model";
import { sectionHash } from "@/lib/library/semantic/sections";
import { encodeVector, toBase64 } from "@/lib/library/semantic/vector-codec";

const current = readBuiltinVectorsFile().vectors;
const texts = shippedTexts();
const missing = texts.filter((t) => !current[sectionHash(t)]);
const t0 = performance.now();
const vectors = await embedTexts(missing, "bulk");
const fresh = new Map(missing.map((t, i) => [sectionHash(t), toBase64(encodeVector(vectors[i]!))]));
const out: Record<string, string> = {};
for (const hash of texts.map(sectionHash).sort()) out[hash] = current[hash] ?? fresh.get(hash)!;
writeFileSync(
  BUILTIN_VECTORS_FILE,
  `${JSON.stringify({ model: EMBEDDING_MODEL, dims: EMBEDDING_DIMS, vectors: out }, null, 0)}\n`,
);
console.log(
  `${texts.length} texts (the sections of ${BUILTIN_LIBRARY.length} built-in items and the off-topic exemplars): ${missing.length} embedded in ${(performance.now() - t0).toFixed(0)} ms, ${texts.length - missing.length} kept`,
);
// The encoder thread would keep the process alive.
process.exit(0);
