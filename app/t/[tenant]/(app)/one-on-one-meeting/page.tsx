import type { Metadata } from "next";
import { NotebookText } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";

export const metadata: Metadata = { title: "1:1 Meeting Review" };

export default function Page() {
  return (
    <>
      <PageHeader title="1:1 Meeting Review" subtitle="Review your employee's preparation before the meeting." />
      <SectionEmpty icon={NotebookText} title="No meeting selected" description="Open a scheduled meeting from 1:1 Meetings to review it." />
    </>
  );
}
