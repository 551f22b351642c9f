import { oneLine, safeName } from "@/lib/mail/safe-name";
import { DEFAULT_ACCENT_COLOR, type MailBrand } from "@/lib/mail/templates/types";

// Shared by the server (mailBrand) and the E-mail settings preview, so both show the same look.

/** An accent colour as stored: #rrggbb. Anything else (older rows, hand edits) is not used, so
 * nothing but a colour ever reaches a style attribute. */
export const ACCENT_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** The brand of an organisation row. A company name that fails the name rule (it could act as a
 * link in a mail client: "collector.example") is shown as "Your workspace" instead, as people's
 * names are (lib/mail/safe-name.ts). */
export function brandOf(org: { name: string; accentColor: string | null }): MailBrand {
  return {
    companyName: safeName(oneLine(org.name)) ?? "Your workspace",
    accentColor:
      org.accentColor && ACCENT_COLOR_PATTERN.test(org.accentColor)
        ? org.accentColor.toLowerCase()
        : DEFAULT_ACCENT_COLOR,
  };
}
