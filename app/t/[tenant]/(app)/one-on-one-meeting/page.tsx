import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { meetingPage } from "@/components/one-on-one/meeting-page-gate";
import { MeetingReview } from "@/components/one-on-one/meeting-review";

export const metadata: Metadata = { title: "1:1 Meeting Review" };

// The review is the meeting's manager's: the employee, outside it, sees 'Meeting Not Found' too.
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  return meetingPage(searchParams, ({ ctx, id, meeting }) => (
    <MeetingReview key={id} meetingId={id} initial={meeting} canUseCoach={can(ctx, "coach.use")} />
  ));
}
