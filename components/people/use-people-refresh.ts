"use client";

import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query/keys";

/** After a change: refetch the user lists and re-render the server parts (counts, teams, chart). */
export function usePeopleRefresh(): () => void {
  const queryClient = useQueryClient();
  const router = useRouter();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.allUsers() });
    router.refresh();
  };
}
