import { describe, expect, it } from "vitest";
import { detectSafety, safetyVerdict, type SafetyKind } from "@/lib/coach/safety";

const POSITIVE: [string, SafetyKind][] = [
  ["One of my reports told me she wants to kill herself", "self_harm"],
  ["I think Sam may be suicidal, what do I do?", "self_harm"],
  ["An engineer mentioned self-harm in our 1:1", "self_harm"],
  ["He said there is no point in living anymore", "self_harm"],
  ["My report said he wants to die", "self_harm"],
  ["She told me she has been hurting herself", "self_harm"],
  ["I'm worried he might take his own life", "self_harm"],
  ["A colleague overdosed last weekend and is back at work", "self_harm"],
  ["I feel like I want to hurt myself", "self_harm"],
  ["A teammate threatened to hurt another teammate", "violence"],
  ["Someone punched a colleague in the warehouse", "violence"],
  ["Two people got into a physical fight in the office", "violence"],
  ["An employee brought a knife to work", "violence"],
  ["How do I handle workplace violence?", "violence"],
  ["My report told me about domestic violence at home", "violence"],
  ["He threatened to kill his manager", "violence"],
  ["A customer assaulted a teammate during a visit", "violence"],
  ["A report says her manager sexually harassed her", "harassment"],
  ["How do I deal with harassment complaints?", "harassment"],
  ["One of my people is being bullied by a senior engineer", "harassment"],
  ["Someone keeps making inappropriate advances at the office party", "harassment"],
  ["A colleague is stalking her after work", "harassment"],
  ["Team members complain about a hostile work environment", "harassment"],
  ["She reports unwanted touching by a client", "harassment"],
  ["I think my team lead is discriminating against older workers", "discrimination"],
  ["A report heard racist jokes in the team chat", "discrimination"],
  ["Someone used a slur in standup", "discrimination"],
  ["He was passed over because she is pregnant, or so she says", "discrimination"],
  ["Is our promotion process discriminatory?", "discrimination"],
  ["A sexist comment was made in a meeting", "discrimination"],
  ["An employee threatened a lawsuit over his review", "legal"],
  ["A former employee says she will sue the company", "legal"],
  ["Should I talk to a lawyer before firing someone?", "legal"],
  ["Could this be wrongful termination?", "legal"],
  ["One of my reports wants to be a whistleblower", "legal"],
  ["I suspect fraud in expense reports", "legal"],
  ["Is it legal to ask about their health?", "legal"],
  ["An employment tribunal letter arrived", "legal"],
];

const NEGATIVE: string[] = [
  "How do I handle a disengaged report?",
  "We need to kill the project before it eats the quarter",
  "Shoot me an email with the agenda",
  "I'm dying to know how to run better retros",
  "How do I give feedback to Sue about her code reviews?",
  "Our team attacks the backlog every Monday",
  "How do I deliver a performance review that is honest but kind?",
  "My team's morale dropped after the reorganisation",
  "How should I coach a new manager on delegation?",
  "The deadline is killing us, how do I protect focus time?",
  "What's a good framework for one-on-ones?",
  "How do I run a legal-pad brainstorm?",
  "Someone on my team keeps missing deadlines",
  "How do I recognise a high performer without favouritism?",
  "Our engagement scores went down, what now?",
  "How do I say no to my boss?",
  "The build server keeps failing our tests",
  "How can I help Alex prepare for a promotion?",
  "How do I hit our targets this quarter?",
  "What's the best way to handle conflict between two engineers?",
  "How do I kill the meeting culture on my team?",
  "Let's fight for more budget next year",
  "She is pregnant and I want to plan her handover well",
];

describe("safety screen", () => {
  it("has at least 40 labelled examples", () => {
    expect(POSITIVE.length + NEGATIVE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(POSITIVE)("flags %s", (text, kind) => {
    expect(detectSafety(text)).toBe(kind);
  });

  it.each(NEGATIVE.map((t) => [t]))("does not flag %s", (text) => {
    expect(detectSafety(text)).toBeNull();
  });

  it("the careful answer points to emergency help, the EAP and HR for self-harm, without library guidance", () => {
    const v = safetyVerdict("My report said she wants to end her life")!;
    expect(v.kind).toBe("self_harm");
    expect(v.careful).toMatch(/emergency number/);
    expect(v.careful).toMatch(/employee assistance programme/);
    expect(v.careful).toMatch(/\bHR\b/);
    expect(v.continueWithGuidance).toBe(false);
  });

  it("harassment and legal answers point to HR and allow library guidance after the careful part", () => {
    const h = safetyVerdict("A report says she is being harassed by a peer")!;
    expect(h.kind).toBe("harassment");
    expect(h.careful).toMatch(/\bHR\b/);
    expect(h.continueWithGuidance).toBe(true);
    const l = safetyVerdict("He says he will sue us")!;
    expect(l.kind).toBe("legal");
    expect(l.careful).toMatch(/legal advice/);
  });
});
