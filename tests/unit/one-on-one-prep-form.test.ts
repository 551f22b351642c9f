import { describe, expect, it } from "vitest";

import {
  DEFAULT_MOOD,
  DEFAULT_STRESS_LEVEL,
  PREP_FORM_MAX_BODY_BYTES,
  PREP_TEXT_FIELDS,
  PREP_TEXT_MAX,
  emptyPrepForm,
  prepFormDraftSchema,
  prepFormSubmitBodySchema,
  prepFormSubmitSchema,
  withPrepDefaults,
} from "@/lib/one-on-one/prep-form";

type Issue = { path: string; message: string };
const issuesOf = (
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  input: unknown,
): Issue[] => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error("expected the input to be refused");
  return r.error!.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
};

describe("prep form defaults", () => {
  it("starts mood at 4 and stress at 3 with empty texts", () => {
    expect(DEFAULT_MOOD).toBe(4);
    expect(DEFAULT_STRESS_LEVEL).toBe(3);
    const form = emptyPrepForm();
    expect(form.mood).toBe(4);
    expect(form.stressLevel).toBe(3);
    for (const f of PREP_TEXT_FIELDS) expect(form[f]).toBe("");
  });

  it("fills an empty submission with the defaults", () => {
    expect(prepFormSubmitSchema.parse({})).toEqual(emptyPrepForm());
  });

  it("lays a draft over the defaults", () => {
    expect(withPrepDefaults({ wins: "Shipped", stressLevel: 5 })).toEqual({
      ...emptyPrepForm(),
      wins: "Shipped",
      stressLevel: 5,
    });
  });

  it("takes only the form's fields from a stored form, so it passes the strict submit schema", () => {
    const stored = {
      id: "3f1c0f0e-8d7c-4c5e-9a3b-1f2e3d4c5b6a",
      meetingId: "3f1c0f0e-8d7c-4c5e-9a3b-1f2e3d4c5b6b",
      submittedAt: null,
      updatedAt: "2026-11-24T10:00:00.000Z",
      wins: "Shipped",
      mood: 2,
    };
    const form = withPrepDefaults(stored as never);
    expect(form).toEqual({ ...emptyPrepForm(), wins: "Shipped", mood: 2 });
    expect(prepFormSubmitSchema.safeParse(form).success).toBe(true);
  });
});

describe("mood and stress", () => {
  it.each([1, 3, 5])("accepts %i", (v) => {
    expect(prepFormSubmitSchema.parse({ mood: v, stressLevel: v })).toMatchObject({ mood: v, stressLevel: v });
  });

  it("refuses a mood of 6 with the field's message", () => {
    expect(issuesOf(prepFormSubmitSchema, { mood: 6 })).toEqual([
      { path: "mood", message: "Mood must be a whole number from 1 to 5" },
    ]);
    expect(issuesOf(prepFormDraftSchema, { mood: 6 })).toEqual([
      { path: "mood", message: "Mood must be a whole number from 1 to 5" },
    ]);
  });

  it("refuses 0, 2.5 and text for stress", () => {
    const msg = "Stress level must be a whole number from 1 to 5";
    expect(issuesOf(prepFormSubmitSchema, { stressLevel: 0 })).toEqual([{ path: "stressLevel", message: msg }]);
    expect(issuesOf(prepFormSubmitSchema, { stressLevel: 2.5 })).toEqual([{ path: "stressLevel", message: msg }]);
    expect(issuesOf(prepFormSubmitSchema, { stressLevel: "3" })).toEqual([{ path: "stressLevel", message: msg }]);
  });
});

describe("text fields", () => {
  it("refuses a 100 KB note with the field's message, in a draft and at submit", () => {
    const note = "x".repeat(100 * 1024);
    const expected = [
      {
        path: "additionalNotes",
        message: `Additional notes is at most ${PREP_TEXT_MAX.toLocaleString("en-US")} characters`,
      },
    ];
    expect(issuesOf(prepFormSubmitSchema, { additionalNotes: note })).toEqual(expected);
    expect(issuesOf(prepFormDraftSchema, { additionalNotes: note })).toEqual(expected);
  });

  it("allows exactly the maximum in every text field, and refuses one more", () => {
    const full = Object.fromEntries(PREP_TEXT_FIELDS.map((f) => [f, "€".repeat(PREP_TEXT_MAX)]));
    expect(prepFormSubmitSchema.safeParse(full).success).toBe(true);
    // The whole form at the limit in 3-byte characters, as UTF-8 JSON, still fits the body size the route should use.
    expect(Buffer.byteLength(JSON.stringify(full))).toBeLessThan(PREP_FORM_MAX_BODY_BYTES);
    expect(issuesOf(prepFormSubmitSchema, { workloadConcerns: "a".repeat(PREP_TEXT_MAX + 1) })[0]!.path).toBe(
      "workloadConcerns",
    );
  });

  it("trims text, and refuses a number where text belongs", () => {
    expect(prepFormSubmitSchema.parse({ wins: "  Launched the beta \n" }).wins).toBe("Launched the beta");
    expect(issuesOf(prepFormSubmitSchema, { feedback: 42 })).toEqual([
      { path: "feedback", message: "Feedback for manager must be text" },
    ]);
  });

  it("refuses unknown fields rather than dropping them", () => {
    expect(issuesOf(prepFormDraftSchema, { winz: "typo" })[0]!.message).toMatch(/winz/);
  });
});

describe("draft and submit bodies", () => {
  it("lets a draft carry any subset, keeping absent fields absent", () => {
    expect(prepFormDraftSchema.parse({ goals: "Finish onboarding" })).toEqual({ goals: "Finish onboarding" });
    expect(prepFormDraftSchema.parse({})).toEqual({});
  });

  it("needs a meeting id on the submit body", () => {
    expect(issuesOf(prepFormSubmitBodySchema, {})).toEqual([{ path: "meetingId", message: "Meeting not found" }]);
    const id = "3f1c2a7e-8d4b-4c6a-9e2f-1a2b3c4d5e6f";
    expect(prepFormSubmitBodySchema.parse({ meetingId: id, mood: 2 })).toMatchObject({
      meetingId: id,
      mood: 2,
      stressLevel: 3,
    });
  });
});
