"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FileText, X } from "lucide-react";
import { apiFetch, problemOf } from "@/lib/api/client";
import { queryKeys } from "@/lib/query/keys";
import { MAX_IMPORT_ITEMS } from "@/lib/library/schemas";
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
import { IMPORT_ACCEPT, readFiles, type PickedFile } from "@/components/library/read-files";
import type { ImportResult } from "@/components/library/library-types";
import { formatNumber } from "@/lib/format";

type ImportItem = { title?: string; content: string; filename?: string };

/** Import: pasted text and/or .md/.txt files (read in the browser), then the server's result. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [title, setTitle] = useState("");
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const mutation = useMutation({
    mutationFn: (items: ImportItem[]) =>
      apiFetch<ImportResult>("/api/leadership-content/import", { method: "POST", body: { items } }),
    onSuccess: (r) => {
      setResult(r);
      void queryClient.invalidateQueries({ queryKey: queryKeys.allLibrary() });
    },
    onError: (err) => {
      const message = problemOf(err)?.message ?? "Failed to import content. Please try again.";
      setProblem(message);
      toast({ title: "Error", description: message, variant: "destructive" });
    },
  });

  async function pick(list: FileList | null) {
    if (!list) return;
    try {
      const { picked, skipped } = await readFiles([...list]);
      setFiles((prev) => [...prev, ...picked.filter((p) => !prev.some((f) => f.filename === p.filename))]);
      setProblem(skipped.length > 0 ? `Only .md and .txt files can be imported: ${skipped.join(", ")}` : null);
    } catch {
      setProblem("A file could not be read. Please try again.");
    }
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending) return;
    const items: ImportItem[] = files.map((f) => ({ content: f.content, filename: f.filename }));
    if (text.trim()) items.unshift({ content: text, ...(title.trim() ? { title: title.trim() } : {}) });
    if (items.length === 0) return setProblem("Please add text or files to import");
    if (items.length > MAX_IMPORT_ITEMS) return setProblem(`At most ${MAX_IMPORT_ITEMS} items per import`);
    setProblem(null);
    mutation.mutate(items);
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
            <div className="space-y-1.5">
              <Label htmlFor="import-title">Title of the pasted text (optional)</Label>
              <Input id="import-title" value={title} onChange={(e) => setTitle(e.target.value)} autoComplete="off" />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="import-text">Text</Label>
              <textarea
                id="import-text"
                value={text}
                onChange={(e) => setText(e.target.value)}
                rows={6}
                className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 sm:text-sm"
              />
            </div>
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
              {files.length > 0 ? (
                <ul className="space-y-1" aria-label="Chosen files">
                  {files.map((f) => (
                    <li
                      key={f.filename}
                      className="flex min-w-0 items-center gap-2 rounded-md bg-slate-50 px-2 py-1 text-sm"
                    >
                      <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                      <span className="min-w-0 flex-1 truncate">{f.filename}</span>
                      <span className="shrink-0 text-xs text-slate-500">{`${formatNumber(f.content.length)} characters`}</span>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Remove ${f.filename}`}
                        onClick={() => setFiles((prev) => prev.filter((p) => p.filename !== f.filename))}
                      >
                        <X />
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            {problem ? (
              <p role="alert" className="text-sm text-red-700 wrap-anywhere">
                {problem}
              </p>
            ) : null}
            <DialogFooter>
              <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
                {mutation.isPending ? "Importing..." : "Import"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
