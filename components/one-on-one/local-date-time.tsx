"use client";

import { useIsClient } from "@/components/surveys/local-time";
import { formatMeetingDateTime } from "@/components/one-on-one/format";

/**
 * A meeting's date and time in the viewer's time zone. The server cannot know that zone, so until
 * the page is hydrated it renders the UTC reading, said so; the client then renders its own (no
 * hydration mismatch: the first client render matches the server's).
 */
export function MeetingDateTime({
  iso,
  format = formatMeetingDateTime,
  className,
}: {
  iso: string;
  format?: (iso: string, timeZone?: string) => string;
  className?: string;
}) {
  const client = useIsClient();
  const text = client ? format(iso) : `${format(iso, "UTC")} UTC`;
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}
