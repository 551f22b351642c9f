import { describe, expect, it } from "vitest";
import { askedOf, validateAnswers, type AskedQuestion } from "@/lib/surveys/answer-rules";
import { DomainError } from "@/lib/errors/domain-error";
import { evaluateSurveyResults } from "@/lib/analytics/survey-results-view";
import { contributions } from "@/lib/surveys/scoring";
import { rollupTotals } from "@/lib/surveys/rollup-sums";
import { ORG_TEAM_ID } from "@/lib/surveys/send";

const TEAM = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";
const scale: AskedQuestion = { id: "q-scale", type: "scale", isRequired: true, options: [], audienceTeamId: null };
const happened: AskedQuestion = {
  id: "q-choice",
  type: "choice",
  isRequired: false,
  options: ["Yes", "Partly", "No"],
  audienceTeamId: TEAM,
};
const answer = (questionId: string, a: number | string) => ({ questionId, answer: a });

function fieldsOf(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError && err.kind === "invalid") return err.fields ?? {};
    throw err;
  }
  throw new Error("accepted");
}

describe("choice answers", () => {
  it("take an option's index", () => {
    for (const i of [0, 1, 2])
      expect(validateAnswers([scale, happened], [answer("q-scale", 4), answer("q-choice", i)])).toEqual([
        { questionId: "q-scale", value: 4, text: null },
        { questionId: "q-choice", value: i, text: null },
      ]);
  });

  it("refuse an index outside the options, a fraction, a negative number and text", () => {
    for (const bad of [3, 10, -1, 1.5, "Yes"])
      expect(
        fieldsOf(() => validateAnswers([scale, happened], [answer("q-scale", 4), answer("q-choice", bad)])),
      ).toEqual({ "responses.q-choice": ["Choose one of the options"] });
  });

  it("may be left out when not required, and are needed when required", () => {
    expect(validateAnswers([scale, happened], [answer("q-scale", 2)])).toHaveLength(1);
    expect(fieldsOf(() => validateAnswers([scale, { ...happened, isRequired: true }], [answer("q-scale", 2)]))).toEqual(
      {
        "responses.q-choice": ["This question needs an answer"],
      },
    );
  });

  it("score nothing: an index is not a value of any metric", () => {
    expect(contributions({ type: "choice", dimension: "recognition", bankKey: null }, 2)).toEqual([]);
  });

  it("are counted per option in the question's rollup", () => {
    const totals = rollupTotals(
      [0, 0, 1, 2, 2, 2].map((v) => ({ teamId: TEAM, answers: [{ questionId: "q-choice", value: v, text: null }] })),
      new Map([["q-choice", { type: "choice" as const, dimension: null, bankKey: null }]]),
    );
    expect(totals.questions.get(`${TEAM}|q-choice`)?.counts.slice(0, 3)).toEqual([2, 1, 3]);
    expect(totals.rollups.size).toBe(0);
  });
});

describe("team-only questions", () => {
  it("are asked of their team's invitations alone", () => {
    expect(askedOf(happened, TEAM)).toBe(true);
    expect(askedOf(happened, OTHER)).toBe(false);
    expect(askedOf(happened, null)).toBe(false);
    expect(askedOf(scale, null)).toBe(true);
  });

  it("refuse an answer from a link they were not asked of, like a question of another survey", () => {
    // The other team's link sees only the questions for everyone.
    const asked = [scale, happened].filter((q) => askedOf(q, OTHER));
    expect(fieldsOf(() => validateAnswers(asked, [answer("q-scale", 4), answer("q-choice", 0)]))).toEqual({
      "responses.q-choice": ["This question is not part of the survey"],
    });
  });

  it("require nothing of a link they are not asked of", () => {
    const required = { ...happened, isRequired: true };
    const asked = [scale, required].filter((q) => askedOf(q, OTHER));
    expect(validateAnswers(asked, [answer("q-scale", 4)])).toHaveLength(1);
  });
});

describe("a team-only choice question's results", () => {
  const questions = [
    { id: "q-scale", order: 1, type: "scale" as const, text: "Everyone", higherIsWorse: false },
    {
      id: "q-choice",
      order: 2,
      type: "choice" as const,
      text: "Did this action happen?",
      higherIsWorse: false,
      options: ["Yes", "Partly", "No"],
      audienceTeamId: TEAM,
    },
  ];
  const counts = (xs: number[]) => [...xs, ...Array<number>(11 - xs.length).fill(0)];
  const rows = (teamN: number, otherN: number) => [
    { teamId: TEAM, questionId: "q-scale", n: teamN, sum: teamN * 4, counts: counts([0, 0, 0, 0, teamN]) },
    { teamId: OTHER, questionId: "q-scale", n: otherN, sum: otherN * 4, counts: counts([0, 0, 0, 0, otherN]) },
    {
      teamId: ORG_TEAM_ID,
      questionId: "q-scale",
      n: teamN + otherN,
      sum: (teamN + otherN) * 4,
      counts: counts([0, 0, 0, 0, teamN + otherN]),
    },
    // The team-only question: the organisation's row holds the team's answers alone.
    { teamId: TEAM, questionId: "q-choice", n: teamN, sum: 1, counts: counts([teamN - 1, 1]) },
    { teamId: ORG_TEAM_ID, questionId: "q-choice", n: teamN, sum: 1, counts: counts([teamN - 1, 1]) },
  ];
  const evaluate = (teamN: number, otherN: number) =>
    evaluateSurveyResults({
      minGroupSize: 3,
      questions,
      participation: [
        { teamId: TEAM, invited: teamN, responded: teamN },
        { teamId: OTHER, invited: otherN, responded: otherN },
        { teamId: ORG_TEAM_ID, invited: teamN + otherN, responded: teamN + otherN },
      ],
      rollups: rows(teamN, otherN),
      allTeamIds: [TEAM, OTHER],
      wanted: [
        { id: ORG_TEAM_ID, name: "All employees" },
        { id: TEAM, name: "Team" },
        { id: OTHER, name: "Other" },
      ],
    });

  it("show the split by option for the team and the organisation when the team may be shown", () => {
    const [org, team, other] = evaluate(4, 5);
    const choiceOf = (g: typeof org) => g!.questions.find((q) => q.id === "q-choice");
    expect(choiceOf(team)).toMatchObject({
      type: "choice",
      reason: null,
      stats: {
        n: 4,
        options: [
          { label: "Yes", count: 3, percent: 75 },
          { label: "Partly", count: 1, percent: 25 },
          { label: "No", count: 0, percent: 0 },
        ],
      },
    });
    expect(choiceOf(org)).toMatchObject({ reason: null, stats: { n: 4 } });
    // Not the other team's question.
    expect(choiceOf(other)).toBeUndefined();
  });

  it("hide the organisation's row whenever the team's is hidden, although the organisation has the minimum", () => {
    // The other team has 2 respondents: hidden, and the team (4) with it, or 2 could be worked
    // out by subtraction. The organisation (6) is shown, but its row of the team-only question
    // would be the hidden team's answers.
    const [org, team] = evaluate(4, 2);
    expect(team!.reason).toBe("complementary");
    expect(org!.reason).toBeNull();
    expect(org!.questions.find((q) => q.id === "q-scale")).toMatchObject({ reason: null });
    expect(org!.questions.find((q) => q.id === "q-choice")).toMatchObject({ reason: "complementary", stats: null });
  });
});
