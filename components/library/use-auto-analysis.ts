"use client";

import { useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { toast } from "@/components/ui/toast";
import { analysisErrorText } from "@/components/library/analysis-messages";
import type { Analysis } from "@/components/library/library-types";

/** More than 50 characters, a 1000 ms pause after the last change (docs/decisions.md (The leadership library)). */
const AUTO_ANALYSIS_MIN_CHARS = 50;
const AUTO_ANALYSIS_DELAY_MS = 1000;

type Options = {
  content: string;
  /** Title, type or category still empty: only then does the analysis start by itself. */
  missing: boolean;
  /** What to do with the suggestion; `manual` is true for the Re-analyze button. */
  apply: (analysis: Analysis, manual: boolean) => void;
  /** An edited item's content: it starts no analysis until it changes. */
  initialContent?: string;
};

/**
 * The add form's content analysis: starts by itself 1 s after the content last changed when it
 * holds more than 50 characters, a field it can fill is empty and no analysis runs; `analyze()`
 * is the Re-analyze button.
 */
export function useAutoAnalysis({ content, missing, apply, initialContent }: Options) {
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  // The content last analysed automatically, so a failure or a kept suggestion is not retried
  // for the same text over and over.
  const lastAuto = useRef<string | null>(initialContent ?? null);
  // The last outcome, also said inside the dialog: a modal dialog hides the toasts from screen
  // readers (everything outside it is aria-hidden while it is open).
  const [outcome, setOutcome] = useState<{ tone: "ok" | "error"; text: string } | null>(null);

  const mutation = useMutation({
    mutationFn: (text: string) =>
      apiFetch<Analysis>("/api/ai/categorize-content", { method: "POST", body: { content: text } }),
  });
  const { mutate, isPending } = mutation;

  function run(text: string, manual: boolean) {
    mutate(text, {
      onSuccess: (analysis) => {
        applyRef.current(analysis, manual);
        const text = "AI has suggested categories and tags for your content.";
        setOutcome({ tone: "ok", text });
        toast({ title: "Content Analyzed", description: text });
      },
      onError: (err) => {
        const text = analysisErrorText(err);
        setOutcome({ tone: "error", text });
        toast({ title: "Error", description: text, variant: "destructive" });
      },
    });
  }

  const eligible = content.trim().length > AUTO_ANALYSIS_MIN_CHARS;
  useEffect(() => {
    if (!eligible || !missing || isPending || lastAuto.current === content) return;
    const timer = window.setTimeout(() => {
      lastAuto.current = content;
      run(content, false);
    }, AUTO_ANALYSIS_DELAY_MS);
    return () => window.clearTimeout(timer);
    // run is recreated each render; the timer must restart only when these change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [content, eligible, missing, isPending]);

  function analyze() {
    if (!content.trim()) {
      setOutcome({ tone: "error", text: "Please paste your content first before analyzing." });
      toast({ title: "No Content", description: "Please paste your content first before analyzing." });
      return;
    }
    if (isPending) return;
    lastAuto.current = content;
    run(content, true);
  }

  return { enabled: eligible, analyzing: isPending, analyze, outcome };
}
