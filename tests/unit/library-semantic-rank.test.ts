import { describe, expect, it } from "vitest";
import {
  combineSemantic,
  itemSemantic,
  maxCosine,
  rankCandidates,
  sectionScores,
  type RankingParams,
  type SectionMatrix,
} from "@/lib/library/semantic/rank";
import { decodeVector, encodeVector, fromBase64, toBase64 } from "@/lib/library/semantic/vector-codec";
import { orgItemSections, sectionHash, MAX_SECTIONS } from "@/lib/library/semantic/sections";

const P: RankingParams = { alpha: 0.7, gate: 0.4, keep: 0.8, blend: 0, docBoost: 0.2, margin: 0.05 };

function unit(values: number[], dims = 4): Float32Array {
  const v = new Float32Array(dims);
  values.forEach((x, i) => (v[i] = x));
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}

function matrix(ids: string[], rows: [number, number[]][]): SectionMatrix {
  const dims = 4;
  const m = new Float32Array(rows.length * dims);
  rows.forEach(([, v], r) => m.set(unit(v), r * dims));
  return { ids, rowItem: Int32Array.from(rows.map(([item]) => item)), matrix: m, rows: rows.length };
}

describe("fusion and the semantic gate", () => {
  it("fuses the semantic score and the lexical coverage with the weight given, best first", () => {
    const ranked = rankCandidates(
      [
        { key: "words-only", semantic: 0.45, lexical: 1 },
        { key: "meaning", semantic: 0.9, lexical: 0 },
      ],
      5,
      { ...P, keep: 0 },
    );
    expect(ranked.map((r) => r.key)).toEqual(["meaning", "words-only"]);
    expect(ranked[0]!.fused).toBeCloseTo(0.7 * 0.9, 6);
    expect(ranked[1]!.fused).toBeCloseTo(0.7 * 0.45 + 0.3, 6);
    // With the lexical side weighted more, the order turns.
    expect(
      rankCandidates(
        [
          { key: "words-only", semantic: 0.45, lexical: 1 },
          { key: "meaning", semantic: 0.9, lexical: 0 },
        ],
        5,
        { ...P, alpha: 0.3, keep: 0 },
      )[0]!.key,
    ).toBe("words-only");
  });

  it("declines when no item's semantic score reaches the gate, whatever the words share", () => {
    expect(rankCandidates([{ key: "a", semantic: 0.39, lexical: 1 }], 5, P)).toEqual([]);
    expect(rankCandidates([{ key: "a", semantic: 0.41, lexical: 0 }], 5, P)).toHaveLength(1);
  });

  it("declines a question nearer an off-topic exemplar than the best item by more than the margin", () => {
    const c = [{ key: "a", semantic: 0.5, lexical: 0.5 }];
    expect(rankCandidates(c, 5, P, 0.56)).toEqual([]);
    expect(rankCandidates(c, 5, P, 0.54)).toHaveLength(1);
  });

  it("keeps only the items close to the best one (the rest are not about the question)", () => {
    const ranked = rankCandidates(
      [
        { key: "best", semantic: 0.8, lexical: 0.5 },
        { key: "close", semantic: 0.75, lexical: 0.4 },
        { key: "far", semantic: 0.45, lexical: 0.1 },
      ],
      5,
      P,
    );
    expect(ranked.map((r) => r.key)).toEqual(["best", "close"]);
  });

  it("ranks an item without vectors yet on its words alone, and never lets it open the gate", () => {
    const ranked = rankCandidates(
      [
        { key: "new", semantic: null, lexical: 0.9 },
        { key: "old", semantic: 0.6, lexical: 0.2 },
      ],
      5,
      { ...P, keep: 0 },
    );
    expect(ranked[0]).toMatchObject({ key: "new", fused: 0.9 });
    expect(rankCandidates([{ key: "new", semantic: null, lexical: 0.9 }], 5, P)).toEqual([]);
  });
});

