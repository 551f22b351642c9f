import { can } from "@/lib/auth/permissions";
import { getEmailSettings } from "@/lib/org/email-settings";
import { EmailSettings } from "@/components/settings/email-settings";
import { sectionMetadata, SettingsSectionPage } from "../section-page";

export const metadata = sectionMetadata("/settings/email");

// organization.view to see (the section's permission), organization.manage to change.
export default function EmailSettingsPage() {
  return (
    <SettingsSectionPage
      href="/settings/email"
      render={async ({ ctx }) => (
        <EmailSettings
          orgId={ctx.orgId}
          initial={await getEmailSettings(ctx)}
          canEdit={can(ctx, "organization.manage")}
        />
      )}
    />
  );
}
