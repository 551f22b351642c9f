"use client";

import { Search } from "lucide-react";
import { CATEGORIES, CONTENT_TYPES, CONTENT_TYPE_LABELS, categoryLabel } from "@/lib/library/schemas";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { SourceFilter } from "@/components/library/library-types";

export type Filters = { q: string; type: string; category: string; source: SourceFilter };
export const NO_FILTERS: Filters = { q: "", type: "", category: "", source: "all" };

const toSource = (v: string): SourceFilter => (v === "org" || v === "builtin" ? v : "all");

/** Search box and the type, category and source filters; wraps to one column on a phone. */
export function LibraryFilters({ filters, onChange }: { filters: Filters; onChange: (f: Filters) => void }) {
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => onChange({ ...filters, [key]: value });
  return (
    <div role="search" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
      <div className="min-w-0 space-y-1">
        <Label htmlFor="library-search">Search</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            id="library-search"
            type="search"
            value={filters.q}
            onChange={(e) => set("q", e.target.value)}
            placeholder="Search titles, tags and content"
            className="pl-9"
            maxLength={200}
          />
        </div>
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor="library-type">Type</Label>
        <NativeSelect id="library-type" value={filters.type} onChange={(e) => set("type", e.target.value)}>
          <option value="">All types</option>
          {CONTENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {CONTENT_TYPE_LABELS[t]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor="library-category">Category</Label>
        <NativeSelect id="library-category" value={filters.category} onChange={(e) => set("category", e.target.value)}>
          <option value="">All categories</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor="library-source">Source</Label>
        <NativeSelect
          id="library-source"
          value={filters.source}
          onChange={(e) => set("source", toSource(e.target.value))}
        >
          <option value="all">Your library and built-in</option>
          <option value="org">Your library</option>
          <option value="builtin">Built-in</option>
        </NativeSelect>
      </div>
    </div>
  );
}
