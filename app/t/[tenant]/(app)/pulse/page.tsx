import type { Metadata } from "next";
import { Activity } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";

export const metadata: Metadata = { title: "Pulse Overview" };

export default function Page() {
  return (
    <>
      <PageHeader title="Pulse Overview" subtitle="Participation, eNPS and every culture dimension by team." />
      <SectionEmpty icon={Activity} title="No pulse data yet" description="Team scores appear here after the first weekly pulse survey closes." />
    </>
  );
}
