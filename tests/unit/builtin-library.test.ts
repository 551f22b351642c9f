import { describe, expect, it } from "vitest";
import { CATEGORIES } from "@/lib/library/schemas";
import { ContentCategory, ContentType } from "@/lib/generated/prisma/enums";
import { BUILTIN_LIBRARY } from "@/lib/library/builtin";
import { PART_A } from "@/lib/library/builtin/part-a";
import { PART_B } from "@/lib/library/builtin/part-b";
import { builtinMarkdown, type BuiltinItem } from "@/lib/library/builtin/types";
import { OUT_OF_SCOPE_A, QUESTIONS_A } from "@/tests/fixtures/coach-questions-a";

const KEBAB = /^pw-[a-z0-9]+(?:-[a-z0-9]+)*$/;
// Part A items written after the labelled set A: it does not label them.
const ADDED_AFTER_SET_A = new Set([
  "pw-lateness-and-absence",
  "pw-feedback-to-your-boss",
  "pw-pushing-back-on-your-manager",
]);
// Part A covers the categories one to seven (in the order lib/library/schemas.ts lists them).
const PART_A_CATEGORIES = CATEGORIES.slice(0, 7);

function countByCategory(items: BuiltinItem[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.category, (counts.get(item.category) ?? 0) + 1);
  return counts;
}

