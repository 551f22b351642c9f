"use client";

import { useSyncExternalStore } from "react";
import { formatDate } from "@/lib/format";

const noop = () => () => {};
/** True once hydrated: dates are shown in the reader's time zone, which the server cannot know. */
export const useIsClient = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

/** A date and time in the reader's own time zone; in UTC, said so, until the page is hydrated. */
export function LocalTime({ iso }: { iso: string }) {
  const client = useIsClient();
  const text = client ? formatDate(iso, "dateTime") : `${formatDate(iso, "dateTime", "UTC")} UTC`;
  return <time dateTime={iso}>{text}</time>;
}
