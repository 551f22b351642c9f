import { greeting } from "@/lib/mail/safe-name";
import { renderTemplate } from "@/lib/surveys/email-template";
import { personalise, renderMail, slot } from "./render";
import type { MailBrand, RenderedMail } from "./types";

const GREETING = slot("greeting");
const SUBJECT = slot("subject");

/**
 * The day-3 reminder of a survey round. It cannot know whether a person has answered, so it speaks
 * to both, and points to the first e-mail's link, the only one there is: it carries no link. It
 * names the survey by that e-mail's subject as the person got it (the template may name them).
 * Rendered once; each person's greeting and subject filled in.
 */
export async function surveyReminderMails(p: {
  brand: MailBrand;
  /** The workspace's checked template's subject (effectiveTemplate). */
  templateSubject: string;
  /** The day the survey was sent and when it closes, as the survey's e-mails name them. */
  sentOn: string;
  closing: string;
  people: { firstName: string | null }[];
}): Promise<RenderedMail[]> {
  if (p.people.length === 0) return [];
  const once = await renderMail({
    brand: p.brand,
    subject: `Reminder: ${SUBJECT}`,
    text: [
      GREETING,
      "",
      `Our survey is open until ${p.closing}. If you have already answered, thank you.`,
      "",
      `If not, your personal link is in the e-mail we sent on ${p.sentOn}, "${SUBJECT}"; it works until ${p.closing}.`,
      "",
      "Your answers are anonymous: nobody, us included, can tell who has answered, so this reminder goes to everyone who was asked.",
    ].join("\n"),
  });
  return p.people.map((u) =>
    personalise(once, {
      [GREETING]: greeting(u.firstName),
      [SUBJECT]: renderTemplate(p.templateSubject, { firstName: u.firstName ?? "", surveyLink: "" }),
    }),
  );
}
