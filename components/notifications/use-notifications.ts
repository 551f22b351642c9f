"use client";

import { useMutation, useMutationState, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { NotificationDto } from "@/lib/notifications/dto";
import { queryKeys } from "@/lib/query/keys";
import { toast } from "@/components/ui/toast";

const POLL_INTERVAL_MS = 30_000;
const MARK_READ_KEY = ["notifications", "mark-read"] as const;

// The response schemas (zod) load with the first request instead of in every page's first
// download: the bell is part of the app shell.
const loadSchemas = () => import("@/lib/notifications/dto");

/** The signed-in user's notifications, newest first, polled every 30 s. */
export function useNotifications(userId: string, organizationId: string) {
  return useQuery({
    queryKey: queryKeys.notifications(userId, organizationId),
    queryFn: async ({ signal }) => {
      const { notificationListSchema } = await loadSchemas();
      return apiFetch(`/api/notifications/${encodeURIComponent(userId)}/${encodeURIComponent(organizationId)}`, {
        schema: notificationListSchema,
        signal,
      });
    },
    // Only when both ids exist: a half-loaded user must not hit a broken URL.
    enabled: Boolean(userId && organizationId),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

/** Marks one notification read, then refreshes the list (the server's copy is the truth). */
export function useMarkNotificationRead(userId: string, organizationId: string) {
  const queryClient = useQueryClient();
  const listKey = queryKeys.notifications(userId, organizationId);
  return useMutation({
    mutationKey: MARK_READ_KEY,
    mutationFn: async (id: string) => {
      const { notificationDtoSchema } = await loadSchemas();
      return apiFetch(`/api/notifications/${encodeURIComponent(id)}/read`, {
        method: "PATCH",
        body: { userId },
        schema: notificationDtoSchema,
      });
    },
    onSuccess: async (updated) => {
      // Show the change at once, before the refetch lands.
      queryClient.setQueryData<NotificationDto[]>(listKey, (old) =>
        old?.map((n) => (n.id === updated.id ? updated : n)),
      );
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: () => {
      toast({
        title: "Error",
        description: "Failed to mark the notification as read. Please try again.",
        variant: "destructive",
      });
    },
  });
}

/** Ids whose mark-read request is still running, so each item can disable its own button. */
export function usePendingReadIds(): string[] {
  return useMutationState({
    filters: { mutationKey: MARK_READ_KEY, status: "pending" },
    select: (m) => m.state.variables,
  }).filter((v): v is string => typeof v === "string");
}
