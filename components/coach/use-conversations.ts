"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { queryKeys } from "@/lib/query/keys";
import { toast } from "@/components/ui/toast";
import { conversationListSchema, conversationSchema, type Conversation } from "@/components/coach/coach-dto";
import { unlessReadOnly } from "@/components/forms/api-answer";

const enc = encodeURIComponent;

/** The signed-in person's own conversations, newest first (only the author ever sees them). */
export function useConversations(userId: string) {
  return useQuery({
    queryKey: queryKeys.coachConversations(userId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/chat/conversations/${enc(userId)}`, { schema: conversationListSchema, signal }),
    select: (list) => [...list].sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt)),
  });
}

export function useRenameConversation(userId: string) {
  const qc = useQueryClient();
  const key = queryKeys.coachConversations(userId);
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      apiFetch(`/api/chat/conversations/${enc(id)}`, {
        method: "PATCH",
        body: { title },
        schema: conversationSchema.partial(),
      }),
    onMutate: ({ id, title }) => {
      const before = qc.getQueryData<Conversation[]>(key);
      qc.setQueryData<Conversation[]>(key, (old) => old?.map((c) => (c.id === id ? { ...c, title } : c)));
      return { before };
    },
    onError: (err, _vars, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
      toast({
        title: "Error",
        description: unlessReadOnly(err, "Failed to rename conversation. Please try again."),
        variant: "destructive",
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteConversation(userId: string) {
  const qc = useQueryClient();
  const key = queryKeys.coachConversations(userId);
  return useMutation({
    mutationFn: (id: string) => apiFetch<unknown>(`/api/chat/conversations/${enc(id)}`, { method: "DELETE" }),
    onSuccess: (_data, id) => {
      qc.setQueryData<Conversation[]>(key, (old) => old?.filter((c) => c.id !== id));
      qc.removeQueries({ queryKey: queryKeys.coachMessages(id) });
    },
    onError: () => {
      toast({
        title: "Error",
        description: "Failed to delete conversation. Please try again.",
        variant: "destructive",
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}
