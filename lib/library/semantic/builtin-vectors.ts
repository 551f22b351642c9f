import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { BUILTIN_LIBRARY } from "@/lib/library/builtin";
import { embedTexts } from "@/lib/library/semantic/encoder";
import { EMBEDDING_DIMS, EMBEDDING_MODEL } from "@/lib/library/semantic/encoder-model";
import { builtinAskSections, builtinDocSections, builtinSections, sectionHash } from "@/lib/library/semantic/sections";
import { OFF_TOPIC_EXEMPLARS } from "@/lib/library/semantic/off-topic-exemplars";
import { decodeVector, encodeVector, fromBase64, type StoredVector } from "@/lib/library/semantic/vector-codec";
import { log } from "@/lib/log/logger";

// The built-in library's vectors ship with the product (builtin-vectors.json, written by
// `npm run library:embed-builtins`, keyed by section hash): embedding its ~3,000 sections takes over
// a minute of CPU, which no start and no test run should pay. A section whose hash the file lacks
// (an item edited without running the script) is embedded in the background and joins the index
// then; a unit test fails while the file is stale.

export const BUILTIN_VECTORS_FILE = path.join(
  /* turbopackIgnore: true */ process.cwd(),
  "lib/library/semantic/builtin-vectors.json",
);

const fileSchema = z.object({ model: z.string(), dims: z.number().int(), vectors: z.record(z.string(), z.string()) });
export type BuiltinVectorsFile = z.infer<typeof fileSchema>;

export function readBuiltinVectorsFile(file = BUILTIN_VECTORS_FILE): BuiltinVectorsFile {
  try {
    const parsed = fileSchema.parse(JSON.parse(readFileSync(file, "utf8")));
    if (parsed.model === EMBEDDING_MODEL && parsed.dims === EMBEDDING_DIMS) return parsed;
  } catch {
    // Missing or malformed: every section is embedded at first use instead.
  }
  return { model: EMBEDDING_MODEL, dims: EMBEDDING_DIMS, vectors: {} };
}

/** The built-in items' sections as one matrix: row r belongs to item ids[rowItem[r]]. */
export type BuiltinIndex = { ids: string[]; rowItem: Int32Array; matrix: Float32Array; rows: number };

// Vectors embedded in this process for texts the shipped file lacks (keyed by section hash).
const embeddedHere = new Map<string, StoredVector>();

/** Rows for groups of texts (one group per item), from the shipped file or embedded here. A text
 * with neither is left out for now, never waited for: its vector is computed on the encoder thread
 * in the background and `onFilled` runs once it is in (to rebuild). */
function matrixOf(ids: string[], groups: string[][], onFilled: () => void): BuiltinIndex {
  const shipped = readBuiltinVectorsFile().vectors;
  const vectorOf = (t: string): StoredVector | undefined => {
    const hash = sectionHash(t);
    const stored = shipped[hash];
    return stored ? fromBase64(stored) : embeddedHere.get(hash);
  };
  const missing = [...new Set(groups.flat().filter((t) => !vectorOf(t)))];
  if (missing.length > 0) {
    log.warn("library.builtin_vectors_stale", { sections: missing.length });
    embedTexts(missing, "bulk")
      .then((vectors) => {
        missing.forEach((t, i) => embeddedHere.set(sectionHash(t), encodeVector(vectors[i]!)));
        onFilled();
      })
      .catch((err: unknown) => log.error("library.builtin_vectors_failed", { err }));
  }
  const present = groups.map((texts) => texts.map(vectorOf).filter((v): v is StoredVector => v !== undefined));
  const rows = present.reduce((n, s) => n + s.length, 0);
  const matrix = new Float32Array(rows * EMBEDDING_DIMS);
  const rowItem = new Int32Array(rows);
  let r = 0;
  present.forEach((vectors, itemIndex) => {
    for (const v of vectors) {
      decodeVector(v, matrix, r);
      rowItem[r] = itemIndex;
      r++;
    }
  });
  return { ids, rowItem, matrix, rows };
}

/** Every text whose vector the shipped file holds: the built-in sections and the off-topic exemplars. */
export function shippedTexts(): string[] {
  return [...new Set([...BUILTIN_LIBRARY.flatMap((b) => builtinSections(b)), ...OFF_TOPIC_EXEMPLARS])];
}

type Slot = "pulsewellBuiltinDocs" | "pulsewellBuiltinAsks" | "pulsewellOffTopicIndex";
const g = globalThis as unknown as Partial<Record<Slot, BuiltinIndex>>;

function once(slot: Slot, make: (onFilled: () => void) => BuiltinIndex): BuiltinIndex {
  // Rebuilt (from the file and what was embedded here) once background embedding fills a gap.
  g[slot] ??= make(() => {
    g[slot] = undefined;
  });
  return g[slot];
}

/** The built-in items' document sections and, apart, their example asks (scored apart: see
 * RANKING.docBoost). */
export async function builtinIndex(): Promise<{ docs: BuiltinIndex; asks: BuiltinIndex }> {
  const ids = BUILTIN_LIBRARY.map((b) => b.id);
  return {
    docs: once("pulsewellBuiltinDocs", (filled) =>
      matrixOf(
        ids,
        BUILTIN_LIBRARY.map((b) => builtinDocSections(b)),
        filled,
      ),
    ),
    asks: once("pulsewellBuiltinAsks", (filled) =>
      matrixOf(
        ids,
        BUILTIN_LIBRARY.map((b) => builtinAskSections(b)),
        filled,
      ),
    ),
  };
}

/** The off-topic exemplars, one row each (the gate's other side). */
export async function offTopicIndex(): Promise<BuiltinIndex> {
  return once("pulsewellOffTopicIndex", (filled) => matrixOf(["off-topic"], [[...OFF_TOPIC_EXEMPLARS]], filled));
}
