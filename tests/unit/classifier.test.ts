import { describe, expect, it } from "vitest";
import {
  analyzeContent,
  contentAnalysisSchema,
  contentTypeOf,
  priorityOf,
  tagsOf,
  titleOf,
} from "@/lib/library/classifier";
import { categorizeBodySchema } from "@/lib/library/classifier/schemas";
import { evaluate } from "@/lib/library/classifier/evaluate";
import { TRAINING_DATA } from "@/lib/library/classifier/training-data";
import { CATEGORIES } from "@/lib/library/schemas";
import { HELDOUT } from "@/tests/fixtures/classifier-heldout";

describe("offline classifier: held-out accuracy", () => {
  it("has at least 8 held-out and 12 training passages per category, none shared", () => {
    for (const c of CATEGORIES) {
      expect(HELDOUT.filter((h) => h.category === c).length).toBeGreaterThanOrEqual(8);
      expect(TRAINING_DATA.filter((t) => t.category === c).length).toBeGreaterThanOrEqual(12);
    }
    const training = new Set(TRAINING_DATA.map((t) => t.text));
    expect(HELDOUT.filter((h) => training.has(h.text))).toEqual([]);
  });

  it("labels the category of at least 85 % of the held-out set", () => {
    const r = evaluate(HELDOUT, analyzeContent);
    expect(r.categoryAccuracy).toBeGreaterThanOrEqual(0.85);
  });
});

describe("offline classifier: rules", () => {
  it("takes the title from the first markdown heading, else the first sentence within 80 characters", () => {
    expect(titleOf("Some intro line\n\n## Running a *skip-level* meeting\nBody text.")).toBe(
      "Running a skip-level meeting",
    );
    // The built-in items' generic headings are not titles.
    expect(titleOf("## Situation\nA report has gone quiet in meetings. More text follows.")).toBe(
      "A report has gone quiet in meetings",
    );
    const long =
      "When a team member who used to contribute a lot suddenly goes quiet in every single meeting for weeks, ask privately. Then more.";
    const t = titleOf(long);
    expect(t.length).toBeLessThanOrEqual(80);
    expect(long.startsWith(t)).toBe(true);
    expect(long.charAt(t.length)).toBe(" ");
  });

  it("recognises scripts, templates, chapters, videos and frameworks", () => {
    expect(
      contentTypeOf(
        'Say this: "I noticed you were quiet in the last three meetings and I wanted to check in with you."',
      ),
    ).toBe("script");
    expect(contentTypeOf("Check-in form\n1. Wins this week:\n2. Blockers:\n3. Help needed:\n4. Goals:")).toBe(
      "template",
    );
    expect(contentTypeOf("Chapter 3: Listening as a leader\nThis chapter covers...")).toBe("book_chapter");
    expect(contentTypeOf("A great talk on feedback: https://www.youtube.com/watch?v=abc123")).toBe("video_link");
    expect(contentTypeOf("The LEAD model has four stages: listen, empathise, agree, decide.")).toBe("framework");
  });

  it("gives 3 to 6 lower-case key phrases from the text", () => {
    const text =
      "Burnout on remote teams: watch for exhaustion, late-night messages and cancelled holidays. Burnout grows when workload stays high; reduce workload before praising effort. Exhaustion is the first sign.";
    const tags = tagsOf(text);
    expect(tags.length).toBeGreaterThanOrEqual(3);
    expect(tags.length).toBeLessThanOrEqual(6);
    for (const t of tags) {
      expect(t).toBe(t.toLowerCase());
      expect(text.toLowerCase().replace(/-/g, " ")).toContain(t);
    }
    expect(tags).toEqual(expect.arrayContaining(["burnout", "workload"]));
  });

  it("scores priority by the stated rule", () => {
    expect(priorityOf("difficult_conversations", "script")).toBe(4);
    expect(priorityOf("conflict_resolution", "framework")).toBe(4);
    expect(priorityOf("communication", "methodology")).toBe(3);
    expect(priorityOf("team_building", "video_link")).toBe(2);
  });

  it("answers the shape the route promises, for odd input too", () => {
    for (const text of ["x", "!!! ???", "## \n\n", "a".repeat(20_000), "Ünïcödé 日本語のテキスト 🎉 feedback"]) {
      expect(contentAnalysisSchema.safeParse(analyzeContent(text)).success).toBe(true);
    }
  });

  it("refuses blank content with a clear message", () => {
    const r = categorizeBodySchema.safeParse({ content: "   \n " });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("Please enter some content to analyse");
    expect(categorizeBodySchema.safeParse({ content: "x".repeat(20_001) }).success).toBe(false);
  });
});
