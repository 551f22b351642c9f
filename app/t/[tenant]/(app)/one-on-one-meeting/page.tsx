import type { Metadata } from "next";
import { NotebookText } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";
import { AccessRestricted } from "@/components/shell/access-restricted";

export const metadata: Metadata = { title: "1:1 Meeting Review" };

// oneOnOnes.use: every role, each in its part (decisions.md); the map decides, as everywhere.
export default async function Page() {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "oneOnOnes.use")) return <AccessRestricted feature="1:1 Meetings" permission="oneOnOnes.use" />;
  return (
    <>
      <PageHeader title="1:1 Meeting Review" subtitle="Review your employee's preparation before the meeting." />
      <SectionEmpty icon={NotebookText} title="No meeting selected" description="Open a scheduled meeting from 1:1 Meetings to review it." />
    </>
  );
}
