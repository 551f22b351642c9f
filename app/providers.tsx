"use client";

// First, before any schema is built in the browser: no eval probe under the pages' CSP.
import "@/lib/utils/zod-no-eval";
import { useLayoutEffect } from "react";
import { Toaster } from "@/components/ui/toast";
import { markHydratedAndReplay } from "@/components/forms/early-submits";

// What every page gets, public ones and the survey page included: the toaster alone. The signed-in
// app's client providers (TanStack Query) live in components/shell/app-providers.tsx, around the
// app shell, so pages outside it do not download them (tests/e2e/budgets.spec.ts).
export function Providers({ children }: { children: React.ReactNode }) {
  // The root's layout effect runs after every form's own: the page is hydrated from here on.
  useLayoutEffect(markHydratedAndReplay, []);
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
