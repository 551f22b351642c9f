import type { Metadata } from "next";
import { NotebookPen } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";
import { AccessRestricted } from "@/components/shell/access-restricted";

export const metadata: Metadata = { title: "1:1 Meeting Prep Form" };

// oneOnOnes.use: every role, each in its part (decisions.md); the map decides, as everywhere.
export default async function Page() {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "oneOnOnes.use")) return <AccessRestricted feature="1:1 Meetings" permission="oneOnOnes.use" />;
  return (
    <>
      <PageHeader title="1:1 Meeting Prep Form" subtitle="Prepare for your next one-on-one." />
      <SectionEmpty icon={NotebookPen} title="No meeting to prepare" description="Open a scheduled meeting from 1:1 Meetings to fill its prep form." />
    </>
  );
}
