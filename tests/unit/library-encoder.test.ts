import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { embedTexts } from "@/lib/library/semantic/encoder";

// The encoder thread is shared by every question of a process: a thread that dies fails only the
// batch it held, and the next batch gets a fresh thread that answers.
describe("the sentence encoder's thread", () => {
  afterEach(() => {
    delete process.env.PULSEWELL_ENCODER_WORKER;
  });

  it("fails the batch of a thread that dies, then answers from a new thread", async () => {
    process.env.PULSEWELL_ENCODER_WORKER = path.join(process.cwd(), "tests/fixtures/crashing-encoder-worker.mjs");
    await expect(embedTexts(["a question that crashes the thread"])).rejects.toThrow(/encoder crashed|stopped/);
    delete process.env.PULSEWELL_ENCODER_WORKER;
    const [v] = await embedTexts(["how do I give feedback to a report"]);
    expect(v).toHaveLength(512);
    const norm = Math.hypot(...v!);
    expect(norm).toBeCloseTo(1, 3);
    // Unit length: the same text twice has cosine 1, a different one less.
    const [a, b] = await embedTexts(["how do I give feedback to a report", "what is the vat rate in germany"]);
    let same = 0;
    let other = 0;
    for (let i = 0; i < 512; i++) {
      same += v![i]! * a![i]!;
      other += v![i]! * b![i]!;
    }
    expect(same).toBeGreaterThan(0.99);
    expect(other).toBeLessThan(0.6);
  }, 60_000);
});
