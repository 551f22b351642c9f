import { describe, expect, it } from "vitest";
import { withOrg } from "@/lib/db/tenant";
import { retrieve } from "@/lib/library/retrieval";
import { evaluateRetrieval, HELD_OUT, LABELLED, OUT_OF_SCOPE } from "../../scripts/eval/retrieval-metrics";
import { createOrg } from "../support/factories";

// The labelled manager questions (tests/fixtures/coach-questions-*.ts) against the built-in library
// as the start script syncs it (global setup runs prepareDatabase).
describe("library retrieval quality", () => {
  it("finds an answering item in the first three for at least 85 % of questions and nothing for at least 80 % of out-of-scope ones", async () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(150);
    expect(OUT_OF_SCOPE.length).toBeGreaterThanOrEqual(10);
    const { orgId } = await createOrg();
    const ids = async (q: string) => (await withOrg(orgId, (tx) => retrieve(tx, orgId, q, { limit: 10 }))).map((i) => i.id);
    const m = await evaluateRetrieval(ids);
    expect(m.hit3).toBeGreaterThanOrEqual(0.85);
    expect(m.outOfScopeCorrect).toBeGreaterThanOrEqual(0.8);
    // The floors were chosen on the other half (npm run eval:retrieval -- --tune): the targets hold
    // on questions they were not tuned on too.
    const held = await evaluateRetrieval(ids, HELD_OUT);
    expect(held.hit3).toBeGreaterThanOrEqual(0.85);
    expect(held.outOfScopeCorrect).toBeGreaterThanOrEqual(0.8);
  }, 120_000);

  it("returns nothing for a question with no content words", async () => {
    const { orgId } = await createOrg();
    expect(await withOrg(orgId, (tx) => retrieve(tx, orgId, "How do I do it?"))).toEqual([]);
  });
});
