"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { BookOpen } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch } from "@/lib/api/client";
import { categoryLabel } from "@/lib/library/schemas";
import { LazyCoachMarkdown as CoachMarkdown } from "@/components/coach/coach-markdown-lazy";
import type { Source } from "@/components/coach/coach-dto";

// GET /api/ai-coach/sources/{id} (lib/library/source-item.ts).
const sourceItemSchema = z.object({ id: z.string(), title: z.string(), content: z.string() });

/** The numbered library items a reply drew on; each opens the item in a dialog. */
export function SourceList({ sources }: { sources: Source[] }) {
  const [open, setOpen] = useState<Source | null>(null);
  if (sources.length === 0) return null;
  return (
    <div className="mt-2 border-t border-slate-200 pt-2">
      <p className="text-xs font-medium text-slate-600">Sources</p>
      <ol className="mt-1 space-y-1">
        {sources.map((s, i) => (
          <li key={`${s.source}-${s.id}`} className="flex min-w-0 items-start gap-1.5 text-xs">
            <span className="shrink-0 font-medium text-slate-500">[{i + 1}]</span>
            <button
              type="button"
              onClick={() => setOpen(s)}
              className="min-w-0 text-left break-words text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              {s.title}
            </button>
            <span className="shrink-0 text-slate-500">· {categoryLabel(s.category)}</span>
          </li>
        ))}
      </ol>
      <Dialog open={open !== null} onOpenChange={(o) => (o ? undefined : setOpen(null))}>
        {open ? (
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle className="flex items-start gap-2">
                <BookOpen aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                <span>{open.title}</span>
              </DialogTitle>
              <DialogDescription>
                {categoryLabel(open.category)} ·{" "}
                {open.source === "builtin" ? "Pulsewell's built-in library" : "Your company's library"}
              </DialogDescription>
            </DialogHeader>
            <SourceItemBody id={open.id} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

/** The cited item's text, loaded when its dialog opens. */
function SourceItemBody({ id }: { id: string }) {
  const item = useQuery({
    queryKey: ["coach-source", id],
    queryFn: ({ signal }) =>
      apiFetch(`/api/ai-coach/sources/${encodeURIComponent(id)}`, { schema: sourceItemSchema, signal }),
  });
  if (item.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading the library item" />
      </div>
    );
  }
  if (item.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-slate-700">
        <p>This library item could not be loaded. It may have been removed or hidden from the coach.</p>
        <Button size="sm" variant="outline" onClick={() => void item.refetch()} disabled={item.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div
      className="max-h-[60vh] overflow-y-auto text-sm text-slate-800"
      tabIndex={0}
      role="region"
      aria-label="Library item"
    >
      <CoachMarkdown text={item.data.content.replace(/\{name\}/g, "[their name]")} />
    </div>
  );
}
