// The weekly pulse's question bank, written by us (docs/decisions.md (Surveys and rounds)). Keys are stable: rollups,
// trends and the stress metric find items by them, so an item's key never changes once shipped;
// reword an item only in ways that keep its meaning.
import type { DimensionKey } from "@/lib/surveys/dimensions";
import { STRESS_ITEM_KEY } from "@/lib/surveys/scoring";

export type BankScaleItem = { bankKey: string; dimension: DimensionKey; type: "scale"; text: string };
export type BankEnpsItem = { bankKey: string; dimension: null; type: "enps"; text: string };
export type BankTextItem = { bankKey: string; dimension: null; type: "text"; text: string };
export type BankItem = BankScaleItem | BankEnpsItem | BankTextItem;

const scale = (dimension: DimensionKey, items: [key: string, text: string][]): BankScaleItem[] =>
  items.map(([key, text]) => ({
    bankKey: key.startsWith(`${dimension}_`) ? key : `${dimension}_${key}`,
    dimension,
    type: "scale",
    text,
  }));

/** 1-5 agreement statements, four per dimension. Agreeing is good for every item except the
 * stress item, whose scoring is reversed (lib/surveys/scoring.ts). */
export const SCALE_ITEMS: readonly BankScaleItem[] = [
  ...scale("overall", [
    ["energised", "I feel energised by the work I do here."],
    ["extra_mile", "I am willing to go the extra mile when my team needs it."],
    ["see_myself", "I see myself still working here in two years."],
    ["proud", "I am proud of the work my team delivered recently."],
  ]),
  ...scale("recognition", [
    ["recent", "In the past two weeks I received recognition for doing good work."],
    ["valued", "My contributions are valued by the people I work with."],
    ["fair", "Good work is noticed here, whoever does it."],
    ["celebrate", "My team takes time to celebrate its successes."],
  ]),
  ...scale("feedback", [
    ["useful", "The feedback I receive helps me do my job better."],
    ["regular", "I get feedback on my work often enough to know where I stand."],
    ["safe_to_give", "I feel safe giving honest feedback to my colleagues and my manager."],
    ["acted_on", "When I raise an idea or a concern, it is taken seriously."],
  ]),
  ...scale("relationship_with_peers", [
    ["support", "I can count on my colleagues to help when I am stuck."],
    ["trust", "I trust the people I work with most closely."],
    ["belong", "I feel I belong in my team."],
    ["disagree_well", "My team handles disagreements respectfully."],
  ]),
  ...scale("relationship_with_manager", [
    ["cares", "My manager cares about me as a person."],
    ["available", "My manager is available when I need guidance."],
    ["clear", "My manager is clear about what is expected of me."],
    ["advocate", "My manager supports me when decisions affect my work."],
  ]),
  ...scale("satisfaction", [
    ["tools", "I have the tools and resources I need to do my job well."],
    ["fair_pay", "I feel fairly rewarded for the work I do."],
    ["workload", "My workload is reasonable most weeks."],
    ["overall", "Overall, I am satisfied with my job."],
  ]),
  ...scale("alignment", [
    ["mission", "I understand how my work contributes to the company's goals."],
    ["priorities", "I know what the company's priorities are this quarter."],
    ["decisions", "Leadership explains the reasons behind important decisions."],
    ["values", "The way people act here matches the values the company states."],
  ]),
  ...scale("happiness", [
    ["enjoy", "I enjoyed most of my working days this week."],
    ["look_forward", "I look forward to starting work on Monday."],
    ["be_myself", "I can be myself at work."],
    ["mood", "The atmosphere in my team is positive."],
  ]),
  // Worded so that agreeing means MORE stress: it feeds the stress metric as scored and the
  // wellness dimension reversed.
  {
    bankKey: STRESS_ITEM_KEY,
    dimension: "wellness",
    type: "scale",
    text: "In the past week I often felt overwhelmed by stress at work.",
  },
  ...scale("wellness", [
    ["balance", "I can balance my work with my life outside work."],
    ["switch_off", "I am able to switch off from work in my free time."],
    ["rest", "I can take a break or time off when I need it without feeling guilty."],
  ]),
  ...scale("personal_growth", [
    ["learning", "I learned something new in my work recently."],
    ["path", "I can see a path to grow my career here."],
    ["stretch", "My work stretches me in ways that help me develop."],
    ["support", "The company supports me in developing my skills."],
  ]),
  ...scale("ambassadorship", [
    ["recommend_product", "I would recommend our products or services to a friend."],
    ["speak_well", "I speak positively about the company to people outside it."],
    ["refer", "I would encourage a friend with the right skills to apply here."],
    ["reputation", "I am proud to tell people where I work."],
  ]),
];

/** The employee Net Promoter question; {company} is replaced by the organisation's name. */
export const ENPS_ITEM: BankEnpsItem = {
  bankKey: "enps",
  dimension: null,
  type: "enps",
  text: "How likely are you to recommend {company} as a place to work?",
};

/** Open prompts, one a round, always optional. */
export const COMMENT_ITEMS: readonly BankTextItem[] = [
  {
    bankKey: "comment_improve",
    dimension: null,
    type: "text",
    text: "What is one thing that would make your work better next week?",
  },
  {
    bankKey: "comment_going_well",
    dimension: null,
    type: "text",
    text: "What is going well for you or your team right now?",
  },
  {
    bankKey: "comment_leadership",
    dimension: null,
    type: "text",
    text: "Is there anything you would like leadership to know?",
  },
  {
    bankKey: "comment_blocker",
    dimension: null,
    type: "text",
    text: "What is getting in the way of doing your best work?",
  },
  {
    bankKey: "comment_anything",
    dimension: null,
    type: "text",
    text: "Anything else on your mind? Share it anonymously.",
  },
];

export const QUESTION_BANK: readonly BankItem[] = [...SCALE_ITEMS, ENPS_ITEM, ...COMMENT_ITEMS];

export function scaleItemsOf(dimension: DimensionKey): BankScaleItem[] {
  return SCALE_ITEMS.filter((q) => q.dimension === dimension);
}

export const STRESS_ITEM: BankScaleItem = SCALE_ITEMS.find((q) => q.bankKey === STRESS_ITEM_KEY)!;

export function enpsText(companyName: string): string {
  return ENPS_ITEM.text.replace("{company}", companyName);
}
