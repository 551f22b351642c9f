"use client";

import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { problemOf } from "@/lib/api/client";
import { formatNumber as n } from "@/lib/format";
import { postBulkImport } from "@/lib/people/bulk-import-client";
import type { ImportProgress, ImportRequestRow } from "@/lib/people/bulk-import-schemas";
import { toast } from "@/components/ui/toast";
import { usePeopleRefresh } from "@/components/people/use-people-refresh";
import { TemplateStep } from "@/components/bulk-import/template-step";
import { SourceStep } from "@/components/bulk-import/source-step";
import { PreviewStep, type ImportChoice } from "@/components/bulk-import/preview-step";
import { isTemplateSample } from "@/lib/people/bulk-import-sample";
import { ImportResults, type ImportOutcome } from "@/components/bulk-import/import-results";
import { SeatsSummary } from "@/components/bulk-import/seats-summary";
import { useCsvSource } from "@/components/bulk-import/use-csv-source";

/** The bulk import page's client island: template, source, preview, import, results. */
export function BulkImport({
  organizationId,
  seats,
}: {
  organizationId: string;
  seats: { used: number; max: number };
}) {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const csv = useCsvSource(() => setOutcome(null));
  const refreshPeople = usePeopleRefresh();

  const importing = useMutation({
    mutationFn: (body: { users: ImportRequestRow[]; includeSampleRows: boolean }) =>
      postBulkImport({ ...body, organizationId }, setProgress),
    onMutate: () => {
      setOutcome(null);
      setProgress(null);
    },
    onSuccess: (result) => {
      setOutcome({ kind: "done", result });
      toast({
        title: "Import completed!",
        description: `${n(result.successful)} imported, ${n(result.failed)} failed, ${n(result.total)} total.`,
      });
      // On success the user list is refreshed (and the seat count above with it).
      refreshPeople();
    },
    onError: (err) => {
      const message = problemOf(err)?.message ?? err.message;
      setOutcome({ kind: "failed", message });
      toast({
        variant: "destructive",
        title: "Import failed",
        description: "Failed to import users. Please check your data and try again.",
      });
    },
  });

  const rows = csv.parsed && csv.parsed.fileErrors.length === 0 ? csv.parsed.rows : [];
  const onImport = (choice: ImportChoice) =>
    importing.mutate(
      choice === "all"
        ? { users: rows, includeSampleRows: true }
        : { users: rows.filter((r) => !isTemplateSample(r)), includeSampleRows: false },
    );
  // After a successful import the page shows what happened and one way on: another file. The
  // preview of the file just imported (now people who exist) is not offered again.
  const startOver = () => {
    csv.clear();
    setProgress(null);
    importing.reset();
  };
  if (outcome?.kind === "done") {
    return (
      <div className="grid gap-4 sm:gap-6">
        <SeatsSummary used={seats.used} max={seats.max} />
        <ImportResults outcome={outcome} onImportAnother={startOver} />
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:gap-6">
      <SeatsSummary used={seats.used} max={seats.max} />
      <TemplateStep />
      <SourceStep
        source={csv.source}
        disabled={importing.isPending}
        onFile={(f) => void csv.setFile(f)}
        onPaste={csv.setPasted}
        onClear={csv.clear}
      />
      <PreviewStep
        parsed={csv.parsed}
        stale={csv.stale}
        reading={csv.reading}
        freeSeats={Math.max(0, seats.max - seats.used)}
        importing={importing.isPending}
        progress={progress}
        onImport={onImport}
      />
      {outcome ? <ImportResults outcome={outcome} onImportAnother={startOver} /> : null}
    </div>
  );
}
