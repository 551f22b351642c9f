import { greeting, safeName } from "@/lib/mail/safe-name";
import { personalise, renderMail, slot } from "./render";
import type { MailBrand, RenderedMail } from "./types";

type Invitee = { firstName: string | null; email: string; link: string };

const GREETING = slot("greeting");
const EMAIL = slot("email");
const LINK = slot("link");

/**
 * The invitations to choose a password, one per person (one, or a bulk import's thousands): the
 * message is rendered once and each person's greeting, address and link filled in (personalise).
 * `loginUrl` is the workspace's sign-in page; every link is on the workspace's origin.
 */
export async function peopleInvitationMails(p: {
  brand: MailBrand;
  product: string;
  workspaceName: string;
  inviterName: string | null;
  loginUrl: string;
  invitees: Invitee[];
}): Promise<RenderedMail[]> {
  if (p.invitees.length === 0) return [];
  const once = await renderMail({
    brand: p.brand,
    subject: `You're invited to ${p.workspaceName} on ${p.product}`,
    text: [
      GREETING,
      "",
      `${safeName(p.inviterName) ?? "Your administrator"} added you to ${p.workspaceName}'s workspace on ${p.product}, where your team answers a two-minute weekly pulse survey and shares feedback anonymously.`,
      "",
      "Open this link within 7 days to choose your password:",
      LINK,
      "",
      `After that, sign in at ${p.loginUrl} with ${EMAIL}.`,
    ].join("\n"),
    links: [LINK, p.loginUrl],
  });
  return p.invitees.map((u) =>
    personalise(once, { [GREETING]: greeting(u.firstName), [EMAIL]: u.email, [LINK]: u.link }),
  );
}
