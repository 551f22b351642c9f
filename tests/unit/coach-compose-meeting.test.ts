import { describe, expect, it } from "vitest";
import { composeAnswer } from "@/lib/coach/engine/compose";
import { meetingSentences, meetingTalkingPoints } from "@/lib/coach/meeting-words";
import { meetingContextSchema, type MeetingContext } from "@/lib/coach/meeting-context";
import { buildSystemPrompt } from "@/lib/coach/prompt";
import { grounding, item, section } from "./coach-compose-support";

// A conversation about a 1:1: whose it is and when, what the employee wrote in their own words,
// mood and stress with their trend, talking points, a script that names the employee and opens
// with one of their prep points. Never an id, a timestamp or a field name.

const DANA: MeetingContext = meetingContextSchema.parse({
  employeeFirstName: "Dana",
  when: "Tuesday 2 December",
  past: false,
  prep: {
    mood: 2,
    stress: 4,
    previousMood: 4,
    previousStress: 2,
    moodTrend: "down",
    stressTrend: "up",
    wins: "Shipped the billing migration a week early.",
    challenges: "I'm stuck waiting on the data team for the export API and it blocks my sprint goals.",
    goals: "Lead the next integration project.",
    feedback: "",
    workload: "Working most evenings to keep up with support tickets.",
    career: "",
    teamDynamics: "",
    notes: "",
  },
  openActions: [
    { text: "Send Dana the promotion criteria", owner: "manager", due: "Friday 28 November" },
    { text: "Draft the export API proposal", owner: "employee", due: null },
  ],
  suggestions: [
    { title: "Stress is up", suggestion: "Ask what changed and what could come off their plate.", priority: "high" },
  ],
});

const QUESTION = "Help me prepare for my 1:1 with Dana";
const ISO = /\d{4}-\d{2}-\d{2}T/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const FIELD =
  /\b(?:wins|challenges|goals|feedback|workload|career|teamDynamics|notes|mood|stress|previousMood|moodTrend):|workloadConcerns|careerDevelopment|additionalNotes|meetingId|employeeName|employeeFirstName|openActions|\b[a-z]+[A-Z][a-z]+[A-Za-z]*\b/;

function meetingAnswer(mc: MeetingContext, items = [item("pw-workload-overwhelm", 1, 0.8)]) {
  return composeAnswer(grounding(items, { personName: mc.employeeFirstName, meeting: mc }), {
    question: QUESTION,
    earlier: [],
  });
}

describe("a 1:1 in words", () => {
  it("names the employee, quotes one prep point in the script, and prints no id, timestamp or field name", () => {
    const text = meetingAnswer(DANA);
    const situation = section(text, "Situation");
    expect(situation).toMatch(/^This is about your coming 1:1 with Dana on Tuesday 2 December\./);
    expect(situation).toContain("mood 2 of 5, down from 4 at your previous 1:1; stress 4 of 5, up from 2");
    expect(situation).toContain(
      "“I'm stuck waiting on the data team for the export API and it blocks my sprint goals”",
    );
    expect(situation).toContain("“Shipped the billing migration a week early”");
    const script = section(text, "Script");
    expect(script).toMatch(/^> Dana, /);
    expect(script).toContain("I'm stuck waiting on the data team");
    for (const bad of [ISO, UUID, FIELD]) expect(text).not.toMatch(bad);
  });

  it("puts talking points between Approach and Script: open items with owner and due date, suggestions, questions from the prep form", () => {
    const text = meetingAnswer(DANA);
    const order = ["**Situation**", "**Approach**", "**Talking points**", "**Script**", "**Next steps**"].map((h) =>
      text.indexOf(h),
    );
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    const points = section(text, "Talking points");
    expect(points).toContain("Still open on your side: “Send Dana the promotion criteria”, due Friday 28 November.");
    expect(points).toContain("Still open on Dana's side: “Draft the export API proposal”, with no due date.");
    expect(points).toContain("Stress is up: Ask what changed");
    const questions = points.split("\n").filter((l) => /^\d+\. Ask Dana: /.test(l));
    expect(questions.length).toBeGreaterThanOrEqual(2);
    expect(questions.length).toBeLessThanOrEqual(3);
    expect(questions.some((q) => q.includes("‘I'm stuck waiting on the data team"))).toBe(true);
  });

  it("quotes only what the employee filled in", () => {
    const words = meetingSentences(DANA).join(" ");
    expect(words).not.toMatch(/career|feedback for you|about the team|also noted/i);
    expect(words).toContain("What Dana wants to achieve: “Lead the next integration project”.");
  });

  it("without a prep form says so and still gives talking points and a question to ask", () => {
    const mc = { ...DANA, prep: null, past: true };
    expect(meetingSentences(mc)).toEqual([
      "This is about your 1:1 with Dana on Tuesday 2 December, which has taken place.",
      "Dana has not submitted a prep form for it, so there is nothing in their own words yet.",
    ]);
    expect(meetingTalkingPoints(mc).at(-1)).toMatch(/^Ask Dana: “How are things going for you/);
  });

  it("with nothing in the library, still gives the meeting's situation and talking points, then says the library has nothing specific", () => {
    const text = meetingAnswer(DANA, []);
    expect(section(text, "Situation")).toContain("This is about your coming 1:1 with Dana");
    expect(section(text, "Approach")).toMatch(/^The library holds nothing specific on this yet/);
    expect(section(text, "Talking points")).toContain("Send Dana the promotion criteria");
    expect(section(text, "Script")).toMatch(/^> Dana, /);
    expect(text).not.toMatch(/\[\d+\]/);
    for (const bad of [ISO, UUID, FIELD]) expect(text).not.toMatch(bad);
  });

  it("gives the OpenAI-compatible model the same words", () => {
    const prompt = buildSystemPrompt(
      grounding([item("pw-workload-overwhelm", 1, 0.8)], { personName: "Dana", meeting: DANA }),
    );
    for (const s of meetingSentences(DANA)) expect(prompt).toContain(s);
    for (const p of meetingTalkingPoints(DANA)) expect(prompt).toContain(`- ${p}`);
    for (const bad of [ISO, UUID, FIELD]) expect(prompt).not.toMatch(bad);
  });
});
