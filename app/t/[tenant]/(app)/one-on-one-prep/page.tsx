import type { Metadata } from "next";
import { NotebookPen } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";

export const metadata: Metadata = { title: "1:1 Meeting Prep Form" };

export default function Page() {
  return (
    <>
      <PageHeader title="1:1 Meeting Prep Form" subtitle="Prepare for your next one-on-one." />
      <SectionEmpty icon={NotebookPen} title="No meeting to prepare" description="Open a scheduled meeting from 1:1 Meetings to fill its prep form." />
    </>
  );
}
