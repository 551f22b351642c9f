import type { Metadata } from "next";
import { Mail } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { getEmailSettings } from "@/lib/org/email-settings";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { EmailSettings } from "@/components/settings/email-settings";
import { SettingsPanel } from "@/components/settings/settings-panel";

export const metadata: Metadata = { title: "Email Settings · Settings" };

// organization.view to see, organization.manage to change (the one permission map).
export default async function EmailSettingsPage() {
  const session = await currentSession();
  if (!session) return null;
  const { ctx } = session;
  if (!can(ctx, "organization.view")) return <AccessRestricted feature="Email Settings" permission="organization.view" />;
  const emailSettings = await getEmailSettings(ctx);
  return (
    <SettingsPanel id="email-settings" title="Email Settings" description="The invitation e-mail sent with each survey." icon={Mail}>
      <EmailSettings orgId={ctx.orgId} initial={emailSettings} canEdit={can(ctx, "organization.manage")} />
    </SettingsPanel>
  );
}
