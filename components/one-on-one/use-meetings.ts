"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { Recurrence } from "@/lib/one-on-one/recurrence";
import type { MeetingDetail, MeetingListPage, MeetingSeriesPage, SchedulablePerson } from "@/lib/one-on-one/dto";

/** The 1:1 screens' query keys, prefixes of each other: invalidating `all()` refreshes every 1:1
 * list and meeting; `meetings()` every list (after scheduling, rescheduling, cancelling). */
export const oneOnOneKeys = {
  all: () => ["one-on-one"] as const,
  meetings: () => ["one-on-one", "meetings"] as const,
  seriesList: (when: MeetingsWhen, personId: string) => ["one-on-one", "meetings", "series", when, personId] as const,
  seriesMeetings: (seriesId: string, when: MeetingsWhen) =>
    ["one-on-one", "meetings", "series-of", seriesId, when] as const,
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

/** 'My Meetings' a series a row (view=series), page by page; `first` as in useMeetingList. */
export function useSeriesList(when: MeetingsWhen, personId: string, first?: MeetingSeriesPage) {
  return useInfiniteQuery({
    queryKey: oneOnOneKeys.seriesList(when, personId),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<MeetingSeriesPage>(`${meetingsPath(when, personId, pageParam)}&view=series`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    initialData: first ? { pages: [first], pageParams: [null] } : undefined,
  });
}

/** The meetings of the series `meetingId` belongs to, upcoming or past, page by page; read only
 * once the series is opened (`enabled`). */
export function useSeriesMeetings(seriesId: string, meetingId: string, when: MeetingsWhen, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: oneOnOneKeys.seriesMeetings(seriesId, when),
    queryFn: ({ pageParam, signal }) => {
      const qs = new URLSearchParams({ when });
      if (pageParam) qs.set("cursor", pageParam);
      return apiFetch<MeetingListPage>(`/api/meetings/one-on-one/${meetingId}/series?${qs.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
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
