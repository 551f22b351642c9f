import { currentSession } from "@/lib/auth/current-session";
import { getOrganization } from "@/lib/org/organization";
import { PageHeader } from "@/components/layout/page-header";
import { SettingsNav } from "@/components/settings/settings-nav";
import { settingsSectionsFor } from "@/components/settings/sections";

// Settings: one page per section (its own address and title), with the sections this role may
// open listed beside it on desktop and above it on a phone.
export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  const session = await currentSession();
  if (!session) return null;
  const { ctx } = session;
  const org = await getOrganization(ctx, ctx.orgId);
  return (
    <>
      <PageHeader title="Settings" subtitle={org ? `${org.name} · ${org.subdomain}` : undefined} />
      <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <SettingsNav sections={settingsSectionsFor(ctx.role)} />
        <div className="min-w-0">{children}</div>
      </div>
    </>
  );
}
