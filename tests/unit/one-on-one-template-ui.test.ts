import { describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "@/lib/one-on-one/default-templates";
import { moveInList as moveItem } from "@/components/forms/field-lists";
import { missingDefaults } from "@/components/one-on-one/use-templates";
import { meetingsPath } from "@/components/one-on-one/use-meetings";

describe("template questions reorder", () => {
  it("moves an item up and down", () => {
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
  });
  it("leaves the list as it was for out-of-range moves", () => {
    expect(moveItem(["a", "b"], 0, -1)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], 1, 2)).toEqual(["a", "b"]);
  });
});

describe("'Add Default Templates' as a secondary action", () => {
  it("counts the default keys an organisation lacks", () => {
    expect(missingDefaults([])).toBe(DEFAULT_TEMPLATES.length);
    expect(missingDefaults(DEFAULT_TEMPLATES.map((d) => ({ key: d.key })))).toBe(0);
    expect(missingDefaults([{ key: DEFAULT_TEMPLATES[0]!.key }, { key: null }])).toBe(DEFAULT_TEMPLATES.length - 1);
  });
});

describe("meetings list address", () => {
  it("carries when, the person and the cursor", () => {
    expect(meetingsPath("upcoming", "", null)).toBe("/api/meetings/one-on-one?when=upcoming");
    expect(meetingsPath("past", "p1", "c 2")).toBe("/api/meetings/one-on-one?when=past&personId=p1&cursor=c+2");
  });
});
