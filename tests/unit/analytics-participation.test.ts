import { describe, expect, it } from "vitest";
import { evaluateRound, ORG_GROUP, type RoundInput } from "@/lib/analytics/rounds";
import { participationOver, scopeInvitedCells, type InvitedCell } from "@/lib/analytics/view";
import { hiddenRoundsText, rateText } from "@/components/analytics/participation-text";

// A team of 4 ("m") beside a team of 5 ("e") and 3 people in no team, min 3: one round per call.
function round(id: string, mAnswers: number): RoundInput {
  return {
    id,
    minGroupSize: 3,
    sentAt: new Date("2026-11-16T09:00:00Z"),
    participation: [
      { teamId: ORG_GROUP, invited: 12, responded: mAnswers + 8 },
      { teamId: "m", invited: 4, responded: mAnswers },
      { teamId: "e", invited: 5, responded: 5 },
    ],
    rollups: [],
  };
}
const cellsOf = (r: RoundInput): InvitedCell[] =>
  scopeInvitedCells({ orgWide: false, teams: [{ id: "m", name: "M", managerId: null, memberCount: 4 }] }, r, [
    "m",
    "e",
  ]);

describe("participation over a period", () => {
  it("counts the invitations of every round, shown or hidden, and marks the rate a floor", () => {
    const cells = [round("a", 4), round("b", 4), round("c", 2), round("d", 4)].flatMap(cellsOf);
    expect(cells.map((c) => [c.invited, c.cell.reason])).toEqual([
      [4, null],
      [4, null],
      [4, "below-minimum"],
      [4, null],
    ]);
    // Shown rounds alone would read 12 of 12, 100%.
    expect(participationOver(cells)).toEqual({
      rate: 75,
      atLeast: true,
      rounds: 4,
      hiddenRounds: 1,
      hiddenReason: "below-minimum",
    });
  });

  it("gives the same figure whatever the hidden round's answers (0, 1 or 2 of 4)", () => {
    const figures = [0, 1, 2].map((n) => participationOver([round("a", 4), round("b", n)].flatMap(cellsOf)));
    expect(new Set(figures.map((f) => JSON.stringify(f))).size).toBe(1);
    expect(figures[0]).toMatchObject({ rate: 50, atLeast: true, hiddenRounds: 1 });
  });

  it("has no rate when every round was hidden, and an exact one when none was", () => {
    expect(participationOver([round("a", 1), round("b", 2)].flatMap(cellsOf))).toEqual({
      rate: null,
      atLeast: false,
      rounds: 2,
      hiddenRounds: 2,
      hiddenReason: "below-minimum",
    });
    expect(participationOver([round("a", 3), round("b", 4)].flatMap(cellsOf))).toEqual({
      rate: 88,
      atLeast: false,
      rounds: 2,
      hiddenRounds: 0,
      hiddenReason: null,
    });
    expect(participationOver([])).toEqual({
      rate: null,
      atLeast: false,
      rounds: 0,
      hiddenRounds: 0,
      hiddenReason: null,
    });
  });

  it("leaves out rounds the group was not invited to, and tells mixed reasons apart", () => {
    const notInvited = { roundId: "x", cell: evaluateRound(round("x", 4), ["m", "e"]).teams.get("m")!, invited: 0 };
    const complementary = {
      ...notInvited,
      roundId: "y",
      invited: 4,
      cell: { ...notInvited.cell, reason: "complementary" as const },
    };
    const below = cellsOf(round("z", 1));
    expect(participationOver([notInvited, complementary, ...below])).toMatchObject({
      rate: null,
      rounds: 2,
      hiddenRounds: 2,
      hiddenReason: "mixed",
    });
  });
});

describe("participation texts", () => {
  it("reads as the issue asks", () => {
    expect(rateText(75, true, "response rate")).toBe("At least 75% response rate");
    expect(rateText(80, false, "response rate")).toBe("80% response rate");
    expect(hiddenRoundsText({ rounds: 4, hiddenRounds: 1, hiddenReason: "below-minimum" }, 3)).toBe(
      "1 of 4 rounds hidden (fewer than 3 answers)",
    );
    expect(hiddenRoundsText({ rounds: 1, hiddenRounds: 1, hiddenReason: "complementary" }, 3)).toBe(
      "1 of 1 round hidden (so that a smaller group cannot be worked out)",
    );
    expect(hiddenRoundsText({ rounds: 3, hiddenRounds: 2, hiddenReason: "mixed" }, 5)).toBe(
      "2 of 3 rounds hidden (for anonymity)",
    );
    expect(hiddenRoundsText({ rounds: 3, hiddenRounds: 0, hiddenReason: null }, 3)).toBeNull();
  });
});
