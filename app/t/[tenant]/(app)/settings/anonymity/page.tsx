import type { Metadata } from "next";
import { ShieldCheck } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { getOrganization } from "@/lib/org/organization";
import { anonymityDto } from "@/lib/org/anonymity-schema";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { AnonymityForm } from "@/components/settings/anonymity-form";
import { SettingsPanel } from "@/components/settings/settings-panel";

export const metadata: Metadata = { title: "Anonymity · Settings" };

export default async function AnonymitySettingsPage() {
  const session = await currentSession();
  if (!session) return null;
  const { ctx } = session;
  if (!can(ctx, "organization.view")) return <AccessRestricted feature="Anonymity" permission="organization.view" />;
  const org = await getOrganization(ctx, ctx.orgId);
  return (
    <SettingsPanel id="anonymity" title="Anonymity" description="The smallest group whose survey results are shown." icon={ShieldCheck}>
      <AnonymityForm orgId={ctx.orgId} initial={anonymityDto(org.minGroupSize)} canEdit={can(ctx, "organization.manage")} />
    </SettingsPanel>
  );
}
