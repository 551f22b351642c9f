"use client";

import { useDeferredValue } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { queryKeys } from "@/lib/query/keys";
import type { Filters } from "@/components/library/library-filters";
import type { LibraryItem } from "@/components/library/library-types";

function fetchLibrary(f: Filters, signal: AbortSignal): Promise<LibraryItem[]> {
  const qs = new URLSearchParams();
  if (f.q) qs.set("q", f.q);
  if (f.type) qs.set("type", f.type);
  if (f.category) qs.set("category", f.category);
  if (f.source !== "all") qs.set("source", f.source);
  const query = qs.toString();
  return apiFetch<LibraryItem[]>(`/api/leadership-content${query ? `?${query}` : ""}`, { signal });
}

/** The items the filters select (the search deferred while typing) and the whole library for
 * the count line (the same request when nothing is filtered). */
export function useLibrary(orgId: string, filters: Filters) {
  const q = useDeferredValue(filters.q.trim());
  const f = { ...filters, q };
  const list = useQuery({
    queryKey: queryKeys.library(orgId, f.q, f.type, f.category, f.source),
    queryFn: ({ signal }) => fetchLibrary(f, signal),
    placeholderData: keepPreviousData,
  });
  const all = useQuery({
    queryKey: queryKeys.library(orgId, "", "", "", "all"),
    queryFn: ({ signal }) => fetchLibrary({ q: "", type: "", category: "", source: "all" }, signal),
  });
  return { list, all, filtered: f.q !== "" || f.type !== "" || f.category !== "" || f.source !== "all" };
}
