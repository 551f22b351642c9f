import { can } from "@/lib/auth/permissions";
import { getOrganization } from "@/lib/org/organization";
import { anonymityDto } from "@/lib/org/anonymity-schemas";
import { AnonymityForm } from "@/components/settings/anonymity-form";
import { sectionMetadata, SettingsSectionPage } from "../section-page";

export const metadata = sectionMetadata("/settings/anonymity");

export default function AnonymitySettingsPage() {
  return (
    <SettingsSectionPage
      href="/settings/anonymity"
      render={async ({ ctx }) => {
        const org = await getOrganization(ctx, ctx.orgId);
        return (
          <AnonymityForm
            orgId={ctx.orgId}
            initial={anonymityDto(org.minGroupSize)}
            canEdit={can(ctx, "organization.manage")}
          />
        );
      }}
    />
  );
}
