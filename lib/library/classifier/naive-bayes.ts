// A multinomial naive Bayes over feature lists (lib/library/classifier/text.ts), with Laplace
// smoothing and log-count weighting of repeated features. Trains in a single pass.

export type NaiveBayes<L extends string> = {
  labels: L[];
  /** Log-probabilities of each label for the features, best first. */
  rank: (feats: string[]) => { label: L; score: number }[];
  /** Document frequency of each feature over the training set, and the number of documents. */
  docFreq: Map<string, number>;
  docs: number;
};

const ALPHA = 0.3;

function counted(feats: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const f of feats) m.set(f, (m.get(f) ?? 0) + 1);
  return m;
}

export function trainNaiveBayes<L extends string>(
  examples: { feats: string[]; label: L; weight?: number }[],
): NaiveBayes<L> {
  const perLabel = new Map<L, { counts: Map<string, number>; total: number; docs: number }>();
  const vocab = new Set<string>();
  const docFreq = new Map<string, number>();
  for (const ex of examples) {
    let s = perLabel.get(ex.label);
    if (!s) perLabel.set(ex.label, (s = { counts: new Map(), total: 0, docs: 0 }));
    const w = ex.weight ?? 1;
    s.docs += w;
    for (const [f, n] of counted(ex.feats)) {
      const v = w * (1 + Math.log(n));
      s.counts.set(f, (s.counts.get(f) ?? 0) + v);
      s.total += v;
      vocab.add(f);
      docFreq.set(f, (docFreq.get(f) ?? 0) + 1);
    }
  }
  const labels = [...perLabel.keys()];
  const V = vocab.size;
  return {
    labels,
    docFreq,
    docs: examples.length,
    rank(feats) {
      const c = counted(feats.filter((f) => vocab.has(f)));
      const scored = labels.map((label) => {
        const s = perLabel.get(label)!;
        // A flat prior: the classes are balanced by design, and the text should decide.
        let score = 0;
        const denom = Math.log(s.total + ALPHA * V);
        for (const [f, n] of c) score += (1 + Math.log(n)) * (Math.log((s.counts.get(f) ?? 0) + ALPHA) - denom);
        return { label, score };
      });
      return scored.sort((a, b) => b.score - a.score);
    },
  };
}
