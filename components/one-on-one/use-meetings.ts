"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { Recurrence } from "@/lib/one-on-one/recurrence";
import type { MeetingDetail, MeetingListPage, SchedulablePerson } from "@/lib/one-on-one/dto";

/** The 1:1 screens' query keys, prefixes of each other: invalidating `all()` refreshes every 1:1
 * list and meeting; `meetings()` every list (after scheduling, rescheduling, cancelling). */
export const oneOnOneKeys = {
  all: () => ["one-on-one"] as const,
  meetings: () => ["one-on-one", "meetings"] as const,
  meetingList: (when: MeetingsWhen, personId: string) => ["one-on-one", "meetings", when, personId] as const,
  meeting: (meetingId: string) => ["one-on-one", "meeting", meetingId] as const,
  people: () => ["one-on-one", "people"] as const,
  templates: () => ["one-on-one", "templates"] as const,
} as const;

export type MeetingsWhen = "upcoming" | "past";

export function meetingsPath(when: MeetingsWhen, personId: string, cursor: string | null): string {
  const qs = new URLSearchParams({ when });
  if (personId) qs.set("personId", personId);
  if (cursor) qs.set("cursor", cursor);
  return `/api/meetings/one-on-one?${qs.toString()}`;
}

/** One of 'My Meetings' lists, page by page ('Load more' follows the server's cursor). `first`:
 * its first page as the server page read it, so the first render needs no fetch (a list already
 * in the cache wins over it; every change invalidates the lists as before). */
export function useMeetingList(when: MeetingsWhen, personId: string, first?: MeetingListPage) {
  return useInfiniteQuery({
    queryKey: oneOnOneKeys.meetingList(when, personId),
    queryFn: ({ pageParam, signal }) => apiFetch<MeetingListPage>(meetingsPath(when, personId, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: first ? { pages: [first], pageParams: [null] } : undefined,
  });
}

/** Whom the caller may schedule with (oneOnOnes.schedule only: pass enabled=false otherwise). */
export function useSchedulablePeople(enabled: boolean) {
  return useQuery({
    queryKey: oneOnOneKeys.people(),
    queryFn: ({ signal }) => apiFetch<SchedulablePerson[]>("/api/meetings/one-on-one/people", { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** POST /api/meetings/one-on-one's body (the brief's contract). */
export type ScheduleBody = {
  employeeId: string;
  templateId?: string;
  scheduledAt: string;
  timeZone: string;
  durationMinutes: number;
  recurrence: Recurrence;
};

export function useScheduleMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleBody) => apiFetch<MeetingDetail>("/api/meetings/one-on-one", { method: "POST", body }),
    onSuccess: async (meeting) => {
      queryClient.setQueryData(oneOnOneKeys.meeting(meeting.id), meeting);
      await queryClient.invalidateQueries({ queryKey: oneOnOneKeys.meetings() });
    },
  });
}
