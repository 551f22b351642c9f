import { describe, expect, it } from "vitest";
import { CATEGORIES } from "@/lib/library/schemas";

import { PART_B } from "@/lib/library/builtin/part-b";
import { OUT_OF_SCOPE_B, QUESTIONS_B } from "../fixtures/coach-questions-b";

// Part B covers the categories eight to fourteen (in the order lib/library/schemas.ts lists them).
const PART_B_CATEGORIES = CATEGORIES.slice(7);
// Part B items written after the labelled set B: it does not label them.
const ADDED_AFTER_SET_B = new Set([
  "pw-top-performer-might-leave",
  "pw-career-development-conversation",
  "pw-letting-someone-go",
  "pw-resignation-conversation-handover",
  "pw-prioritising-when-everything-urgent",
]);

describe("built-in library, part B", () => {
  it("has at least 32 items with unique pw- kebab-case ids", () => {
    expect(PART_B.length).toBeGreaterThanOrEqual(32);
    const ids = PART_B.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^pw-[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it.each(PART_B_CATEGORIES)("has at least 4 items in %s", (category) => {
    expect(PART_B.filter((item) => item.category === category).length).toBeGreaterThanOrEqual(4);
  });

  it("keeps to its own 7 categories", () => {
    for (const item of PART_B) expect(PART_B_CATEGORIES).toContain(item.category);
  });

  it("fills every field of every item", () => {
    for (const item of PART_B) {
      expect(item.title.trim().length, item.id).toBeGreaterThan(10);
      expect(item.tags.length, item.id).toBeGreaterThanOrEqual(3);
      expect(item.tags.length, item.id).toBeLessThanOrEqual(7);
      for (const tag of item.tags) expect(tag, item.id).toBe(tag.toLowerCase());
      expect(item.priority, item.id).toBeGreaterThanOrEqual(1);
      expect(item.priority, item.id).toBeLessThanOrEqual(5);
      expect(item.situation.length, item.id).toBeGreaterThan(100);
      expect(item.approach.length, item.id).toBeGreaterThan(150);
      expect(item.script.startsWith('"'), item.id).toBe(true);
      expect(item.nextSteps.length, item.id).toBeGreaterThanOrEqual(3);
      expect(item.nextSteps.length, item.id).toBeLessThanOrEqual(5);
    }
  });

  it("holds the headline item on disengaged reports", () => {
    const item = PART_B.find((i) => i.id === "pw-disengaged-report-reconnect");
    expect(item?.category).toBe("employee_engagement");
    expect(item?.script).toContain("{name}");
  });
});

describe("labelled questions, part B", () => {
  const ids = new Set(PART_B.map((item) => item.id));

  it("has at least 80 questions and 10 out-of-scope questions", () => {
    expect(QUESTIONS_B.length).toBeGreaterThanOrEqual(80);
    expect(OUT_OF_SCOPE_B.length).toBeGreaterThanOrEqual(10);
  });

  it("labels every question with 1-3 ids that exist in PART_B", () => {
    for (const { question, answers } of QUESTIONS_B) {
      expect(answers.length, question).toBeGreaterThanOrEqual(1);
      expect(answers.length, question).toBeLessThanOrEqual(3);
      for (const id of answers) expect(ids.has(id), `${question} -> ${id}`).toBe(true);
    }
  });

  it("has no duplicate questions", () => {
    const all = [...QUESTIONS_B.map((q) => q.question), ...OUT_OF_SCOPE_B].map((q) => q.toLowerCase());
    expect(new Set(all).size).toBe(all.length);
  });

  it("labels at least one question for every item", () => {
    const labelled = new Set(QUESTIONS_B.flatMap((q) => q.answers));
    for (const id of ids) if (!ADDED_AFTER_SET_B.has(id)) expect(labelled.has(id), id).toBe(true);
  });
});
