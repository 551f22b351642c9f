import { describe, expect, it } from "vitest";
import { readBuiltinVectorsFile, shippedTexts } from "@/lib/library/semantic/builtin-vectors";
import { EMBEDDING_DIMS, EMBEDDING_MODEL } from "@/lib/library/semantic/encoder-model";
import { sectionHash } from "@/lib/library/semantic/sections";
import { fromBase64 } from "@/lib/library/semantic/vector-codec";

// The built-in library's vectors ship with the product: an item edited without
// `npm run library:embed-builtins` would be ranked without them until the server embeds them.
describe("the shipped built-in vectors", () => {
  it("hold a vector of this model for every built-in section and off-topic exemplar, and nothing else", () => {
    const file = readBuiltinVectorsFile();
    expect(file.model).toBe(EMBEDDING_MODEL);
    expect(file.dims).toBe(EMBEDDING_DIMS);
    const wanted = new Set(shippedTexts().map(sectionHash));
    const missing = [...wanted].filter((h) => !file.vectors[h]);
    expect(missing, "run npm run library:embed-builtins").toEqual([]);
    expect(
      Object.keys(file.vectors).filter((h) => !wanted.has(h)),
      "run npm run library:embed-builtins",
    ).toEqual([]);
    const v = fromBase64(Object.values(file.vectors)[0]!);
    expect(v.bytes.byteLength).toBe(EMBEDDING_DIMS);
    expect(v.scale).toBeGreaterThan(0);
  });
});
