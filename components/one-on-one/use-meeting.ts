"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, problemOf } from "@/lib/api/client";
import type {
  ManagerSuggestionsDto,
  MeetingDetail,
  MeetingNotesDto,
  MoodTrendPoint,
  PrepFormDto,
} from "@/lib/one-on-one/dto";

// The meeting page, the prep form and the manager's review read one meeting through these hooks;
// every change invalidates the meeting's keys so the three screens agree.

export const meetingKeys = {
  all: () => ["one-on-one"] as const,
  meeting: (id: string) => ["one-on-one", "meeting", id] as const,
  prep: (id: string) => ["one-on-one", "meeting", id, "prep"] as const,
  moodTrend: (id: string) => ["one-on-one", "meeting", id, "mood-trend"] as const,
  suggestions: (id: string) => ["one-on-one", "meeting", id, "suggestions"] as const,
};

/** not_found (missing, foreign, not yours) and invalid_input (a malformed id) both read as
 * 'Meeting Not Found'. */
export function isNotFound(err: unknown): boolean {
  const code = problemOf(err)?.code;
  return code === "not_found" || code === "invalid_input";
}

// Any refusal of ours (a missing meeting, a role that may not) is an answer, not a failure to
// retry: only a network failure, an answer without our code (a proxy's) or an internal error is.
const retry = (count: number, err: unknown) => {
  const code = problemOf(err)?.code ?? null;
  return (code === null || code === "internal") && count < 2;
};

const base = (id: string) => `/api/meetings/one-on-one/${id}`;

/** `initial`: the meeting as the server page read it, so the first render needs no fetch; every
 * change invalidates the key as before, and a meeting already in the cache wins over it. */
export function useMeeting(id: string, initial?: MeetingDetail) {
  return useQuery({
    queryKey: meetingKeys.meeting(id),
    queryFn: ({ signal }) => apiFetch<MeetingDetail>(`/api/meetings/one-on-one/meeting/${id}`, { signal }),
    retry,
    initialData: initial,
  });
}

export function usePrepForm(id: string, enabled = true) {
  return useQuery({
    queryKey: meetingKeys.prep(id),
    queryFn: ({ signal }) => apiFetch<PrepFormDto | null>(`/api/one-on-one-prep/${id}`, { signal }),
    retry,
    enabled,
  });
}

export function useMoodTrend(id: string) {
  return useQuery({
    queryKey: meetingKeys.moodTrend(id),
    queryFn: ({ signal }) => apiFetch<MoodTrendPoint[]>(`${base(id)}/mood-trend`, { signal }),
    retry,
  });
}

export function useSuggestions(id: string, enabled = true) {
  return useQuery({
    queryKey: meetingKeys.suggestions(id),
    queryFn: ({ signal }) => apiFetch<ManagerSuggestionsDto>(`/api/one-on-one/manager-suggestions/${id}`, { signal }),
    retry,
    enabled,
  });
}

/** A change to the meeting: sends, then refreshes everything shown of this meeting. */
export function useMeetingMutation<Vars, Out = unknown>(
  id: string,
  fn: (vars: Vars) => Promise<Out>,
  onSuccess?: (out: Out, vars: Vars) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (out, vars) => {
      onSuccess?.(out, vars);
      await queryClient.invalidateQueries({ queryKey: meetingKeys.meeting(id) });
    },
  });
}

export const meetingApi = {
  updateNotes: (
    id: string,
    body: Partial<MeetingNotesDto> & { status?: "completed"; completedAt?: string; confirmEarly?: true },
  ) => apiFetch<MeetingDetail>(base(id), { method: "PUT", body }),
  reschedule: (id: string, body: { scheduledAt: string; durationMinutes?: number }) =>
    apiFetch<MeetingDetail>(`${base(id)}/reschedule`, { method: "POST", body }),
  cancel: (id: string, scope: "occurrence" | "series") =>
    apiFetch<MeetingDetail>(`${base(id)}/cancel`, { method: "POST", body: { scope } }),
  addAgenda: (id: string, text: string) => apiFetch<unknown>(`${base(id)}/agenda`, { method: "POST", body: { text } }),
  patchAgenda: (id: string, itemId: string, body: { done?: boolean; text?: string }) =>
    apiFetch<unknown>(`${base(id)}/agenda/${itemId}`, { method: "PATCH", body }),
  deleteAgenda: (id: string, itemId: string) => apiFetch<unknown>(`${base(id)}/agenda/${itemId}`, { method: "DELETE" }),
  orderAgenda: (id: string, itemIds: string[]) =>
    apiFetch<unknown>(`${base(id)}/agenda/order`, { method: "PUT", body: { itemIds } }),
  addAction: (id: string, body: { text: string; ownerId: string; dueDate?: string }) =>
    apiFetch<unknown>(`${base(id)}/action-items`, { method: "POST", body }),
  patchAction: (id: string, itemId: string, body: { completed?: boolean }) =>
    apiFetch<unknown>(`${base(id)}/action-items/${itemId}`, { method: "PATCH", body }),
  deleteAction: (id: string, itemId: string) =>
    apiFetch<unknown>(`${base(id)}/action-items/${itemId}`, { method: "DELETE" }),
  savePrivateNote: (id: string, body: string) =>
    apiFetch<{ body: string; updatedAt: string } | null>(`${base(id)}/private-note`, { method: "PUT", body: { body } }),
  reviewSuggestion: (id: string, suggestionId: string, reviewed: boolean) =>
    apiFetch<{ reviewedIds: string[] }>(`${base(id)}/suggestion-reviews`, {
      method: "PUT",
      body: { suggestionId, reviewed },
    }),
};
