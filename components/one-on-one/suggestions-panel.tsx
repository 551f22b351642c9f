"use client";

import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Clock, Lightbulb } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import type { ManagerSuggestionsDto } from "@/lib/one-on-one/dto";
import {
  SUGGESTION_CATEGORIES,
  SUGGESTION_CATEGORY_LABELS,
  type SuggestionPriority,
} from "@/lib/one-on-one/suggestions";
import { meetingApi, meetingKeys, useSuggestions } from "@/components/one-on-one/use-meeting";
import { unlessReadOnly } from "@/components/forms/api-answer";

const PRIORITY: Record<SuggestionPriority, { label: string; variant: "destructive" | "warning" | "secondary" }> = {
  high: { label: "High priority", variant: "destructive" },
  medium: { label: "Medium priority", variant: "warning" },
  low: { label: "Low priority", variant: "secondary" },
};

/** The manager's suggestions for this meeting, grouped by category; 'reviewed' ticks are kept on the server. */
export function SuggestionsPanel({ meetingId, employeeName }: { meetingId: string; employeeName: string }) {
  const query = useSuggestions(meetingId);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);

  if (query.isPending) return <Spinner label="Loading suggestions" className="py-8" />;
  if (query.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>The suggestions could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { suggestions, reviewedIds } = query.data;
  if (suggestions.length === 0)
    return (
      <EmptyState
        icon={Lightbulb}
        headingLevel="h3"
        title="No suggestions available yet"
        description={`Suggestions appear once ${employeeName} prepares or the team's surveys have results.`}
      />
    );

  const reviewed = new Set(reviewedIds);
  const count = suggestions.filter((s) => reviewed.has(s.id)).length;

  async function toggle(id: string, on: boolean) {
    const key = meetingKeys.suggestions(meetingId);
    const before = queryClient.getQueryData<ManagerSuggestionsDto>(key);
    const optimistic = (ids: string[]) =>
      queryClient.setQueryData<ManagerSuggestionsDto>(key, (d) => (d ? { ...d, reviewedIds: ids } : d));
    optimistic(on ? [...reviewedIds, id] : reviewedIds.filter((r) => r !== id));
    setPending(id);
    try {
      const res = await meetingApi.reviewSuggestion(meetingId, id, on);
      optimistic(res.reviewedIds);
    } catch (err) {
      if (before) queryClient.setQueryData(key, before);
      toast({
        title: "Error",
        description: unlessReadOnly(err, "Failed to save the review. Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="space-y-6">
      <div className="space-y-1.5">
        <p
          className="text-sm font-medium text-slate-800"
          aria-live="polite"
        >{`${count}/${suggestions.length} reviewed`}</p>
        <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div
            className="h-full bg-brand-600 transition-all"
            style={{ width: `${(count / suggestions.length) * 100}%` }}
          />
        </div>
      </div>
      {SUGGESTION_CATEGORIES.map((category) => {
        const list = suggestions.filter((s) => s.category === category);
        if (list.length === 0) return null;
        return (
          <section key={category} aria-labelledby={`sugg-${category}`} className="space-y-2">
            <h3 id={`sugg-${category}`} className="text-base font-semibold text-slate-900">
              {SUGGESTION_CATEGORY_LABELS[category]}
            </h3>
            <ul className="space-y-2">
              {list.map((s) => {
                const box = `sugg-${s.id}`;
                const done = reviewed.has(s.id);
                return (
                  <li
                    key={s.id}
                    className={`flex items-start gap-3 rounded-lg border p-3 ${done ? "border-emerald-200 bg-emerald-50/50" : "border-slate-200 bg-white"}`}
                  >
                    <input
                      id={box}
                      type="checkbox"
                      className="mt-1 size-4 shrink-0 accent-brand-600"
                      checked={done}
                      disabled={pending === s.id}
                      onChange={(e) => void toggle(s.id, e.target.checked)}
                      aria-describedby={`${box}-text`}
                    />
                    <div className="min-w-0 flex-1 space-y-1">
                      <label htmlFor={box} className="block text-sm font-medium text-slate-900 wrap-anywhere">
                        {s.title}
                      </label>
                      <p id={`${box}-text`} className="text-sm text-slate-700 wrap-anywhere">
                        {s.suggestion}
                      </p>
                      <div className="flex flex-wrap gap-1.5">
                        <Badge variant={PRIORITY[s.priority].variant}>{PRIORITY[s.priority].label}</Badge>
                        <Badge variant="outline">
                          <Clock aria-hidden="true" />
                          {s.estimatedTime}
                        </Badge>
                        {s.tags.map((t) => (
                          <Badge key={t} variant="secondary">
                            {t}
                          </Badge>
                        ))}
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