describe("built-in leadership library", () => {
  it("has unique, kebab-case ids prefixed pw-", () => {
    const ids = BUILTIN_LIBRARY.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id, id).toMatch(KEBAB);
  });

  it("fills every field of every item within its limits", () => {
    const types = new Set<string>(Object.values(ContentType));
    const categories = new Set<string>(Object.values(ContentCategory));
    for (const item of BUILTIN_LIBRARY) {
      expect(item.title.trim(), item.id).not.toBe("");
      expect(types.has(item.contentType), item.id).toBe(true);
      expect(categories.has(item.category), item.id).toBe(true);
      expect(item.tags.length, item.id).toBeGreaterThanOrEqual(3);
      expect(item.tags.length, item.id).toBeLessThanOrEqual(7);
      for (const tag of item.tags) expect(tag, item.id).toMatch(/^[a-z0-9][a-z0-9 :'-]*$/);
      expect(Number.isInteger(item.priority) && item.priority >= 1 && item.priority <= 5, item.id).toBe(true);
      expect(item.situation.trim(), item.id).not.toBe("");
      expect(item.approach.trim(), item.id).not.toBe("");
      expect(item.script.trim(), item.id).not.toBe("");
      expect(item.script.length, item.id).toBeLessThanOrEqual(1200);
      expect(item.nextSteps.length, item.id).toBeGreaterThanOrEqual(3);
      expect(item.nextSteps.length, item.id).toBeLessThanOrEqual(5);
      for (const step of item.nextSteps) expect(step.trim(), item.id).not.toBe("");
    }
  });

  it("part A covers each of its seven categories with at least 4 items", () => {
    const counts = countByCategory(PART_A);
    for (const category of PART_A_CATEGORIES) expect(counts.get(category) ?? 0, category).toBeGreaterThanOrEqual(4);
    expect(PART_A.length).toBeGreaterThanOrEqual(32);
  });

  it.skipIf(PART_B.length === 0)("covers all 14 categories with at least 4 items and 60 in total", () => {
    const counts = countByCategory(BUILTIN_LIBRARY);
    for (const category of Object.values(ContentCategory)) {
      expect(counts.get(category) ?? 0, category).toBeGreaterThanOrEqual(4);
    }
    expect(BUILTIN_LIBRARY.length).toBeGreaterThanOrEqual(60);
  });

  it("renders the four headings with bulleted next steps", () => {
    const item = PART_A[0];
    expect(item).toBeDefined();
    if (!item) return;
    const markdown = builtinMarkdown(item);
    expect(markdown.startsWith(`## Situation\n${item.situation}\n\n## Approach\n`)).toBe(true);
    expect(markdown).toContain(`\n\n## Script\n${item.script}\n\n## Next steps\n`);
    expect(markdown.endsWith(item.nextSteps.map((step) => `- ${step}`).join("\n"))).toBe(true);
  });

  it("labels retrieval questions with existing ids, at least one from part A each", () => {
    const ids = new Set(PART_A.map((item) => item.id));
    const allIds = new Set(BUILTIN_LIBRARY.map((item) => item.id));
    expect(QUESTIONS_A.length).toBeGreaterThanOrEqual(80);
    expect(OUT_OF_SCOPE_A.length).toBeGreaterThanOrEqual(10);
    const questions = QUESTIONS_A.map((q) => q.question.trim().toLowerCase());
    expect(new Set(questions).size).toBe(questions.length);
    for (const { question, answers } of QUESTIONS_A) {
      expect(answers.length, question).toBeGreaterThanOrEqual(1);
      expect(answers.length, question).toBeLessThanOrEqual(3);
      for (const id of answers) expect(allIds.has(id), `${question} -> ${id}`).toBe(true);
      expect(
        answers.some((id) => ids.has(id)),
        question,
      ).toBe(true);
    }
    // every part A item is the expected answer of at least one question, except the items added
    // after this set was written (the newer labelled sets are where those get their questions)
    const answered = new Set(QUESTIONS_A.flatMap((q) => q.answers));
    for (const id of ids) if (!ADDED_AFTER_SET_A.has(id)) expect(answered.has(id), id).toBe(true);
  });
});

describe("example questions (asks) of the built-in items", () => {
  it("gives every item 10 to 32 asks of 8 to 300 characters, trimmed, without {name} or control characters", () => {
    for (const item of BUILTIN_LIBRARY) {
      expect(item.asks.length, item.id).toBeGreaterThanOrEqual(10);
      expect(item.asks.length, item.id).toBeLessThanOrEqual(32);
      for (const ask of item.asks) {
        expect(ask.length, `${item.id}: ${ask}`).toBeGreaterThanOrEqual(8);
        expect(ask.length, `${item.id}: ${ask}`).toBeLessThanOrEqual(300);
        expect(ask, item.id).toBe(ask.trim());
        expect(ask, item.id).not.toContain("{name}");
        expect(ask, item.id).not.toMatch(/[\u0000-\u001f\u007f]/);
      }
    }
  });

  it("repeats no ask anywhere in the library, ignoring case", () => {
    const seen = new Map<string, string>();
    for (const item of BUILTIN_LIBRARY) {
      for (const ask of item.asks) {
        const key = ask.toLowerCase();
        expect(seen.get(key), `"${ask}" in ${item.id}`).toBeUndefined();
        seen.set(key, item.id);
      }
    }
  });

  it("does not copy an item's own title as an ask", () => {
    for (const item of BUILTIN_LIBRARY) {
      const title = item.title.toLowerCase();
      for (const ask of item.asks) expect(ask.toLowerCase(), item.id).not.toBe(title);
    }
  });

  it("keeps the asks out of the stored content", () => {
    for (const item of BUILTIN_LIBRARY) {
      const markdown = builtinMarkdown(item);
      for (const ask of item.asks) expect(markdown.includes(ask), `${item.id}: ${ask}`).toBe(false);
    }
  });
});

describe("items added for common manager situations", () => {
  const added: Array<[string, string]> = [
    ["pw-pushing-back-on-your-manager", "leadership_development"],
    ["pw-top-performer-might-leave", "employee_engagement"],
    ["pw-career-development-conversation", "coaching_techniques"],
    ["pw-letting-someone-go", "difficult_conversations"],
    ["pw-resignation-conversation-handover", "difficult_conversations"],
    ["pw-prioritising-when-everything-urgent", "workplace_stress"],
    ["pw-feedback-to-your-boss", "communication"],
    ["pw-lateness-and-absence", "performance_management"],
  ];

  it.each(added)("holds %s in %s, in the part its category belongs to, written like the others", (id, category) => {
    const item = BUILTIN_LIBRARY.find((i) => i.id === id);
    expect(item?.category).toBe(category);
    if (!item) return;
    const part = PART_A_CATEGORIES.includes(item.category) ? PART_A : PART_B;
    expect(part.some((i) => i.id === id)).toBe(true);
    expect(item.title.length).toBeGreaterThan(10);
    expect(item.situation.length).toBeGreaterThan(200);
    expect(item.approach).toMatch(/1\. .*2\. .*3\. /s);
    expect(item.script.startsWith('"')).toBe(true);
    expect(item.script).toContain("{name}");
    expect(item.asks.length).toBeGreaterThanOrEqual(12);
  });

  it("does not repeat the title of an item that was already there", () => {
    const titles = BUILTIN_LIBRARY.map((item) => item.title.trim().toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
  });
});
