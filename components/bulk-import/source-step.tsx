"use client";

import { useId, useState } from "react";
import { FileSpreadsheet, Upload, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils/cn";
import { TEMPLATE_HEADER } from "@/lib/people/csv";
import { StepCard } from "@/components/bulk-import/step-card";
import type { CsvSource } from "@/components/bulk-import/use-csv-source";

type Props = {
  source: CsvSource;
  disabled: boolean;
  onFile: (file: File) => void;
  onPaste: (text: string) => void;
  onClear: () => void;
};

export function SourceStep({ source, disabled, onFile, onPaste, onClear }: Props) {
  const inputId = useId();
  const pasteId = useId();
  const [dragging, setDragging] = useState(false);

  return (
    <StepCard
      step={2}
      title="Upload a CSV file or paste CSV text"
      description="The first line must be the header. At most 10,000 people and 5 MB per file."
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <div
          onDragOver={(e) => {
            e.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            const file = e.dataTransfer.files[0];
            if (file && !disabled) onFile(file);
          }}
          className={cn(
            "relative flex min-h-40 flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30",
            dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50",
          )}
        >
          {source.kind === "file" ? (
            <>
              <FileSpreadsheet aria-hidden="true" className="size-8 text-brand-600" />
              <p className="max-w-full truncate text-sm font-medium text-slate-900" title={source.name}>
                {source.name}
              </p>
              <Button variant="ghost" size="sm" onClick={onClear} disabled={disabled}>
                <X aria-hidden="true" />
                Remove file
              </Button>
            </>
          ) : (
            <>
              <Upload aria-hidden="true" className="size-8 text-slate-500" />
              <p className="text-sm text-slate-700">
                <label
                  htmlFor={inputId}
                  className="cursor-pointer font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  Choose a CSV file
                </label>
                <span className="hidden sm:inline"> or drag it here</span>
              </p>
              <p className="text-xs text-slate-500">.csv, up to 5 MB</p>
            </>
          )}
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            disabled={disabled}
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              // Cleared so choosing the same file again (after editing it) fires a change.
              e.target.value = "";
              if (file) onFile(file);
            }}
          />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={pasteId}>Or paste CSV text</Label>
          <textarea
            id={pasteId}
            value={source.kind === "paste" ? source.text : ""}
            onChange={(e) => onPaste(e.target.value)}
            disabled={disabled}
            rows={7}
            spellCheck={false}
            placeholder={`${TEMPLATE_HEADER}\nJane,Doe,jane.doe@example.com,employee,Sales,`}
            aria-describedby={source.kind === "file" ? `${pasteId}-hint` : undefined}
            className="min-h-40 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm"
          />
          {source.kind === "file" ? (
            <p id={`${pasteId}-hint`} className="text-xs text-slate-500">
              Pasting text here replaces the chosen file.
            </p>
          ) : null}
        </div>
      </div>
    </StepCard>
  );
}
