"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FileText, X } from "lucide-react";
import { apiFetch } from "@/lib/api/client";
import { queryKeys } from "@/lib/query/keys";
import { importInputSchema } from "@/lib/library/schemas";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { useListFields } from "@/components/forms/use-list-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { Field, FormAlert, SubmitButton, TextField } from "@/components/forms/fields";
import { IMPORT_ACCEPT, readFiles, type PickedFile } from "@/components/library/read-files";
import type { ImportResult } from "@/components/library/library-types";
import { formatNumber } from "@/lib/format";

type ImportItem = { title?: string; content: string; filename?: string };
type Values = { title: string; text: string; files: PickedFile[] };

/** The request the values make: the pasted text first (when there is any), then each file. */
function itemsOf(v: Values): ImportItem[] {
  const items: ImportItem[] = v.files.map((f) => ({ content: f.content, filename: f.filename }));
  if (v.text.trim()) items.unshift({ content: v.text, ...(v.title.trim() ? { title: v.title.trim() } : {}) });
  return items;
}

/** The pasted text is item 0 when there is one: its messages go under Title and Text; a file's,
 * and those about the items as a whole, to the form's message. */
function fieldOf(path: string, v: Values): string {
  const item = /^items\.(\d+)\.(\w+)$/.exec(path);
  if (!item) return path;
  if (v.text.trim() && item[1] === "0") return item[2] === "title" ? "title" : "text";
  return "items";
}

/** Import: pasted text and/or .md/.txt files (read in the browser, a list field), then the server's result. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useListFields(importInputSchema, { title: "", text: "", files: [] } as Values, {
    idPrefix: "import-",
    toInput: (v) => ({ items: itemsOf(v) }),
    fieldOf,
  });
  const files = form.list("files");
  // About the files picked (a type not imported, a file not read), not about what is sent.
  const [notice, setNotice] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const mutation = useMutation({
    mutationFn: (sent: Values) =>
      apiFetch<ImportResult>("/api/leadership-content/import", { method: "POST", body: { items: itemsOf(sent) } }),
    onSuccess: (r) => {
      setResult(r);
      void queryClient.invalidateQueries({ queryKey: queryKeys.allLibrary() });
    },
    onError: (err, sent) => {
      const answer = failedAnswer(err, "Failed to import content. Please try again.");
      form.showAnswer(answer, sent);
      toast({ title: "Error", description: answer.message, variant: "destructive" });
    },
  });

  async function pick(list: FileList | null) {
    if (!list) return;
    try {
      const { picked, skipped } = await readFiles([...list]);
      for (const p of picked) if (!form.values.files.some((f) => f.filename === p.filename)) files.append(p);
      setNotice(skipped.length > 0 ? `Only .md and .txt files can be imported: ${skipped.join(", ")}` : null);
    } catch {
      setNotice("A file could not be read. Please try again.");
    }
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending || form.check(e.currentTarget) === null) return;
    setNotice(null);
    mutation.mutate(form.values);
  }

  return (
    <Dialog open onOpenChange={(o) => (!o && !mutation.isPending ? onClose() : undefined)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import Content</DialogTitle>
          <DialogDescription>
            Paste text or choose .md and .txt files. Each file becomes an item, analysed like pasted content; long texts
            are split into sections.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <div className="grid gap-4">
            <div role="status" className="rounded-md bg-slate-50 p-4 text-sm text-slate-800">
              <p className="font-semibold">Import completed</p>
              <p>{`${result.successful} imported, ${result.failed} failed, ${result.total} total`}</p>
            </div>
            {result.errors.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5 text-sm text-red-700 wrap-anywhere" aria-label="Import errors">
                {result.errors.map((err, i) => (
                  <li key={i}>{err}</li>
                ))}
              </ul>
            ) : null}
            <DialogFooter>
              <Button onClick={onClose}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
            <TextField form={form} name="title" label="Title of the pasted text (optional)" autoComplete="off" />
            <Field
              label="Text"
              htmlFor={form.id("text")}
              messages={form.messages("text")}
              messagesId={form.messagesId("text")}
            >
              <textarea
                {...form.input("text")}
                rows={6}
                className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 sm:text-sm"
              />
            </Field>
            <div className="space-y-1.5">
              <Label htmlFor="import-files">Files (.md, .txt)</Label>
              <Input
                id="import-files"
                type="file"
                multiple
                accept={IMPORT_ACCEPT}
                onChange={(e) => void pick(e.target.files)}
                className="h-auto py-1.5"
              />
              {files.items.length > 0 ? (
                <ul className="space-y-1" aria-label="Chosen files">
                  {files.items.map(({ key, index, value: f }) => (
                    <li key={key} className="flex min-w-0 items-center gap-2 rounded-md bg-slate-50 px-2 py-1 text-sm">
                      <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                      <span className="min-w-0 flex-1 truncate">{f.filename}</span>
                      <span className="shrink-0 text-xs text-slate-500">{`${formatNumber(f.content.length)} characters`}</span>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Remove ${f.filename}`}
                        onClick={() => files.remove(index)}
                      >
                        <X />
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            {notice ? (
              <p role="alert" className="text-sm text-red-700 wrap-anywhere">
                {notice}
              </p>
            ) : null}
            <FormAlert alert={form.alert} />
            <DialogFooter>
              <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
                Cancel
              </Button>
              <SubmitButton pending={mutation.isPending} pendingLabel="Importing...">
                Import
              </SubmitButton>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
