"use client";

import { useEffect } from "react";
import { TriangleAlert } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";

type PageErrorProps = { error: Error & { digest?: string }; retry: () => void; as?: "main" | "section" };

// What a page shows when rendering it failed on the server or in the browser: a calm message that
// fits every cause (in production the server's error reaches the browser redacted, so this cannot
// tell a database restart from a bug; the first is the common one and passes within seconds), the
// reference the server log carries (Next's digest, never the error text), and Try again, which
// fetches the page from the server again (Next's retry(); reset() would only re-render what the
// browser already has and fail the same way after the database is back).
// A plain <button> with the button's classes, not <Button>: this view is in the two error
// boundaries' scripts, which every page downloads, each with its own copy of what it imports.
export function PageError({ error, retry, as: Tag = "main" }: PageErrorProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Tag
      role="alert"
      aria-labelledby="page-error-title"
      className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </div>
      <h1 id="page-error-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        This page could not be loaded
      </h1>
      <p className="mt-2 max-w-sm text-sm text-slate-600">This is usually brief. Please try again in a few seconds.</p>
      {error.digest ? <p className="mt-2 text-xs text-slate-500">Reference: {error.digest}</p> : null}
      <button type="button" className={buttonVariants({ className: "mt-6" })} onClick={() => retry()}>
        Try again
      </button>
    </Tag>
  );
}
