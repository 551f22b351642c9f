import type { Metadata } from "next";
import type { LucideIcon } from "lucide-react";
import { CalendarClock, CreditCard, Mail, ShieldCheck, UserRound, UsersRound } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { SettingsPanel } from "@/components/settings/settings-panel";
import { settingsSection, type SettingsHref } from "@/components/settings/sections";

type Session = NonNullable<Awaited<ReturnType<typeof currentSession>>>;

// Server-only: the icons stay out of the navigation's client code.
const ICONS: Record<SettingsHref, LucideIcon> = {
  "/settings": UserRound,
  "/settings/email": Mail,
  "/settings/schedule": CalendarClock,
  "/settings/anonymity": ShieldCheck,
  "/settings/users": UsersRound,
  "/settings/billing": CreditCard,
};

/** A section page's title: 'Email Settings · Settings'. */
export const sectionMetadata = (href: SettingsHref): Metadata => ({
  title: `${settingsSection(href).label} · Settings`,
});

/**
 * One Settings section page, the one way: the section's permission is asked before anything is
 * loaded (the navigation lists it only to roles holding it, and the page asks again), then the
 * section's content is rendered in its panel with the label, description and anchor of
 * SETTINGS_SECTIONS.
 */
export async function SettingsSectionPage({
  href,
  render,
}: {
  href: SettingsHref;
  render: (session: Session) => Promise<React.ReactNode> | React.ReactNode;
}) {
  const session = await currentSession();
  if (!session) return null;
  const section = settingsSection(href);
  // Under the settings layout's h1 'Settings', the refusal is the section's h2.
  if (section.permission && !can(session.ctx, section.permission))
    return <AccessRestricted feature={section.label} permission={section.permission} headingLevel="h2" />;
  return (
    <SettingsPanel id={section.anchor} title={section.label} description={section.description} icon={ICONS[href]}>
      {await render(session)}
    </SettingsPanel>
  );
}
