import type { Metadata } from "next";
import { LineChart } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";

export const metadata: Metadata = { title: "Reports" };

export default function Page() {
  return (
    <>
      <PageHeader title="Reports" subtitle="Culture, engagement and eNPS over time." />
      <SectionEmpty icon={LineChart} title="No reports yet" description="Reports are built from pulse survey answers; none have arrived in this workspace yet." />
    </>
  );
}
