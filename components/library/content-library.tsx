"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Library, Plus, RotateCcw, SearchX, Upload } from "lucide-react";
import { apiFetch } from "@/lib/api/client";
import { queryKeys } from "@/lib/query/keys";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { toast } from "@/components/ui/toast";
import { CardSkeletons } from "@/components/library/content-card";
import { PagedCards } from "@/components/library/paged-cards";
import { ContentFormDialog } from "@/components/library/content-form-dialog";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ImportDialog } from "@/components/library/import-dialog";
import { LibraryFilters, NO_FILTERS, type Filters } from "@/components/library/library-filters";
import { countLine } from "@/components/library/library-counts";
import { useLibrary } from "@/components/library/use-library";
import type { LibraryItem } from "@/components/library/library-types";
import { unlessReadOnly } from "@/components/forms/api-answer";

type Dialog =
  | { kind: "add" }
  | { kind: "edit"; item: LibraryItem }
  | { kind: "import" }
  | { kind: "delete"; item: LibraryItem }
  | null;

/**
 * The Leadership Content Library (admins). Two sections: the organisation's own items first (the
 * empty state 'No content yet' when it has none), then Pulsewell's built-in library, which the
 * coach also reads and which an admin can only hide from or show to the coach.
 */
export function ContentLibrary({ orgId }: { orgId: string }) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const queryClient = useQueryClient();
  const { list, all, filtered } = useLibrary(orgId, filters);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.allLibrary() });

  const remove = useMutation({
    mutationFn: (item: LibraryItem) => apiFetch<void>(`/api/leadership-content/${item.id}`, { method: "DELETE" }),
    // The dialog closes once the list no longer holds the card, so its focus goes to the section
    // heading instead of a Delete button about to disappear.
    onSuccess: async () => {
      toast({
        title: "Content Deleted",
        description: "The content has been removed from the AI Coach knowledge base.",
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.allLibrary() });
      setDialog(null);
    },
    onError: () =>
      toast({ title: "Error", description: "Failed to delete content. Please try again.", variant: "destructive" }),
  });

  const hide = useMutation({
    mutationFn: (item: LibraryItem) =>
      apiFetch<void>(`/api/leadership-content/builtin/${item.id}/hidden`, { method: item.hidden ? "DELETE" : "PUT" }),
    onSuccess: (_, item) => {
      toast(
        item.hidden
          ? { title: "Shown to coach", description: `Boss Bot uses "${item.title}" again.` }
          : { title: "Hidden from coach", description: `Boss Bot no longer uses "${item.title}".` },
      );
      refresh();
    },
    onError: (err) =>
      toast({
        title: "Error",
        description: unlessReadOnly(err, "Failed to update the built-in item. Please try again."),
        variant: "destructive",
      }),
  });

  const items = list.data ?? [];
  const own = items.filter((i) => i.source === "org");
  const builtin = items.filter((i) => i.source === "builtin");
  const hasOwn = (all.data ?? []).some((i) => i.source === "org");
  // A new search or filter starts each section again at its first page.
  const pageKey = JSON.stringify(filters);
  const actions = {
    onEdit: (item: LibraryItem) => setDialog({ kind: "edit", item }),
    onDelete: (item: LibraryItem) => setDialog({ kind: "delete", item }),
    onToggleHidden: (item: LibraryItem) => hide.mutate(item),
    busy: hide.isPending,
  };

  return (
    <>
      <PageHeader
        title="Leadership Content Library"
        subtitle="Frameworks, methodologies and scripts for Boss Bot's knowledge base."
        actions={
          <>
            <Button variant="outline" onClick={() => setDialog({ kind: "import" })}>
              <Upload /> Import
            </Button>
            <Button onClick={() => setDialog({ kind: "add" })}>
              <Plus /> Add Content
            </Button>
          </>
        }
      />
      <div className="min-w-0 space-y-6">
        <p className="text-sm text-slate-600" data-testid="library-count" aria-live="polite">
          {all.data ? countLine(all.data) : "\u00a0"}
        </p>
        <LibraryFilters filters={filters} onChange={setFilters} />
        {list.isPending ? (
          <CardSkeletons />
        ) : list.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
          >
            <p className="font-semibold text-red-800">We could not load the library.</p>
            <p className="text-sm text-red-700">Please check your connection and try again.</p>
            <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
              <RotateCcw /> Retry
            </Button>
          </div>
        ) : (
          <div className="space-y-8" aria-busy={list.isFetching || undefined}>
            {filters.source !== "builtin" ? (
              <section aria-labelledby="own-heading" className="space-y-3">
                <h2 id="own-heading" tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
                  Your library
                </h2>
                {own.length > 0 ? (
                  <PagedCards key={pageKey} items={own} {...actions} />
                ) : !hasOwn ? (
                  <EmptyState
                    icon={Library}
                    title="No content yet"
                    headingLevel="h3"
                    description="Add your organisation's frameworks, scripts and templates: Boss Bot uses them when it coaches your managers."
                    action={
                      <Button onClick={() => setDialog({ kind: "add" })}>
                        <Plus /> Add Your First Content
                      </Button>
                    }
                  />
                ) : (
                  <EmptyState
                    icon={SearchX}
                    title="No matching content"
                    headingLevel="h3"
                    description="None of your items match the search and filters."
                  />
                )}
              </section>
            ) : null}
            {filters.source !== "org" ? (
              <section aria-labelledby="builtin-heading" className="space-y-3">
                <div>
                  <h2 id="builtin-heading" className="text-lg font-semibold text-slate-900">
                    Built-in library
                  </h2>
                  <p className="text-sm text-slate-600">
                    Written by Pulsewell and read by every organisation&apos;s coach. Hide an item to keep Boss Bot from
                    using it.
                  </p>
                </div>
                {builtin.length > 0 ? (
                  <PagedCards key={pageKey} items={builtin} {...actions} />
                ) : (
                  <EmptyState
                    icon={SearchX}
                    title="No matching content"
                    headingLevel="h3"
                    description={
                      filtered ? "No built-in item matches the search and filters." : "The built-in library is empty."
                    }
                  />
                )}
              </section>
            ) : null}
          </div>
        )}
      </div>
      {dialog?.kind === "add" ? <ContentFormDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "edit" ? <ContentFormDialog item={dialog.item} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "import" ? <ImportDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "delete" ? (
        // Focus goes back to the card's Delete button on Cancel, and to the list heading when that
        // card is gone.
        <ConfirmDialog
          title="Delete this content?"
          description={`"${dialog.item.title}" will be removed from the library and Boss Bot will no longer use it. This cannot be undone.`}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={remove.isPending}
          onConfirm={() => remove.mutate(dialog.item)}
          onClose={() => setDialog(null)}
          returnFocusFallback="own-heading"
        />
      ) : null}
    </>
  );
}