describe("section scores", () => {
  it("gives each item its best section's cosine, and the blend leans on the second best", () => {
    const m = matrix(
      ["x", "y"],
      [
        [0, [1, 0, 0, 0]],
        [0, [0, 1, 0, 0]],
        [1, [1, 1, 0, 0]],
      ],
    );
    const q = unit([1, 0, 0, 0]);
    const s = sectionScores(q, m);
    expect(s.get("x")![0]).toBeCloseTo(1, 5);
    expect(s.get("x")![1]).toBeCloseTo(0, 5);
    expect(s.get("y")![0]).toBeCloseTo(Math.SQRT1_2, 5);
    expect(itemSemantic(s.get("x")!, { ...P, blend: 0.5 })).toBeCloseTo(0.5, 5);
    expect(sectionScores(q, m, new Set(["x"])).has("x")).toBe(false);
    expect(maxCosine(q, m)).toBeCloseTo(1, 5);
  });
});

describe("the shortlist of a large library", () => {
  it("scores exactly as the full scan for the items whose mean vector is among the best, and leaves the rest out", () => {
    const dims = 4;
    // Three items of two sections each; item "near" points the question's way.
    const rows: [number, number[]][] = [
      [0, [1, 0.1, 0, 0]],
      [0, [0.9, 0, 0.2, 0]],
      [1, [0, 1, 0, 0]],
      [1, [0, 0, 1, 0]],
      [2, [0, 0, 0, 1]],
      [2, [0.2, 0, 0, 1]],
    ];
    const m = matrix(["near", "mid", "far"], rows);
    const itemStart = Int32Array.from([0, 2, 4, 6]);
    const centroids = new Float32Array(3 * dims);
    for (let item = 0; item < 3; item++) {
      const mean = [0, 1, 2, 3].map((i) => (m.matrix[item * 2 * dims + i]! + m.matrix[(item * 2 + 1) * dims + i]!) / 2);
      centroids.set(unit(mean), item * dims);
    }
    const q = unit([1, 0, 0, 0.1]);
    const full = sectionScores(q, m);
    const short = sectionScores(q, { ...m, itemStart, centroids }, undefined, 1);
    expect([...short.keys()]).toEqual(["near"]);
    expect(short.get("near")).toEqual(full.get("near"));
  });
});

describe("asks and document sections", () => {
  it("scores a built-in item by the better of its asks and its prose, and raises an item without asks by docBoost", () => {
    expect(combineSemantic([0.7, 0.6], [0.4, 0.3], P)).toBeCloseTo(0.7, 6);
    expect(combineSemantic([0.3, 0.3], [0.5, 0.4], P)).toBeCloseTo(0.5, 6);
    expect(combineSemantic(undefined, [0.4, 0.3], P)).toBeCloseTo(0.6, 6);
    expect(combineSemantic(undefined, undefined, P)).toBeUndefined();
  });
});

describe("stored vectors", () => {
  it("round-trip through int8 and base64 with a cosine error under 0.005", () => {
    const v = new Float32Array(512).map((_, i) => Math.sin(i * 1.7) * (i % 7));
    const n = Math.hypot(...v);
    const u = v.map((x) => x / n);
    const out = new Float32Array(512);
    decodeVector(fromBase64(toBase64(encodeVector(u))), out, 0);
    let cos = 0;
    for (let i = 0; i < 512; i++) cos += u[i]! * out[i]!;
    expect(cos).toBeGreaterThan(0.995);
    expect(encodeVector(u).bytes.byteLength).toBe(512);
  });
});

describe("sections of an organisation item", () => {
  it("embeds the title, the tags and the text in short sections, at most MAX_SECTIONS", () => {
    const content = Array.from(
      { length: 80 },
      (_, i) => `Paragraph ${i}. ${"Some words about feedback and trust. ".repeat(6)}`,
    ).join("\n\n");
    const s = orgItemSections({ title: "## Feedback *guide*", content, tags: ["feedback", "trust"] });
    expect(s[0]).toBe("Feedback guide");
    expect(s[1]).toBe("feedback, trust");
    expect(s.length).toBe(MAX_SECTIONS);
    for (const x of s.slice(2)) {
      expect(x.startsWith("Feedback guide. ")).toBe(true);
      expect(x.length).toBeLessThanOrEqual(620);
    }
    expect(sectionHash("a")).not.toBe(sectionHash("b"));
    expect(sectionHash("a")).toBe(sectionHash("a"));
  });
});
