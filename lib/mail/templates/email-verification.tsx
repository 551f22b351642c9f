import { greeting } from "@/lib/mail/safe-name";
import { renderMail } from "./render";
import type { MailBrand, RenderedMail } from "./types";

/** The workspace's e-mail verification link, sent at signup and on request. */
export async function emailVerificationMail(p: {
  brand: MailBrand;
  product: string;
  workspaceName: string;
  firstName: string | null;
  link: string;
}): Promise<RenderedMail> {
  const { product, workspaceName: ws } = p;
  return renderMail({
    brand: p.brand,
    subject: `Confirm your e-mail address for ${ws} on ${product}`,
    text: [
      greeting(p.firstName),
      "",
      `Please confirm that this is your e-mail address, so that ${ws}'s workspace on ${product} can send e-mail to your team.`,
      "Until you do, invitations and survey e-mails to other people wait, and they are sent as soon as you confirm.",
      "",
      "Open this link within 7 days:",
      p.link,
      "",
      `If you did not sign up for ${product}, ignore this e-mail: nothing will be sent to anyone else.`,
    ].join("\n"),
    links: [p.link],
  });
}
