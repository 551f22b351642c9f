import { describe, expect, it } from "vitest";
import { plural, pluralWord } from "@/lib/format";

describe("plural", () => {
  it("uses the singular for exactly one", () => {
    expect(plural(1, "person", "people")).toBe("1 person");
    expect(plural(1, "member")).toBe("1 member");
  });

  it("uses the plural for zero, many and fractions", () => {
    expect(plural(0, "person", "people")).toBe("0 people");
    expect(plural(2, "person", "people")).toBe("2 people");
    expect(plural(3, "answer")).toBe("3 answers");
    expect(plural(1.5, "day")).toBe("1.5 days");
  });

  it("groups thousands", () => {
    expect(plural(12_000, "response")).toBe("12,000 responses");
  });

  it("takes whole phrases so the verb agrees", () => {
    expect(plural(1, "person was", "people were")).toBe("1 person was");
    expect(plural(4, "person was", "people were")).toBe("4 people were");
  });
});

describe("pluralWord", () => {
  it("returns only the word", () => {
    expect(pluralWord(1, "seat")).toBe("seat");
    expect(pluralWord(0, "seat")).toBe("seats");
    expect(pluralWord(2, "person", "people")).toBe("people");
  });
});
