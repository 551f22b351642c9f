import type { Metadata } from "next";
import { Library } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";
import { AccessRestricted } from "@/components/shell/access-restricted";

export const metadata: Metadata = { title: "Leadership Content Library" };

// library.manage: admins of the organisation (decisions.md); the server decides, not the navigation.
export default async function ContentLibraryPage() {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "library.manage")) return <AccessRestricted feature="The Content Library" permission="library.manage" />;
  return (
    <>
      <PageHeader title="Leadership Content Library" subtitle="Frameworks, methodologies and scripts for Boss Bot's knowledge base." />
      <SectionEmpty icon={Library} title="No content yet" description="Content you add here is used by Boss Bot when it coaches your managers." />
    </>
  );
}
