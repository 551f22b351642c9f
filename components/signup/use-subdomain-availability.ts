"use client";

import { useEffect, useState } from "react";
import { loadSignupCalls } from "@/components/signup/load-signup-calls";
import { suggestionCandidates } from "@/lib/signup/slug";
import { subdomainFormatError } from "@/lib/validation/signup-rules";

// The states of the subdomain check: none, checking, available, unavailable, error.
type AvailabilityStatus = "none" | "checking" | "available" | "unavailable" | "error";

export type AvailabilityState = {
  status: AvailabilityStatus;
  message: string;
  /** The first free alternative when the name is taken ('Try X instead?'). */
  suggestion: string | null;
};

const CHECK_DEBOUNCE_MS = 500;
const CHECK_ERROR_MESSAGE = "Error checking availability";

type Result = AvailabilityState & { value: string };

const NONE: AvailabilityState = { status: "none", message: "", suggestion: null };

async function firstAvailable(base: string, signal: AbortSignal): Promise<string | null> {
  const { fetchAvailability } = await loadSignupCalls();
  // One at a time, in order (docs/decisions.md (Screens, texts and limits)): usually the first candidate is free.
  for (const candidate of suggestionCandidates(base)) {
    if (signal.aborted) return null;
    const r = await fetchAvailability(candidate, signal);
    if (r.available) return candidate;
  }
  return null;
}

/**
 * The live availability of a subdomain, checked 500 ms after typing stops. Only a well-formed
 * name is checked (3 characters and the other format rules): a malformed one is the
 * form's own message under the field, so the two never say different things about one value.
 * The result is stored with the value it answers, so a stale answer for an earlier value is
 * never shown as the current one.
 */
export function useSubdomainAvailability(subdomain: string): AvailabilityState {
  const [result, setResult] = useState<Result | null>(null);
  const checkable = subdomainFormatError(subdomain) === null;

  useEffect(() => {
    if (!checkable) return;
    const controller = new AbortController();
    const { signal } = controller;
    const timer = setTimeout(async () => {
      try {
        const { fetchAvailability, UNAVAILABLE_FALLBACK } = await loadSignupCalls();
        const r = await fetchAvailability(subdomain, signal);
        if (signal.aborted) return;
        if (r.available) {
          setResult({ value: subdomain, status: "available", message: r.message, suggestion: null });
          return;
        }
        setResult({
          value: subdomain,
          status: "unavailable",
          message: r.message || UNAVAILABLE_FALLBACK,
          suggestion: null,
        });
        const suggestion = await firstAvailable(subdomain, signal);
        if (!signal.aborted && suggestion)
          setResult((prev) => (prev?.value === subdomain ? { ...prev, suggestion } : prev));
      } catch {
        if (!signal.aborted)
          setResult({ value: subdomain, status: "error", message: CHECK_ERROR_MESSAGE, suggestion: null });
      }
    }, CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [subdomain, checkable]);

  if (!checkable) return NONE;
  if (result?.value !== subdomain) return { status: "checking", message: "Checking...", suggestion: null };
  return result;
}
