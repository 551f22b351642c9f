import { greeting } from "@/lib/mail/safe-name";
import { renderMail } from "./render";
import type { MailBrand, RenderedMail } from "./types";

/** A billing event told to an admin (lib/billing/notices.ts writes each kind's lines); the last
 * line is the link to the billing settings. */
export async function billingNoticeMail(p: {
  brand: MailBrand;
  firstName: string | null;
  subject: string;
  body: string[];
  link: string;
}): Promise<RenderedMail> {
  return renderMail({
    brand: p.brand,
    subject: p.subject,
    text: [greeting(p.firstName), "", ...p.body, p.link].join("\n"),
    links: [p.link],
  });
}
