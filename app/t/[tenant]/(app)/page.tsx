import type { Metadata } from "next";
import { BarChart3 } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { PageHeader } from "@/components/layout/page-header";
import { SectionEmpty } from "@/components/layout/coming-next";
import { ScoreCard } from "@/components/dashboard/score-card";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const session = await currentSession();
  const firstName = session?.user.firstName.trim() || "there";
  return (
    <>
      <PageHeader title={`Welcome, ${firstName}`} subtitle="Your organisation's culture at a glance." />
      <div className="grid gap-4 sm:grid-cols-2">
        {/* No pulse results exist yet: the cards show '--' rather than invented numbers. */}
        <ScoreCard title="Overall eNPS Score" value={null} />
        <ScoreCard title="Overall Culture Score" value={null} />
      </div>
      <div className="mt-6">
        <SectionEmpty
          icon={BarChart3}
          title="No survey results yet"
          description="Scores, trends and emergency metrics appear here once your team has answered its first weekly pulse survey."
        />
      </div>
    </>
  );
}
