import type { Metadata } from "next";
import { Upload } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";

export const metadata: Metadata = { title: "Bulk Import" };

export default function Page() {
  return (
    <>
      <PageHeader title="Bulk Import" subtitle="Bring many people in at once from a CSV file." />
      <SectionEmpty icon={Upload} title="Nothing imported yet" description="Upload a CSV file of your people to add them to this workspace." />
    </>
  );
}
