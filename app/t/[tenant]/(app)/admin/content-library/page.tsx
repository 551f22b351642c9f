import type { Metadata } from "next";
import { Library } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";
import { AccessRestricted } from "@/components/status/access-restricted";

export const metadata: Metadata = { title: "Leadership Content Library" };

// Admins of the organisation only (decisions.md); the server decides, not the navigation.
export default async function ContentLibraryPage() {
  const session = await currentSession();
  if (session?.ctx.role !== "admin") return <AccessRestricted />;
  return (
    <>
      <PageHeader title="Leadership Content Library" subtitle="Frameworks, methodologies and scripts for Boss Bot's knowledge base." />
      <SectionEmpty icon={Library} title="No content yet" description="Content you add here is used by Boss Bot when it coaches your managers." />
    </>
  );
}
