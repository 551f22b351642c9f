import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { isDomainError } from "@/lib/errors/domain-error";
import { getMeetingDetail } from "@/lib/one-on-one/meetings";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { MeetingDetailPage } from "@/components/one-on-one/meeting-detail";
import { isMeetingId, MeetingNotFound } from "@/components/one-on-one/meeting-not-found";

export const metadata: Metadata = { title: "1:1 Meeting" };

// oneOnOnes.use: every role; anyone outside the pair gets 'Meeting Not Found' (the API's 404).
// The meeting is read here, through the same function as GET /api/meetings/one-on-one/meeting/{id},
// so the first HTML shows it (the largest paint must not wait for the scripts and a fetch); the
// page's query starts from it and takes over from there.
export default async function Page({ params }: { params: Promise<{ meetingId: string }> }) {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "oneOnOnes.use")) return <AccessRestricted feature="1:1 Meetings" permission="oneOnOnes.use" />;
  const { meetingId } = await params;
  const id = meetingId.toLowerCase();
  if (!isMeetingId(id)) return <MeetingNotFound />;
  const meeting = await getMeetingDetail(session.ctx, id).catch((err: unknown) => {
    if (isDomainError(err) && err.kind === "not_found") return null;
    throw err;
  });
  if (!meeting) return <MeetingNotFound />;
  return <MeetingDetailPage key={id} meetingId={id} userId={session.user.id} initial={meeting} />;
}
