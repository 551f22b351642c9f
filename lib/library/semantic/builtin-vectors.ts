import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { BUILTIN_LIBRARY } from "@/lib/library/builtin";
import { embedTexts } from "@/lib/library/semantic/encoder";
import { EMBEDDING_DIMS, EMBEDDING_MODEL } from "@/lib/library/semantic/encoder-model";
import { builtinAskSections, builtinDocSections, builtinSections, sectionHash } from "@/lib/library/semantic/sections";
import { OFF_TOPIC_EXEMPLARS } from "@/lib/library/semantic/off-topic-exemplars";
import { decodeVector, encodeVector, fromBase64 } from "@/lib/library/semantic/vector-codec";
import { log } from "@/lib/log/logger";

// The built-in library's vectors ship with the product (builtin-vectors.json, written by
// `npm run library:embed-builtins`, keyed by section hash): embedding its ~1,400 sections takes about
// 30 s of CPU, which no start and no test run should pay. A section whose hash the file lacks (an
// item edited without running the script) is embedded when the index is first built; a unit test
// fails while the file is stale.

export const BUILTIN_VECTORS_FILE = path.join(process.cwd(), "lib/library/semantic/builtin-vectors.json");

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

/** Rows for groups of texts (one group per item), from the shipped file or embedded now. */
async function matrixOf(ids: string[], groups: string[][]): Promise<BuiltinIndex> {
  const shipped = readBuiltinVectorsFile().vectors;
  const missing = [...new Set(groups.flat().filter((t) => !shipped[sectionHash(t)]))];
  const fresh = new Map<string, Float32Array>();
  if (missing.length > 0) {
    log.warn("library.builtin_vectors_stale", { sections: missing.length });
    const vectors = await embedTexts(missing, "bulk");
    missing.forEach((t, i) => fresh.set(t, vectors[i]!));
  }
  const rows = groups.reduce((n, s) => n + s.length, 0);
  const matrix = new Float32Array(rows * EMBEDDING_DIMS);
  const rowItem = new Int32Array(rows);
  let r = 0;
  groups.forEach((texts, itemIndex) => {
    for (const t of texts) {
      const stored = shipped[sectionHash(t)];
      decodeVector(stored ? fromBase64(stored) : encodeVector(fresh.get(t)!), matrix, r);
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
const g = globalThis as unknown as Partial<Record<Slot, Promise<BuiltinIndex>>>;

function once(slot: Slot, make: () => Promise<BuiltinIndex>): Promise<BuiltinIndex> {
  g[slot] ??= make().catch((err: unknown) => {
    g[slot] = undefined;
    throw err;
  });
  return g[slot];
}

/** The built-in items' document sections and, apart, their example asks (scored apart: see
 * RANKING.docBoost). */
export async function builtinIndex(): Promise<{ docs: BuiltinIndex; asks: BuiltinIndex }> {
  const ids = BUILTIN_LIBRARY.map((b) => b.id);
  const [docs, asks] = await Promise.all([
    once("pulsewellBuiltinDocs", () => matrixOf(ids, BUILTIN_LIBRARY.map((b) => builtinDocSections(b)))),
    once("pulsewellBuiltinAsks", () => matrixOf(ids, BUILTIN_LIBRARY.map((b) => builtinAskSections(b)))),
  ]);
  return { docs, asks };
}

/** The off-topic exemplars, one row each (the gate's other side). */
export function offTopicIndex(): Promise<BuiltinIndex> {
  return once("pulsewellOffTopicIndex", () => matrixOf(["off-topic"], [[...OFF_TOPIC_EXEMPLARS]]));
}
