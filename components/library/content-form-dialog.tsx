"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { apiFetch } from "@/lib/api/client";
import { queryKeys } from "@/lib/query/keys";
import { CATEGORIES, CONTENT_TYPES, CONTENT_TYPE_LABELS, categoryLabel } from "@/lib/library/schemas";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { Field, FormAlert, SelectField, SubmitButton, TextField } from "@/components/forms/fields";
import { contentFormSchema, type ContentFormValues } from "@/components/library/content-form-schemas";
import { useAutoAnalysis } from "@/components/library/use-auto-analysis";
import type { Analysis, LibraryItem } from "@/components/library/library-types";

const DEFAULT_PRIORITY = "3";

function initialValues(item?: LibraryItem): ContentFormValues {
  if (!item) return { title: "", contentType: "", category: "", tags: "", content: "", priority: DEFAULT_PRIORITY };
  return {
    title: item.title,
    contentType: item.contentType,
    category: item.category,
    tags: item.tags.join(", "),
    content: item.content,
    priority: String(item.priority),
  };
}

/** What an analysis changes: the empty fields when it ran by itself, every suggested one when
 * Re-analyze was pressed (the content is never touched). Priority counts as empty at its default. */
function withAnalysis(v: ContentFormValues, a: Analysis, manual: boolean): ContentFormValues {
  const fill = (current: string, next: string, empty = current.trim() === "") => (manual || empty ? next : current);
  return {
    ...v,
    title: fill(v.title, a.title),
    contentType: fill(v.contentType, a.contentType),
    category: fill(v.category, a.category),
    tags: fill(v.tags, a.tags.join(", ")),
    priority: fill(v.priority, String(a.priority), v.priority === DEFAULT_PRIORITY),
  };
}

/** 'Add Content' and its edit twin. Mounted fresh each time it opens. */
export function ContentFormDialog({ item, onClose }: { item?: LibraryItem; onClose: () => void }) {
  const form = useFormFields(contentFormSchema, initialValues(item), {
    idPrefix: "content-",
    quietUntilEdited: ["title"],
  });
  const queryClient = useQueryClient();
  const { values } = form;
  const analysis = useAutoAnalysis({
    content: values.content,
    missing: !values.title.trim() || !values.contentType || !values.category,
    apply: (a, manual) => form.update((v) => withAnalysis(v, a, manual)),
    initialContent: item?.content,
  });

  const mutation = useMutation({
    mutationFn: (body: ReturnType<typeof contentFormSchema.parse>) =>
      apiFetch<LibraryItem>(item ? `/api/leadership-content/${item.id}` : "/api/leadership-content", {
        method: item ? "PUT" : "POST",
        body,
      }),
    onSuccess: () => {
      toast(
        item
          ? { title: "Content Updated", description: "Your changes have been saved to the AI Coach knowledge base." }
          : { title: "Content Added", description: "Your content has been added to the AI Coach knowledge base." },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.allLibrary() });
      onClose();
    },
  });

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending) return;
    const parsed = form.check(e.currentTarget);
    if (parsed === null) return;
    const sent = values;
    mutation.mutate(parsed, {
      onError: (err) => {
        const fallback = item
          ? "Failed to update content. Please try again."
          : "Failed to add content. Please try again.";
        toast({ title: "Error", description: fallback, variant: "destructive" });
        form.showAnswer(failedAnswer(err, fallback), sent);
      },
    });
  }

  const contentMessages = form.messages("content");
  const contentInput = form.input("content");
  return (
    <Dialog open onOpenChange={(o) => (!o && !mutation.isPending ? onClose() : undefined)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{item ? "Edit Content" : "Add Content"}</DialogTitle>
          <DialogDescription>
            Boss Bot uses this content when it coaches your managers. Paste your text and the fields are suggested for
            you.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
          <TextField form={form} name="title" label="Title" autoComplete="off" />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField form={form} name="contentType" label="Content type">
              <option value="">Select a type</option>
              {CONTENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {CONTENT_TYPE_LABELS[t]}
                </option>
              ))}
            </SelectField>
            <SelectField form={form} name="category" label="Category">
              <option value="">Select a category</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(c)}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <TextField
              form={form}
              name="tags"
              label="Tags"
              placeholder="feedback, one-on-ones, trust"
              hint={<p className="text-xs text-slate-500">Separate tags with commas.</p>}
              autoComplete="off"
            />
            <SelectField form={form} name="priority" label="Priority">
              {["1", "2", "3", "4", "5"].map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </SelectField>
          </div>
          <Field
            label="Content"
            htmlFor={contentInput.id}
            messages={contentMessages}
            messagesId={form.messagesId("content")}
            hint={
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div role="status" className="min-w-0 text-xs">
                  <p className="text-slate-500">
                    {analysis.analyzing
                      ? "Analyzing content..."
                      : analysis.enabled
                        ? "Auto-analysis enabled"
                        : "Paste more than 50 characters to get suggestions."}
                  </p>
                  {analysis.outcome && !analysis.analyzing ? (
                    <p
                      className={analysis.outcome.tone === "error" ? "text-red-700 wrap-anywhere" : "text-emerald-700"}
                    >
                      {analysis.outcome.text}
                    </p>
                  ) : null}
                </div>
                <Button variant="outline" size="sm" onClick={analysis.analyze} disabled={analysis.analyzing}>
                  <Sparkles /> Re-analyze
                </Button>
              </div>
            }
          >
            <textarea
              {...contentInput}
              rows={10}
              placeholder="Paste a framework, a conversation script, a chapter..."
              className="block min-h-40 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 aria-invalid:border-red-500 sm:text-sm"
            />
          </Field>
          <FormAlert alert={form.alert} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
              {item ? "Save Changes" : "Add Content"}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
