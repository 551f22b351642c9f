"use client";

// First, before any schema parses in the browser: no eval probe under the pages' CSP.
import "@/lib/utils/zod-no-eval";
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "@/components/ui/toast";

// Spec section 7 defaults: no retries, no refetch on focus, no interval refetch, data never stale.
// Queries that need fresher data (e.g. the notification poll) opt in explicitly.
function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export function Providers({ children }: { children: React.ReactNode }) {
  // One client per browser tab (and per server render), never shared between requests.
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
