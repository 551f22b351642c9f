"use client";

import { useSyncExternalStore } from "react";

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
  const d = new Date(iso);
  const text = client
    ? d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
    : `${d.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;
  return <time dateTime={iso}>{text}</time>;
}
