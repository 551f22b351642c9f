import { greeting } from "@/lib/mail/safe-name";
import { renderMail } from "./render";
import type { MailBrand, RenderedMail } from "./types";

/** To each admin once a checkout has set up the workspace's subscription: the plan, when the first
 * charge happens, and the link to the billing settings. */
export async function subscriptionConfirmedMail(p: {
  brand: MailBrand;
  firstName: string | null;
  product: string;
  /** "10 seats × $6 = $60 / month" */
  plan: string;
  /** The trial's last day, formatted in the workspace's zone; null when the first charge is made now. */
  firstChargeDay: string | null;
  link: string;
}): Promise<RenderedMail> {
  const workspace = p.brand.companyName;
  return renderMail({
    brand: p.brand,
    subject: `Your ${p.product} subscription for ${workspace} is set up`,
    text: [
      greeting(p.firstName),
      "",
      `Thank you for subscribing. ${workspace}'s ${p.product} subscription is set up: ${p.plan}.`,
      p.firstChargeDay
        ? `The first charge is on ${p.firstChargeDay}, when the free trial ends.`
        : "The first charge has been made.",
      "",
      "To see your plan, change seats or download invoices, open:",
      p.link,
    ].join("\n"),
    links: [p.link],
  });
}
