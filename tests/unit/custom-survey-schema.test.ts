import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeInstant, customSurveySchema, type CustomSurveyRequest } from "@/lib/surveys/custom-schemas";

const NOW = new Date("2026-03-02T10:00:00Z");
const TEAM = "5b1c0a52-3f0e-4c8e-9f3c-0d6a1f2b3c4d";
const DAY = 24 * 60 * 60 * 1000;

const valid = (over: Partial<CustomSurveyRequest> = {}): CustomSurveyRequest => ({
  title: "Return to office",
  questions: [{ type: "scale", text: "I have what I need at the office.", isRequired: true }],
  audience: { all: true },
  send: { now: true },
  ...over,
});

/** Field path -> messages, as the API wrapper reports them. */
function errors(input: unknown): Record<string, string[]> {
  const r = customSurveySchema.safeParse(input);
  const out: Record<string, string[]> = {};
  if (!r.success) for (const i of r.error.issues) (out[i.path.join(".")] ??= []).push(i.message);
  return out;
}

beforeEach(() => vi.useFakeTimers({ now: NOW, toFake: ["Date"] }));
afterEach(() => vi.useRealTimers());

describe("customSurveySchema", () => {
  it("accepts a survey for everyone sent now, and trims texts", () => {
    const r = customSurveySchema.parse(valid({ title: "  Hybrid work  " }));
    expect(r).toMatchObject({ title: "Hybrid work", audience: { all: true }, send: { now: true } });
  });

  it("needs a title of 1 to 200 characters", () => {
    expect(errors(valid({ title: "  " }))).toEqual({ title: ["Enter a title"] });
    expect(errors(valid({ title: "x".repeat(201) }))).toEqual({ title: ["The title is at most 200 characters"] });
    expect(errors(valid({ title: "x".repeat(200) }))).toEqual({});
  });

  it("needs 1 to 30 questions", () => {
    expect(errors(valid({ questions: [] }))).toEqual({ questions: ["Add at least one question"] });
    const q = { type: "text" as const, text: "Anything else?", isRequired: false };
    expect(errors(valid({ questions: Array.from({ length: 31 }, () => q) }))).toEqual({
      questions: ["A survey has at most 30 questions"],
    });
    expect(errors(valid({ questions: Array.from({ length: 30 }, () => q) }))).toEqual({});
  });

  it("checks each question's type, text and required flag, on that question", () => {
    const questions = [
      { type: "enps", text: "How likely are you to recommend us?", isRequired: true },
      { type: "rating", text: "x", isRequired: true },
      { type: "scale", text: " ", isRequired: true },
      { type: "text", text: "y".repeat(501), isRequired: false },
      { type: "text", text: "ok", isRequired: "yes" },
    ];
    const e = errors({ ...valid(), questions });
    expect(Object.keys(e).sort()).toEqual([
      "questions.1.type",
      "questions.2.text",
      "questions.3.text",
      "questions.4.isRequired",
    ]);
    expect(e["questions.1.type"]).toEqual(["Choose Scale 1-5, eNPS 0-10 or Text"]);
    expect(e["questions.2.text"]).toEqual(["Enter the question"]);
    expect(e["questions.3.text"]).toEqual(["A question is at most 500 characters"]);
  });

  it("takes chosen teams, without duplicates, and needs at least one", () => {
    expect(customSurveySchema.parse(valid({ audience: { teamIds: [TEAM, TEAM] } })).audience).toEqual({
      teamIds: [TEAM],
    });
    expect(errors(valid({ audience: { teamIds: [] } }))).toEqual({ "audience.teamIds": ["Choose at least one team"] });
    expect(errors(valid({ audience: {} }))).toEqual({ "audience.teamIds": ["Choose at least one team"] });
    expect(errors(valid({ audience: { teamIds: ["not-a-team"] } }))).toEqual({
      "audience.teamIds.0": ["Unknown team"],
    });
    expect(errors(valid({ audience: { all: true, teamIds: [TEAM] } }))).toEqual({
      "audience.teamIds": ["Choose everyone or some teams, not both"],
    });
  });

  it("schedules a send in the future, at most 90 days ahead", () => {
    const at = new Date(NOW.getTime() + DAY);
    expect(customSurveySchema.parse(valid({ send: { at: at.toISOString() } })).send).toEqual({ at });
    // Any offset is fine: it names one instant.
    expect(customSurveySchema.parse(valid({ send: { at: "2026-03-03T09:00:00+02:00" } })).send).toEqual({
      at: new Date("2026-03-03T07:00:00Z"),
    });
    expect(errors(valid({ send: { at: new Date(NOW.getTime() - 60_000).toISOString() } }))).toEqual({
      "send.at": ["The send time must be in the future"],
    });
    expect(errors(valid({ send: { at: NOW.toISOString() } }))).toEqual({
      "send.at": ["The send time must be in the future"],
    });
    expect(errors(valid({ send: { at: new Date(NOW.getTime() + 90 * DAY).toISOString() } }))).toEqual({});
    expect(errors(valid({ send: { at: new Date(NOW.getTime() + 90 * DAY + 60_000).toISOString() } }))).toEqual({
      "send.at": ["The send time can be at most 90 days ahead"],
    });
  });

  it("refuses a missing, malformed or contradictory send time", () => {
    expect(errors(valid({ send: {} }))).toEqual({ "send.at": ["Choose when to send the survey"] });
    expect(errors(valid({ send: { at: "tomorrow" } }))).toMatchObject({ "send.at": ["Choose a valid date and time"] });
    expect(errors(valid({ send: { at: "2026-03-03T09:00" } }))).toMatchObject({
      "send.at": ["Choose a valid date and time"],
    });
    expect(errors(valid({ send: { now: true, at: new Date(NOW.getTime() + DAY).toISOString() } }))).toEqual({
      "send.at": ["Send now or at a time, not both"],
    });
  });

  it("stays open 7 days unless told, 1 to 30 whole days", () => {
    expect(customSurveySchema.parse(valid()).openDays).toBe(7);
    expect(customSurveySchema.parse(valid({ openDays: 1 })).openDays).toBe(1);
    expect(customSurveySchema.parse(valid({ openDays: 30 })).openDays).toBe(30);
    const message = { openDays: ["A survey stays open 1 to 30 days"] };
    for (const openDays of [0, 31, -3, 1.5, Number.NaN])
      expect(errors(valid({ openDays })), String(openDays)).toEqual(message);
    expect(errors({ ...valid(), openDays: "14" })).toEqual(message);
    expect(errors({ ...valid(), openDays: null })).toEqual(message);
  });

  it("closes whole days after the send time", () => {
    expect(closeInstant(NOW, 14)).toEqual(new Date("2026-03-16T10:00:00Z"));
    expect(closeInstant(NOW, 1).getTime() - NOW.getTime()).toBe(DAY);
  });
});
