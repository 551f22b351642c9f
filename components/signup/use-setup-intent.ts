"use client";

import { useRef, useState } from "react";
import { loadSignupCalls } from "@/components/signup/load-signup-calls";
import type { SetupIntentRequest } from "@/lib/billing/schemas";
import { needsNewIntent, setupIntentKey, type CardState } from "@/components/signup/setup-intent";

/** The SetupIntent of the card step: created on entering the step, kept while the company
 * details it was made for stay the same, made again (with a retry) when they change or it failed. */
export function useSetupIntent() {
  const [state, setState] = useState<CardState>({ kind: "idle" });
  // Only the newest request may answer: going back and forth starts a new one.
  const latest = useRef(0);

  async function prepare(request: SetupIntentRequest, force = false) {
    const key = setupIntentKey(request);
    if (!force && !needsNewIntent(state, key)) return;
    const call = ++latest.current;
    setState({ kind: "loading", key });
    try {
      const { postSetupIntent } = await loadSignupCalls();
      const { clientSecret } = await postSetupIntent(request);
      if (call === latest.current) setState({ kind: "ready", key, clientSecret, confirmedId: null });
    } catch {
      if (call === latest.current) setState({ kind: "failed", key, request });
    }
  }

  function confirmed(setupIntentId: string) {
    setState((s) => (s.kind === "ready" ? { ...s, confirmedId: setupIntentId } : s));
  }

  return {
    state,
    prepare,
    retry: () => (state.kind === "failed" ? prepare(state.request, true) : undefined),
    confirmed,
  };
}
