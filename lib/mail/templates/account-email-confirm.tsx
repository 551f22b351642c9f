import { greeting } from "@/lib/mail/safe-name";
import { renderMail } from "./render";
import type { MailBrand, RenderedMail } from "./types";

/** The confirmation link for a new sign-in address, sent to that address. */
export async function accountEmailConfirmMail(p: {
  brand: MailBrand;
  product: string;
  firstName: string | null;
  newEmail: string;
  oldEmail: string;
  link: string;
}): Promise<RenderedMail> {
  return renderMail({
    brand: p.brand,
    subject: `Confirm your new ${p.product} e-mail`,
    text: [
      greeting(p.firstName),
      "",
      `You asked to sign in to ${p.product} with ${p.newEmail} instead of ${p.oldEmail}.`,
      "Open this link within 24 hours, signed in to your account, to confirm:",
      p.link,
      "",
      "If you did not ask for this, ignore this e-mail; nothing changes.",
    ].join("\n"),
    links: [p.link],
  });
}
