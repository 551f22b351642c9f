import { describe, expect, it } from "vitest";
import { isFollowUp, retrievalQuery } from "@/lib/coach/follow-up";

describe("follow-up questions", () => {
  it("recognises a question that leans on the conversation", () => {
    expect(isFollowUp("And what if he says everything is fine?")).toBe(true);
    expect(isFollowUp("What about her?")).toBe(true);
    expect(isFollowUp("Why?")).toBe(true);
    expect(isFollowUp("can i offer him something else instead")).toBe(true);
    expect(isFollowUp("My report Sam seems burned out and keeps working weekends")).toBe(false);
    expect(isFollowUp("How do I delegate more without micromanaging?")).toBe(false);
    expect(isFollowUp("Two people on my team keep clashing in meetings. How do I mediate?")).toBe(false);
  });

  it("searches a follow-up with the questions back to the one that set the subject", () => {
    const first = "How do I re-engage a team member who seems disengaged lately?";
    expect(retrievalQuery("And what if he says everything is fine?", [first])).toBe(
      `${first}\nAnd what if he says everything is fine?`,
    );
    expect(retrievalQuery("And then?", ["How do I run a retrospective?", first, "What if he refuses?"])).toBe(
      `${first}\nWhat if he refuses?\nAnd then?`,
    );
    // A question with its own subject is searched alone, whatever came before.
    expect(retrievalQuery("How do I delegate more without micromanaging?", [first])).toBe(
      "How do I delegate more without micromanaging?",
    );
    expect(retrievalQuery("And what if he says everything is fine?", [])).toBe(
      "And what if he says everything is fine?",
    );
  });
});
