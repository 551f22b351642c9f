import { greeting, safeName } from "@/lib/mail/safe-name";
import { renderMail } from "./render";
import type { MailBrand, RenderedMail } from "./types";

/** A plan's title or step as a message quotes it, or null when it could act as a link or markup
 * there: titles are free text, held to the name rule only here. */
export const mailTitle = (title: string): string | null => safeName(title);

/** "today", or "on 3 November 2026" for a day already past (the caller formats the day). */
export type DueWhen = { today: true } | { today: false; day: string };
const dueText = (when: DueWhen) => (when.today ? "today" : `on ${when.day}`);
const isDue = (when: DueWhen) => (when.today ? "is due today" : `was due ${dueText(when)}`);

/**
 * An action plan's deadline told to whoever answers for it: a step's owner (the plan's owner when
 * the step has none) when the step falls due, or the plan's owner when the plan itself does. The
 * link opens the plan, where the step is ticked or the plan ended or moved.
 */
export async function planDueMail(
  p: { brand: MailBrand; firstName: string | null; planTitle: string; when: DueWhen; url: string } & (
    { what: "step"; stepTitle: string } | { what: "plan" }
  ),
): Promise<RenderedMail> {
  const plan = mailTitle(p.planTitle);
  const planRef = plan ? `the action plan \u201c${plan}\u201d` : "an action plan";
  if (p.what === "step") {
    const step = mailTitle(p.stepTitle);
    return renderMail({
      brand: p.brand,
      subject: step ? `Step due: ${step}` : "A step of your action plan is due",
      text: [
        greeting(p.firstName),
        "",
        `A step of ${planRef} ${isDue(p.when)}${step ? `: ${step}` : ""}.`,
        "",
        `When it is done, tick it on the plan: ${p.url}`,
      ].join("\n"),
      links: [p.url],
    });
  }
  return renderMail({
    brand: p.brand,
    subject: plan ? `Action plan due: ${plan}` : "Your action plan is due",
    text: [
      greeting(p.firstName),
      "",
      `Your action plan${plan ? ` \u201c${plan}\u201d` : ""} ${isDue(p.when)}.`,
      "",
      `Mark it done, give it a new due date, or see how far its steps got: ${p.url}`,
    ].join("\n"),
    links: [p.url],
  });
}
