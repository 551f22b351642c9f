import { describe, expect, it } from "vitest";

import {
  DEFAULT_TEMPLATES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_QUESTIONS_MAX,
  TEMPLATE_QUESTION_MAX,
  templateInputSchema,
} from "@/lib/one-on-one/default-templates";

const fieldErrors = (input: unknown) => {
  const r = templateInputSchema.safeParse(input);
  if (r.success) throw new Error("expected the input to be refused");
  return r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
};

describe("default 1:1 templates", () => {
  it("has at least five, including the five kinds the issue names", () => {
    expect(DEFAULT_TEMPLATES.length).toBeGreaterThanOrEqual(5);
    const keys = DEFAULT_TEMPLATES.map((t) => t.key);
    for (const kind of [
      "weekly-check-in",
      "career-conversation",
      "feedback-exchange",
      "new-joiner-90-days",
      "wellbeing-check-in",
    ]) {
      expect(keys).toContain(kind);
    }
    const names = DEFAULT_TEMPLATES.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "Weekly Check-in",
        "Career Conversation",
        "Feedback Exchange",
        "New Joiner: First 90 Days",
        "Wellbeing Check-in",
      ]),
    );
  });

  it("has unique keys and names, all marked default", () => {
    expect(new Set(DEFAULT_TEMPLATES.map((t) => t.key)).size).toBe(DEFAULT_TEMPLATES.length);
    expect(new Set(DEFAULT_TEMPLATES.map((t) => t.name.toLowerCase())).size).toBe(DEFAULT_TEMPLATES.length);
    for (const t of DEFAULT_TEMPLATES) expect(t.isDefault).toBe(true);
    for (const t of DEFAULT_TEMPLATES) expect(t.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("gives each template 6 to 10 questions, none repeated anywhere", () => {
    const all: string[] = [];
    for (const t of DEFAULT_TEMPLATES) {
      expect(t.templateQuestions.length, t.name).toBeGreaterThanOrEqual(6);
      expect(t.templateQuestions.length, t.name).toBeLessThanOrEqual(10);
      for (const q of t.templateQuestions) expect(q.trim().endsWith("?") || q.trim().endsWith("."), q).toBe(true);
      all.push(...t.templateQuestions.map((q) => q.toLowerCase()));
    }
    expect(new Set(all).size).toBe(all.length);
  });

  it("passes its own input schema unchanged (what seeding stores, the edit form accepts)", () => {
    for (const t of DEFAULT_TEMPLATES) {
      const parsed = templateInputSchema.parse({
        name: t.name,
        description: t.description,
        templateQuestions: [...t.templateQuestions],
      });
      expect(parsed).toEqual({ name: t.name, description: t.description, templateQuestions: [...t.templateQuestions] });
    }
  });
});

describe("templateInputSchema", () => {
  const valid = { name: "Sprint retro 1:1", description: "", templateQuestions: ["What went well?"] };

  it("trims, and defaults a missing description to empty", () => {
    expect(templateInputSchema.parse({ name: "  Quarterly  ", templateQuestions: ["  Why?  "] })).toEqual({
      name: "Quarterly",
      description: "",
      templateQuestions: ["Why?"],
    });
  });

  it("requires a name, with the field's message", () => {
    expect(fieldErrors({ ...valid, name: "   " })).toEqual([{ path: "name", message: "Name is required" }]);
    expect(fieldErrors({ description: "", templateQuestions: ["Q?"] })).toEqual([
      { path: "name", message: "Name is required" },
    ]);
  });

  it("refuses over-long names and questions", () => {
    expect(templateInputSchema.safeParse({ ...valid, name: "x".repeat(TEMPLATE_NAME_MAX) }).success).toBe(true);
    expect(fieldErrors({ ...valid, name: "x".repeat(TEMPLATE_NAME_MAX + 1) })).toEqual([
      { path: "name", message: `Names are at most ${TEMPLATE_NAME_MAX} characters` },
    ]);
    expect(fieldErrors({ ...valid, templateQuestions: ["ok?", "q".repeat(TEMPLATE_QUESTION_MAX + 1)] })).toEqual([
      { path: "templateQuestions.1", message: `Each question is at most ${TEMPLATE_QUESTION_MAX} characters` },
    ]);
  });

  it("needs 1 to 20 questions, none empty or repeated", () => {
    expect(fieldErrors({ ...valid, templateQuestions: [] })).toEqual([
      { path: "templateQuestions", message: "Add at least one agenda question" },
    ]);
    const many = Array.from({ length: TEMPLATE_QUESTIONS_MAX + 1 }, (_, i) => `Question ${i}?`);
    expect(fieldErrors({ ...valid, templateQuestions: many })).toEqual([
      { path: "templateQuestions", message: `At most ${TEMPLATE_QUESTIONS_MAX} agenda questions` },
    ]);
    expect(fieldErrors({ ...valid, templateQuestions: ["A?", " "] })).toEqual([
      { path: "templateQuestions.1", message: "Questions cannot be empty" },
    ]);
    expect(fieldErrors({ ...valid, templateQuestions: ["How are you?", "how are you? "] })).toEqual([
      { path: "templateQuestions.1", message: "This question is already on the agenda" },
    ]);
  });
});
