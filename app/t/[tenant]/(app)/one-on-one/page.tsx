import type { Metadata } from "next";
import { CalendarDays } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";

export const metadata: Metadata = { title: "1:1 Meetings" };

export default function Page() {
  return (
    <>
      <PageHeader title="1:1 Meetings" subtitle="Plan, prepare and record your one-on-ones." />
      <SectionEmpty icon={CalendarDays} title="No meetings yet" description="Scheduled 1:1 meetings with your team will be listed here." />
    </>
  );
}
