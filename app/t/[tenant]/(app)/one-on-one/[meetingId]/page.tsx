import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { MeetingDetailPage } from "@/components/one-on-one/meeting-detail";
import { isMeetingId, MeetingNotFound } from "@/components/one-on-one/meeting-not-found";

export const metadata: Metadata = { title: "1:1 Meeting" };

// oneOnOnes.use: every role; the server answers 404 to anyone outside the pair, shown as 'Meeting Not Found'.
export default async function Page({ params }: { params: Promise<{ meetingId: string }> }) {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "oneOnOnes.use")) return <AccessRestricted feature="1:1 Meetings" permission="oneOnOnes.use" />;
  const { meetingId } = await params;
  const id = meetingId.toLowerCase();
  if (!isMeetingId(id)) return <MeetingNotFound />;
  return <MeetingDetailPage key={id} meetingId={id} userId={session.user.id} />;
}
