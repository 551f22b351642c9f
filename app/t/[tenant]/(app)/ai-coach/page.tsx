import type { Metadata } from "next";
import { Bot } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";
import { AccessRestricted } from "@/components/shell/access-restricted";

export const metadata: Metadata = { title: "Boss Bot" };

// coach.use (decisions.md: admins and managers, each with their own chats; employees none).
export default async function Page() {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "coach.use")) return <AccessRestricted feature="Boss Bot" permission="coach.use" />;
  return (
    <>
      <PageHeader title="Boss Bot" subtitle="Your private leadership coach." />
      <SectionEmpty icon={Bot} title="No conversations yet. Start a new chat!" description="Conversations are private: managers, HR and administrators cannot access them." />
    </>
  );
}
