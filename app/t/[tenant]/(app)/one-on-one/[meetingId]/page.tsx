import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { meetingForPage } from "@/lib/one-on-one/meeting-for-page";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { MeetingDetailPage } from "@/components/one-on-one/meeting-detail";
import { isMeetingId, MeetingNotFound } from "@/components/one-on-one/meeting-not-found";

export const metadata: Metadata = { title: "1:1 Meeting" };

// oneOnOnes.use: every role; anyone outside the pair gets 'Meeting Not Found' (the API's 404).
// The meeting is read here (meetingForPage) and seeds the page's query.
export default async function Page({ params }: { params: Promise<{ meetingId: string }> }) {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "oneOnOnes.use")) return <AccessRestricted feature="1:1 Meetings" permission="oneOnOnes.use" />;
  const { meetingId } = await params;
  const id = meetingId.toLowerCase();
  if (!isMeetingId(id)) return <MeetingNotFound />;
  const meeting = await meetingForPage(session.ctx, id);
  if (!meeting) return <MeetingNotFound />;
  return <MeetingDetailPage key={id} meetingId={id} userId={session.user.id} initial={meeting} />;
}
