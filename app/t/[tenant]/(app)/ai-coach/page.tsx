import type { Metadata } from "next";
import { Bot } from "lucide-react";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";

export const metadata: Metadata = { title: "Boss Bot" };

export default function Page() {
  return (
    <>
      <PageHeader title="Boss Bot" subtitle="Your private leadership coach." />
      <SectionEmpty icon={Bot} title="No conversations yet. Start a new chat!" description="Conversations are private: managers, HR and administrators cannot access them." />
    </>
  );
}
