"use client";

import { useState } from "react";
import { ClipboardList, Pencil, Plus, RotateCcw, Sparkles, Trash2 } from "lucide-react";
import { problemOf } from "@/lib/api/client";
import type { TemplateDto } from "@/lib/one-on-one/dto";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { toast } from "@/components/ui/toast";
import { TemplateDialog } from "@/components/one-on-one/template-dialog";
import { missingDefaults, useTemplateMutations, useTemplates } from "@/components/one-on-one/use-templates";
import { plural } from "@/lib/format";
import { unlessReadOnly } from "@/components/forms/api-answer";

type Open =
  { kind: "create" } | { kind: "edit"; template: TemplateDto } | { kind: "delete"; template: TemplateDto } | null;

/**
 * 'Templates' (managers and admins): the organisation's agenda templates as cards, 'Add Default
 * Templates' (our set, added by key, so a second press adds only what is missing), create, edit
 * and delete.
 */
export function TemplatesTab({ orgId }: { orgId: string }) {
  const templates = useTemplates();
  const { seed, remove } = useTemplateMutations(orgId);
  const [open, setOpen] = useState<Open>(null);
  const list = templates.data ?? [];
  const missing = missingDefaults(list);

  function addDefaults() {
    seed.mutate(undefined, {
      onSuccess: ({ created }) =>
        toast({
          title: "Templates Created",
          description:
            created > 0
              ? `${plural(created, "default template was", "default templates were")} added.`
              : "Your organisation already has every default template.",
        }),
      onError: (err) =>
        toast({
          title: "Error",
          description: unlessReadOnly(err, "Failed to create default templates"),
          variant: "destructive",
        }),
    });
  }

  const seedButton = (variant: "default" | "outline") => (
    <Button variant={variant} onClick={addDefaults} disabled={seed.isPending} aria-busy={seed.isPending || undefined}>
      <Sparkles /> {seed.isPending ? "Adding..." : "Add Default Templates"}
    </Button>
  );

  let body: React.ReactNode;
  if (templates.isPending) body = <TemplateSkeletons />;
  else if (templates.isError) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
      >
        <p className="font-semibold text-red-800">We could not load the templates.</p>
        <p className="text-sm text-red-700">Please check your connection and try again.</p>
        <Button variant="outline" onClick={() => void templates.refetch()} disabled={templates.isFetching}>
          <RotateCcw /> Retry
        </Button>
      </div>
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState
        icon={ClipboardList}
        headingLevel="h3"
        title="No templates yet"
        description="Start from our agendas for weekly check-ins, career conversations, feedback, a new joiner's first 90 days and wellbeing, or write your own."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {seedButton("default")}
            <Button variant="outline" onClick={() => setOpen({ kind: "create" })}>
              <Plus /> Create Template
            </Button>
          </div>
        }
      />
    );
  } else {
    body = (
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Templates">
        {list.map((t) => (
          <TemplateCard
            key={t.id}
            template={t}
            onEdit={() => setOpen({ kind: "edit", template: t })}
            onDelete={() => setOpen({ kind: "delete", template: t })}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="templates-heading" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="templates-heading" tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
            Agenda templates
          </h2>
          <p className="text-sm text-slate-600">A template&apos;s questions become a new meeting&apos;s agenda.</p>
        </div>
        {list.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {missing > 0 ? seedButton("outline") : null}
            <Button onClick={() => setOpen({ kind: "create" })}>
              <Plus /> Create Template
            </Button>
          </div>
        ) : null}
      </div>
      {body}
      {open?.kind === "create" ? <TemplateDialog orgId={orgId} onClose={() => setOpen(null)} /> : null}
      {open?.kind === "edit" ? (
        <TemplateDialog orgId={orgId} template={open.template} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === "delete" ? (
        <ConfirmDialog
          title="Delete this template?"
          description={`"${open.template.name}" will no longer be offered when scheduling. Meetings already scheduled keep their agenda.`}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          returnFocusFallback="templates-heading"
          pending={remove.isPending}
          onClose={() => setOpen(null)}
          onConfirm={() =>
            remove.mutate(open.template.id, {
              onSuccess: () => {
                toast({
                  title: "Template Deleted",
                  description: `"${open.template.name}" was removed. Meetings already scheduled keep their agenda.`,
                });
                setOpen(null);
              },
              onError: (err) =>
                toast({
                  title: "Error",
                  description: problemOf(err)?.message ?? "Failed to delete template. Please try again.",
                  variant: "destructive",
                }),
            })
          }
        />
      ) : null}
    </section>
  );
}

function TemplateCard({
  template,
  onEdit,
  onDelete,
}: {
  template: TemplateDto;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="template-card"
      aria-label={template.name}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold text-slate-900 wrap-anywhere">{template.name}</h3>
            {template.isDefault ? <Badge>Default</Badge> : null}
          </div>
          {template.description ? (
            <p className="mt-1 text-sm text-slate-600 wrap-anywhere">{template.description}</p>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon-sm" onClick={onEdit} aria-label={`Edit ${template.name}`}>
            <Pencil />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={onDelete}
            aria-label={`Delete ${template.name}`}
            className="text-red-600 hover:text-red-700"
          >
            <Trash2 />
          </Button>
        </div>
      </div>
      <ol
        className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-700"
        aria-label={`Agenda questions of ${template.name}`}
      >
        {template.templateQuestions.map((q, i) => (
          <li key={i} className="wrap-anywhere">
            {q}
          </li>
        ))}
      </ol>
    </li>
  );
}

function TemplateSkeletons() {
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-hidden="true" data-testid="templates-skeleton">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="animate-pulse space-y-3 rounded-xl border border-slate-200 bg-white p-5">
          <div className="h-4 w-1/2 rounded bg-slate-200" />
          <div className="h-3 w-3/4 rounded bg-slate-100" />
          <div className="h-3 rounded bg-slate-100" />
          <div className="h-3 w-2/3 rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}
