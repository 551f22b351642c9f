import { MeetingListSkeleton } from "@/components/one-on-one/meeting-list";

// While a 1:1 page's session check runs: outlines, not a spinner. Neutral (no title), since it
// also covers /one-on-one/{meetingId} unless that segment has its own.
export default function Loading() {
  return (
    <div aria-busy="true" data-testid="one-on-one-loading">
      <div className="mb-4 h-4 w-36 animate-pulse rounded bg-slate-100" />
      <div className="mb-6 h-8 w-56 animate-pulse rounded bg-slate-200" />
      <div className="mb-4 h-11 w-80 max-w-full animate-pulse rounded-lg bg-slate-100" />
      <MeetingListSkeleton />
    </div>
  );
}
