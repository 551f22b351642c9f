import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { MeetingsPage } from "@/components/one-on-one/meetings-page";
import { meetingsTab } from "@/components/one-on-one/format";
import { listMeetingSeries } from "@/lib/one-on-one/meetings";

export const metadata: Metadata = { title: "1:1 Meetings" };

// oneOnOnes.use: every role, each in its part (docs/decisions.md (Roles and permissions)); which tabs show is read from
// the same map (schedule, templates), and the routes refuse the same roles again.
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "oneOnOnes.use")) return <AccessRestricted feature="1:1 Meetings" permission="oneOnOnes.use" />;
  const { tab } = await searchParams;
  // The first page of upcoming meetings a series a row, read as GET /api/meetings/one-on-one?view=series
  // reads it, so the first HTML lists them (the largest paint must not wait for the scripts and a fetch).
  const upcoming = await listMeetingSeries(session.ctx, { when: "upcoming", view: "series" });
  return (
    <MeetingsPage
      orgId={session.ctx.orgId}
      canSchedule={can(session.ctx, "oneOnOnes.schedule")}
      canManageTemplates={can(session.ctx, "oneOnOnes.templates")}
      initialTab={meetingsTab(tab)}
      upcoming={upcoming}
    />
  );
}
