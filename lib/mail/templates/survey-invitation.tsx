import { firstNameOr } from "@/lib/mail/safe-name";
import { renderTemplate } from "@/lib/surveys/email-template";
import { personalise, renderMail, slot } from "./render";
import type { MailBrand, RenderedMail } from "./types";

const FIRST_NAME = slot("firstName");

/**
 * A survey round's invitations: the workspace's checked template (effectiveTemplate), its
 * {{surveyLink}} the survey's link with SURVEY_TOKEN_PLACEHOLDER for the token delivery issues
 * (lib/surveys/link-token.ts). The admin's message is plain text: it becomes paragraphs, and the
 * survey link is its only link, in the HTML exactly where it is in the text. Rendered once; each
 * person's first name is filled in as renderTemplate would ("there" for a name that may not be shown).
 */
export async function surveyInvitationMails(p: {
  brand: MailBrand;
  template: { subject: string; body: string };
  link: string;
  people: { firstName: string | null }[];
}): Promise<RenderedMail[]> {
  if (p.people.length === 0) return [];
  const vars = { firstName: FIRST_NAME, surveyLink: p.link };
  const once = await renderMail({
    brand: p.brand,
    subject: renderTemplate(p.template.subject, vars),
    text: renderTemplate(p.template.body, vars),
    links: [p.link],
    preview: `${p.brand.companyName}: ${renderTemplate(p.template.subject, vars)}`,
  });
  return p.people.map((u) => personalise(once, { [FIRST_NAME]: firstNameOr(u.firstName, "there") }));
}
