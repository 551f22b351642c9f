import { renderMail } from "./render";
import type { MailBrand, RenderedMail } from "./types";

/** The day-before reminder of a 1:1: the employee's points to the prep form, the manager's to the
 * agenda and the employee's prep. Names arrive already passed through the name rule. */
export async function meetingReminderMail(
  p: { brand: MailBrand; when: string; url: string } & (
    | { to: "employee"; withManager: string; managerFirstName: string }
    | { to: "manager"; withReport: string; reportPossessive: string }
  ),
): Promise<RenderedMail> {
  const [subject, text] =
    p.to === "employee"
      ? [
          `Reminder: 1:1 with ${p.withManager} on ${p.when}`,
          `Your 1:1 with ${p.withManager} is on ${p.when}.\n\nPrepare for it: fill in your prep form so ${p.managerFirstName} can read it beforehand:\n${p.url}`,
        ]
      : [
          `Reminder: 1:1 with ${p.withReport} on ${p.when}`,
          `Your 1:1 with ${p.withReport} is on ${p.when}.\n\nThe agenda and ${p.reportPossessive} prep form: ${p.url}`,
        ];
  return renderMail({ brand: p.brand, subject, text, links: [p.url] });
}
