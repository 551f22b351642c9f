"use client";

import { useEffect } from "react";
import { TriangleAlert } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";

type PageErrorProps = { error: Error & { digest?: string }; reset: () => void; as?: "main" | "section" };

// What a page shows when rendering it failed on the server or in the browser: a plain message, the
// reference the server log carries (Next's digest, never the error text), and a way to try again.
// A plain <button> with the button's classes, not <Button>: this view is in the two error
// boundaries' scripts, which every page downloads, each with its own copy of what it imports.
export function PageError({ error, reset, as: Tag = "main" }: PageErrorProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Tag
      role="alert"
      aria-labelledby="page-error-title"
      className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </div>
      <h1 id="page-error-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Something went wrong
      </h1>
      <p className="mt-2 max-w-sm text-sm text-slate-600">
        This page could not be loaded. Please try again in a moment.
      </p>
      {error.digest ? <p className="mt-2 text-xs text-slate-500">Reference: {error.digest}</p> : null}
      <button type="button" className={buttonVariants({ className: "mt-6" })} onClick={reset}>
        Try again
      </button>
    </Tag>
  );
}
