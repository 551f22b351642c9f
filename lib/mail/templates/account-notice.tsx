import { greeting } from "@/lib/mail/safe-name";
import { renderMail, workspaceUrls } from "./render";
import type { MailBrand, RenderedMail } from "./types";

/** A change to a person's sign-in, role or sessions, told to them (lib/people/account-notices.ts
 * composes the lines of each kind). The workspace's URLs in the lines are its links. */
export async function accountNoticeMail(p: {
  brand: MailBrand;
  origin: string;
  firstName: string | null;
  subject: string;
  lines: string[];
}): Promise<RenderedMail> {
  const text = [greeting(p.firstName), "", ...p.lines].join("\n");
  return renderMail({ brand: p.brand, subject: p.subject, text, links: workspaceUrls(text, p.origin) });
}
