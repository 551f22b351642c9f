"use client";

import { useDeferredValue, useMemo, useState } from "react";
import { CSV_ERRORS, checkImportFile, parseImportCsv, type CsvParseResult } from "@/lib/people/csv";

export type CsvSource =
  | { kind: "none" }
  | { kind: "file"; name: string; text: string; error: string | null }
  | { kind: "paste"; text: string };

export type CsvPreview = {
  source: CsvSource;
  /** Null while there is nothing to preview. */
  parsed: CsvParseResult | null;
  /** True while the preview still shows an older text (typing in a large paste). */
  stale: boolean;
  reading: boolean;
  setFile: (file: File) => Promise<void>;
  setPasted: (text: string) => void;
  clear: () => void;
};

/** The CSV the admin chose or pasted, and its preview, rebuilt on every change.
 * Parsing follows a deferred copy of the text, so typing stays responsive with 10,000 rows. */
export function useCsvSource(onChange: () => void): CsvPreview {
  const [source, setSource] = useState<CsvSource>({ kind: "none" });
  const [reading, setReading] = useState(false);
  const text = source.kind === "none" ? "" : source.text;
  const deferred = useDeferredValue(text);
  const fileError = source.kind === "file" ? source.error : null;

  const parsedText = useMemo(() => (deferred.trim() ? parseImportCsv(deferred) : null), [deferred]);
  const parsed = fileError ? { rows: [], problems: [], fileErrors: [fileError] } : parsedText;

  async function setFile(file: File) {
    onChange();
    const refused = checkImportFile(file);
    if (refused) return setSource({ kind: "file", name: file.name, text: "", error: refused });
    setReading(true);
    try {
      const content = await file.text();
      setSource({ kind: "file", name: file.name, text: content, error: content.trim() ? null : CSV_ERRORS.empty });
    } catch {
      setSource({ kind: "file", name: file.name, text: "", error: CSV_ERRORS.unreadable });
    } finally {
      setReading(false);
    }
  }

  return {
    source,
    parsed,
    stale: deferred !== text,
    reading,
    setFile,
    setPasted: (value) => {
      onChange();
      setSource(value ? { kind: "paste", text: value } : { kind: "none" });
    },
    clear: () => {
      onChange();
      setSource({ kind: "none" });
    },
  };
}
