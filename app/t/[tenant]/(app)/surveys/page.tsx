import type { Metadata } from "next";
import { ClipboardList } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";

export const metadata: Metadata = { title: "Surveys" };

export default function Page() {
  return (
    <>
      <PageHeader title="Surveys" subtitle="Monitor pulse results and manage culture surveys" />
      <SectionEmpty icon={ClipboardList} title="No surveys yet" description="Weekly pulse surveys and their results will be listed here once the first one is sent." />
    </>
  );
}
