"use client";

import { useState } from "react";
import { AlertTriangle, FileSearch, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { EmptyState } from "@/components/ui/empty-state";
import type { CsvParseResult } from "@/lib/people/csv";
import type { ImportProgress } from "@/lib/people/bulk-import-schemas";
import { StepCard } from "@/components/bulk-import/step-card";
import { PREVIEW_LIMIT, PreviewTable } from "@/components/bulk-import/preview-table";
import { MessageList } from "@/components/bulk-import/message-list";
import { ImportProgressBar } from "@/components/bulk-import/import-progress";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatNumber as n, plural } from "@/lib/format";
import { sampleLabel, templateSamplesIn } from "@/lib/people/bulk-import-sample";

/** What the admin chose to import: every row, or every row but the template's example people. */
export type ImportChoice = "all" | "withoutSamples";

type Props = {
  parsed: CsvParseResult | null;
  stale: boolean;
  reading: boolean;
  freeSeats: number;
  importing: boolean;
  progress: ImportProgress | null;
  onImport: (choice: ImportChoice) => void;
};

export function PreviewStep({ parsed, stale, reading, freeSeats, importing, progress, onImport }: Props) {
  return (
    <StepCard step={3} title="Preview and import">
      {reading ? (
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner size="sm" label="Reading the file" /> Reading the file…
        </div>
      ) : !parsed ? (
        <EmptyState
          icon={FileSearch}
          headingLevel="h3"
          title="Nothing to preview yet"
          description="Upload a CSV file or paste CSV text above; the people in it are listed here before anything is imported."
        />
      ) : parsed.fileErrors.length ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle aria-hidden="true" className="size-4" /> This file cannot be imported
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {parsed.fileErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : (
        <Preview
          parsed={parsed}
          stale={stale}
          freeSeats={freeSeats}
          importing={importing}
          progress={progress}
          onImport={onImport}
        />
      )}
    </StepCard>
  );
}

function Preview({
  parsed,
  stale,
  freeSeats,
  importing,
  progress,
  onImport,
}: Omit<Props, "reading" | "parsed"> & { parsed: CsvParseResult }) {
  const count = parsed.rows.length;
  const skipped = parsed.problems.length;
  const samples = templateSamplesIn(parsed.rows);
  const others = count - samples.length;
  const [asking, setAsking] = useState(false);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1" aria-live="polite">
        <p className="text-sm font-medium text-slate-900">{`${plural(count, "person", "people")} ready to import`}</p>
        {skipped ? <p className="text-sm text-amber-800">{`${plural(skipped, "line")} will be skipped`}</p> : null}
        {stale ? <p className="text-xs text-slate-500">Updating preview…</p> : null}
      </div>

      {count > freeSeats ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {`Only ${plural(freeSeats, "seat is", "seats are")} free. People already in your workspace are skipped and need no seat, but if more than ${n(freeSeats)} are new, the whole import is refused.`}
        </p>
      ) : null}

      {samples.length ? (
        <div
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="import-samples"
        >
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
            {`${plural(samples.length, "person is an example", "people are examples")} from the template`}
          </p>
          <p className="mt-1">
            {`${samples.map(sampleLabel).join(", ")}. Imported, ${samples.length === 1 ? "it takes a seat and is" : "they take seats and are"} sent an invitation at example.com. Replace them with your own people, or leave them out.`}
          </p>
        </div>
      ) : null}

      {skipped ? (
        <details className="group" open={skipped <= 10}>
          <summary className="cursor-pointer text-sm font-medium text-slate-800">{`Lines that will be skipped (${n(skipped)})`}</summary>
          <div className="mt-2">
            <MessageList
              tone="warning"
              label="Lines that will be skipped"
              items={parsed.problems.map(
                (p) => `Line ${p.line}${p.email ? ` (${p.email})` : ""}: ${p.problems.join("; ")}`,
              )}
            />
          </div>
        </details>
      ) : null}

      {count ? (
        <>
          <PreviewTable rows={parsed.rows} />
          {count > PREVIEW_LIMIT ? (
            <p className="text-xs text-slate-600">{`Showing the first ${PREVIEW_LIMIT} of ${n(count)} people.`}</p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">
          No line of this file can be imported. Fix the lines above and upload it again.
        </p>
      )}

      <div className="grid gap-3 sm:flex sm:items-center">
        <Button
          onClick={() => (samples.length ? setAsking(true) : onImport("all"))}
          disabled={count === 0 || importing || stale}
          className="w-full sm:w-auto"
        >
          {importing ? <Spinner size="sm" label="Importing" className="text-white" /> : <Upload aria-hidden="true" />}
          {importing ? "Importing..." : `Import ${plural(count, "User")}`}
        </Button>
        {samples.length && others > 0 && !importing ? (
          <Button
            variant="outline"
            onClick={() => onImport("withoutSamples")}
            disabled={stale}
            className="w-full sm:w-auto"
          >
            {`Import ${plural(others, "User")} without the examples`}
          </Button>
        ) : null}
        {importing ? (
          <div className="min-w-0 sm:flex-1">
            <ImportProgressBar progress={progress} />
          </div>
        ) : null}
      </div>
      {asking ? (
        <ConfirmDialog
          title="Import the template's example people?"
          description={`${plural(samples.length, "person in this file is an example", "people in this file are examples")} from the import template: ${samples.map(sampleLabel).join(", ")}. They will take ${plural(samples.length, "seat")} and be sent invitations at example.com.`}
          confirmLabel="Import them too"
          cancelLabel="Go back"
          destructive={false}
          pending={false}
          onConfirm={() => {
            setAsking(false);
            onImport("all");
          }}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}
