// Boss Bot's ranking, pure: the semantic score of each item (its best section's cosine with the
// question), fused with the lexical ranker's coverage (the share of the question's weighted words
// the item holds), the gate that decides "the library holds nothing on this", and the cut that
// keeps only the items about the question. The numbers are chosen on the tuning half of the
// labelled questions alone (`npm run eval:retrieval -- --tune`) and reported on the held-out half.

export const RANKING = {
  /** Weight of the semantic score in the fusion (1 - this for the lexical coverage). */
  alpha: 0.5,
  /** Below this best-section cosine, no item is about the question: the coach says so. */
  gate: 0.2,
  /** Items scoring at least this share of the best item's fused score are kept as sources. */
  keep: 0.7,
  /** Weight of an item's second-best section in its semantic score. */
  blend: 0,
  /** Added to the score of an item without example asks (the organisation's own). A question
   * matches another question far more closely than it matches prose (0.87 against 0.38 for one
   * meaning), so without it such an item could never outrank a built-in one. Calibrated, not
   * tuned: the median gap between the asks and the document sections of the right built-in item,
   * on the tuning half (`npm run eval:retrieval -- --tune` prints it). */
  docBoost: 0.18,
  /** Declined as well when the question is closer, by more than this, to an off-topic exemplar
   * than to the best item (lib/library/semantic/off-topic-exemplars.ts). */
  margin: 0,
};
export type RankingParams = typeof RANKING;

/** Row r belongs to item ids[rowItem[r]]. An organisation's matrix also has, per item, its first
 * row (itemStart, rows of one item are contiguous) and its normalised mean vector (centroids). */
export type SectionMatrix = {
  ids: string[];
  rowItem: Int32Array;
  matrix: Float32Array;
  rows: number;
  itemStart?: Int32Array;
  centroids?: Float32Array;
};

/** The dot product of q with row `base` of m, unrolled by four (measured 1.6x faster than the
 * plain loop on 15,000 x 512: the scan is the largest part of a question's retrieval time). */
function dot(q: Float32Array, m: Float32Array, base: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  const d = q.length;
  for (let i = 0; i < d; i += 4) {
    s0 += q[i]! * m[base + i]!;
    s1 += q[i + 1]! * m[base + i + 1]!;
    s2 += q[i + 2]! * m[base + i + 2]!;
    s3 += q[i + 3]! * m[base + i + 3]!;
  }
  return s0 + s1 + s2 + s3;
}

/** Each item's two best section cosines with the (unit-length) question vector. With `shortlist`
 * (a large organisation library), only the items whose mean vector scores among the best
 * `shortlist` are scanned section by section; the rest are not scored. */
export function sectionScores(
  q: Float32Array,
  m: SectionMatrix,
  skip?: ReadonlySet<string>,
  shortlist?: number,
): Map<string, [number, number]> {
  const dims = q.length;
  const best = new Float32Array(m.ids.length).fill(-2);
  const second = new Float32Array(m.ids.length).fill(-2);
  const scan = (r: number) => {
    const s = dot(q, m.matrix, r * dims);
    const item = m.rowItem[r]!;
    if (s > best[item]!) {
      second[item] = best[item]!;
      best[item] = s;
    } else if (s > second[item]!) second[item] = s;
  };
  if (shortlist !== undefined && m.centroids && m.itemStart && m.ids.length > shortlist) {
    const byCentroid = Array.from({ length: m.ids.length }, (_, i) => [i, dot(q, m.centroids!, i * dims)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, shortlist);
    for (const [item] of byCentroid) for (let r = m.itemStart[item]!; r < m.itemStart[item + 1]!; r++) scan(r);
  } else {
    for (let r = 0; r < m.rows; r++) scan(r);
  }
  const out = new Map<string, [number, number]>();
  m.ids.forEach((id, i) => {
    if (best[i]! > -2 && !skip?.has(id)) out.set(id, [best[i]!, second[i]! > -2 ? second[i]! : best[i]!]);
  });
  return out;
}

/** An item's semantic score: its best section, leaning on the second best by `blend` (one stray
 * section that happens to share a phrase with the question should not carry an item alone). */
export const itemSemantic = ([best, second]: [number, number], p: RankingParams = RANKING) =>
  (1 - p.blend) * best + p.blend * second;

/** An item's semantic score: a built-in item's best of its example asks and its document
 * sections; an item without asks (the organisation's own) its document sections, raised by
 * docBoost onto the scale of the asks. */
export function combineSemantic(
  asks: [number, number] | undefined,
  docs: [number, number] | undefined,
  p: RankingParams = RANKING,
): number | undefined {
  if (!docs) return asks ? itemSemantic(asks, p) : undefined;
  if (!asks) return itemSemantic(docs, p) + p.docBoost;
  return Math.max(itemSemantic(asks, p), itemSemantic(docs, p));
}

/** The highest cosine of the question with any row of a matrix (the off-topic exemplars). */
export function maxCosine(q: Float32Array, m: SectionMatrix): number {
  let max = -1;
  for (let r = 0; r < m.rows; r++) max = Math.max(max, dot(q, m.matrix, r * q.length));
  return max;
}

/** `semantic` is null for an item whose vectors are not written yet (an item saved seconds ago):
 * it ranks on its lexical coverage alone until they are. */
export type Candidate = { key: string; semantic: number | null; lexical: number };
export type Ranked = Candidate & { fused: number };

const fuse = (c: Candidate, p: RankingParams) =>
  c.semantic === null ? c.lexical : p.alpha * c.semantic + (1 - p.alpha) * c.lexical;

/** The items about the question, best first; [] when the best semantic score is under the gate or
 * the question is nearer the off-topic exemplars (`offTopic`: its highest cosine with them). */
export function rankCandidates(
  candidates: readonly Candidate[],
  limit: number,
  p: RankingParams = RANKING,
  offTopic = -1,
): Ranked[] {
  if (candidates.length === 0) return [];
  const bestSemantic = Math.max(...candidates.map((c) => c.semantic ?? -1));
  if (bestSemantic < p.gate || offTopic - bestSemantic > p.margin) return [];
  const fused = candidates
    .map((c) => ({ ...c, fused: fuse(c, p) }))
    .sort((a, b) => b.fused - a.fused || a.key.localeCompare(b.key));
  const top = fused[0]!.fused;
  return fused.filter((c) => c.fused >= p.keep * top).slice(0, limit);
}
