"use client";

import { useRef, useState } from "react";
import { ChevronDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ContentCard, type CardActions } from "@/components/library/content-card";
import type { LibraryItem } from "@/components/library/library-types";
import { formatNumber, plural } from "@/lib/format";

/** Cards shown at first and added by each 'Show more': a phone shows a dozen cards, not the whole
 * library (77 cards made the page 25,000 px tall). */
const LIBRARY_PAGE_SIZE = 12;

/**
 * One section's cards, a page at a time. The list holds every item the search and filters select
 * (they apply to the whole library); only the rendering is paged. The parent keys it by the
 * filters so a new search starts again at the first page.
 */
export function PagedCards({ items, ...actions }: { items: readonly LibraryItem[] } & CardActions) {
  const [shown, setShown] = useState(LIBRARY_PAGE_SIZE);
  const listRef = useRef<HTMLUListElement>(null);
  const visible = items.slice(0, shown);
  const remaining = items.length - visible.length;

  function showMore() {
    const first = visible.length;
    setShown((n) => n + LIBRARY_PAGE_SIZE);
    // Keyboard and screen-reader users continue at the first card added, not back at the button
    // that has moved below them.
    requestAnimationFrame(() => {
      const card = listRef.current?.children[first];
      if (card instanceof HTMLElement) card.focus();
    });
  }

  return (
    <>
      <ul ref={listRef} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {visible.map((item) => (
          <ContentCard key={item.id} item={item} {...actions} />
        ))}
      </ul>
      {items.length > LIBRARY_PAGE_SIZE ? (
        <div className="flex flex-col items-center gap-2 pt-2 sm:flex-row sm:justify-between">
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="library-shown">
            {`Showing ${formatNumber(visible.length)} of ${plural(items.length, "item")}`}
          </p>
          {remaining > 0 ? (
            <Button variant="outline" onClick={showMore}>
              <ChevronDown /> {`Show ${formatNumber(Math.min(remaining, LIBRARY_PAGE_SIZE))} more`}
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
