import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { meetingForPage } from "@/lib/one-on-one/meeting-for-page";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { isMeetingId, MeetingNotFound } from "@/components/one-on-one/meeting-not-found";
import { MeetingReview } from "@/components/one-on-one/meeting-review";

export const metadata: Metadata = { title: "1:1 Meeting Review" };

// oneOnOnes.use: every role; the review is the meeting's manager's (the server answers 404 to
// anyone outside the pair, and the page shows 'Meeting Not Found' to the employee too).
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "oneOnOnes.use")) return <AccessRestricted feature="1:1 Meetings" permission="oneOnOnes.use" />;
  const raw = (await searchParams).meetingId;
  const id = typeof raw === "string" ? raw.toLowerCase() : null;
  if (!isMeetingId(id)) return <MeetingNotFound />;
  // Read here (meetingForPage), so the first HTML shows the meeting; it seeds the page's query.
  const meeting = await meetingForPage(session.ctx, id);
  if (!meeting) return <MeetingNotFound />;
  return <MeetingReview key={id} meetingId={id} initial={meeting} canUseCoach={can(session.ctx, "coach.use")} />;
}
