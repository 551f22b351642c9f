import { greeting, safeName } from "@/lib/mail/safe-name";
import { plural } from "@/lib/format";
import { mailTitle } from "./plan-due";
import { renderMail } from "./render";
import type { MailBrand, RenderedMail } from "./types";

export type DigestFocusArea = {
  teamName: string;
  label: string;
  /** 0-10, one decimal, already formatted; null when none may be shown. */
  score: string | null;
  /** 'Plan an action' for this team and dimension. */
  url: string;
};
export type DigestPlan = { title: string; dueDay: string; url: string };

/**
 * A manager's weekly look at what waits for action: their teams' focus areas that no plan
 * addresses yet, and their published plans past their due date. Sent only when either list has
 * something (the caller decides).
 */
export async function planDigestMail(p: {
  brand: MailBrand;
  firstName: string | null;
  focusAreas: DigestFocusArea[];
  overdue: DigestPlan[];
  /** The Commitments page. */
  listUrl: string;
}): Promise<RenderedMail> {
  const lines = [greeting(p.firstName), ""];
  if (p.focusAreas.length) {
    lines.push("Focus areas without an action plan:", "");
    for (const f of p.focusAreas) {
      const team = safeName(f.teamName) ?? "Your team";
      lines.push(`${team}: ${f.label}${f.score === null ? "" : ` (${f.score})`}. Plan an action: ${f.url}`);
    }
    lines.push("");
  }
  if (p.overdue.length) {
    lines.push("Action plans past their due date:", "");
    for (const plan of p.overdue) {
      const title = mailTitle(plan.title);
      lines.push(`${title ? `\u201c${title}\u201d` : "An action plan"}, due ${plan.dueDay}: ${plan.url}`);
    }
    lines.push("");
  }
  lines.push(`All your commitments: ${p.listUrl}`);
  const count = p.focusAreas.length + p.overdue.length;
  return renderMail({
    brand: p.brand,
    subject: `Action plans: ${plural(count, "thing")} to look at this week`,
    text: lines.join("\n"),
    links: [...p.focusAreas.map((f) => f.url), ...p.overdue.map((o) => o.url), p.listUrl],
    preview: `${plural(count, "thing")} waiting for action this week.`,
  });
}
