"use client";

import type { ReactNode } from "react";
import { useLinkStatus } from "next/link";
import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils/cn";

/**
 * Inside a navigation <Link>: while the navigation it started waits for the server, a spinner
 * stands in for the link's icon (or follows its label) and screen readers hear the page's loading
 * text. The signed-in pages have no loading.tsx (their first HTML carries their content, see the
 * (app) layout), so this is what a person sees between the press and the new page.
 */
export function LinkPending({
  loadingText,
  icon,
  className,
}: {
  loadingText: string;
  icon?: ReactNode;
  className?: string;
}) {
  const { pending } = useLinkStatus();
  return (
    <>
      {pending ? (
        <LoaderCircle
          aria-hidden="true"
          className={cn(
            "shrink-0 animate-spin text-brand-600 motion-reduce:animate-[spin_1.5s_linear_infinite]",
            className,
          )}
        />
      ) : (
        icon
      )}
      {/* Always in the DOM, so the text is announced when it appears. */}
      <span role="status" className="sr-only">
        {pending ? loadingText : ""}
      </span>
    </>
  );
}
