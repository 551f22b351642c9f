import { greeting } from "@/lib/mail/safe-name";
import { mailTitle } from "./plan-due";
import { renderMail } from "./render";
import type { MailBrand, RenderedMail } from "./types";

/** A check-back's survey has closed: the plan's owner is told the result is on the plan's page.
 * The message carries no figure: who may see which figure is the page's rule (the minimum group
 * and the viewer rule), and it may read 'not enough answers yet'. */
export async function planCheckBackResultMail(p: {
  brand: MailBrand;
  firstName: string | null;
  planTitle: string;
  /** 30, 60 or 90. */
  days: number;
  url: string;
}): Promise<RenderedMail> {
  const plan = mailTitle(p.planTitle);
  return renderMail({
    brand: p.brand,
    subject: plan ? `Check-back closed: ${plan}` : "Your action plan's check-back has closed",
    text: [
      greeting(p.firstName),
      "",
      `The ${p.days}-day check-back of your action plan${plan ? ` \u201c${plan}\u201d` : ""} has closed.`,
      "",
      `See whether the score moved and whether the action happened: ${p.url}`,
    ].join("\n"),
    links: [p.url],
  });
}
