"use client";

import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

// Defaults (docs/decisions.md (The API's addresses)): no retries, no refetch on focus, no interval refetch, data
// never stale.
// Queries that need fresher data (e.g. the notification poll) opt in explicitly.
function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** The signed-in app's client providers, around the app shell (public pages and the survey page
 * do without them). */
export function AppProviders({ children }: { children: React.ReactNode }) {
  // One client per browser tab (and per server render), never shared between requests.
  const [queryClient] = useState(makeQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
