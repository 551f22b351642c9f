import { renderMail } from "./render";
import type { MailBrand, RenderedMail } from "./types";

/** A 1:1 invitation to the employee, with the calendar file attached by the caller: a new series or
 * meeting, one moved, or cancelled (one occurrence or the whole series). Names arrive already
 * passed through the name rule (lib/one-on-one/invitations.ts, mailName). */
export async function meetingCalendarMail(p: {
  brand: MailBrand;
  method: "REQUEST" | "CANCEL";
  scope: "series" | "occurrence";
  recurrence: "none" | "weekly" | "biweekly" | "monthly";
  /** "your manager" when the name may not be shown. */
  withManager: string;
  /** The same, opening a sentence ("Your manager"). */
  managerName: string;
  when: string;
  url: string;
}): Promise<RenderedMail> {
  const { withManager, managerName, when, url } = p;
  const repeats = p.recurrence === "none" ? "" : ` (${p.recurrence === "biweekly" ? "every two weeks" : p.recurrence})`;
  const [subject, text] =
    p.method === "CANCEL"
      ? p.scope === "series" && p.recurrence !== "none"
        ? [
            `Cancelled: your 1:1s with ${withManager}`,
            `${managerName} cancelled your recurring 1:1s${repeats}. The attached invitation removes them from your calendar.`,
          ]
        : [
            `Cancelled: 1:1 with ${withManager} on ${when}`,
            `${managerName} cancelled your 1:1 on ${when}. The attached invitation removes it from your calendar.`,
          ]
      : p.scope === "series"
        ? [
            `1:1 with ${withManager}: ${when}`,
            `${managerName} scheduled a 1:1 with you on ${when}${repeats}.\n\nPrepare and see the agenda in Pulsewell: ${url}\n\nThe attached invitation adds it to your calendar.`,
          ]
        : [
            `Moved: 1:1 with ${withManager} to ${when}`,
            `${managerName} moved your 1:1 to ${when}.\n\n${url}\n\nThe attached invitation updates your calendar.`,
          ];
  return renderMail({ brand: p.brand, subject, text, links: text.includes(url) ? [url] : [] });
}
