import { greeting } from "@/lib/mail/safe-name";
import { renderMail } from "./render";
import type { MailBrand, RenderedMail } from "./types";

/** The password-reset link, valid an hour. */
export async function passwordResetMail(p: {
  brand: MailBrand;
  product: string;
  firstName: string | null;
  link: string;
}): Promise<RenderedMail> {
  return renderMail({
    brand: p.brand,
    subject: `Reset your ${p.product} password`,
    text: [
      greeting(p.firstName),
      "",
      `Someone (hopefully you) asked to reset the password of your ${p.product} account.`,
      "Open this link within an hour to choose a new one:",
      p.link,
      "",
      "If you did not ask for this, ignore this e-mail; your password stays as it is.",
    ].join("\n"),
    links: [p.link],
  });
}
