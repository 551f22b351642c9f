"use client";

import { Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { CONTENT_TYPE_LABELS, categoryLabel } from "@/lib/library/schemas";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TYPE_ICONS } from "@/components/library/type-icons";
import type { LibraryItem } from "@/components/library/library-types";
import { formatDate } from "@/lib/format";

/** The card shows 150 characters of content and 3 tags, then '+N more' (docs/decisions.md (The leadership library)). */
const PREVIEW_CHARS = 150;
const SHOWN_TAGS = 3;

function preview(content: string): string {
  const text = content
    .replace(/^#+\s*/gm, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}...` : text;
}

export type CardActions = {
  onEdit: (item: LibraryItem) => void;
  onDelete: (item: LibraryItem) => void;
  onToggleHidden: (item: LibraryItem) => void;
  busy: boolean;
};

/** One library item: icon by type, title, category badge, preview, tags, date, its actions. */
export function ContentCard({ item, onEdit, onDelete, onToggleHidden, busy }: { item: LibraryItem } & CardActions) {
  const Icon = TYPE_ICONS[item.contentType];
  const builtin = item.source === "builtin";
  const extraTags = item.tags.length - SHOWN_TAGS;
  return (
    <li
      // Focusable from script only: 'Show more' moves focus to the first card it adds.
      tabIndex={-1}
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      data-testid="content-card"
      aria-label={item.title}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600"
          title={CONTENT_TYPE_LABELS[item.contentType]}
        >
          <Icon aria-hidden="true" className="size-4" />
          <span className="sr-only">{CONTENT_TYPE_LABELS[item.contentType]}</span>
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-base leading-snug font-semibold text-slate-900 wrap-anywhere">{item.title}</h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge variant="secondary" data-testid="category-badge">
              {categoryLabel(item.category)}
            </Badge>
            {builtin ? <Badge variant="outline">Built-in</Badge> : null}
            {item.hidden ? <Badge variant="warning">Hidden from coach</Badge> : null}
          </div>
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-600 wrap-anywhere">{preview(item.content)}</p>
      {item.tags.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
          {item.tags.slice(0, SHOWN_TAGS).map((t) => (
            <li key={t} className="max-w-full min-w-0">
              <Badge variant="outline" className="block max-w-full truncate">
                {t}
              </Badge>
            </li>
          ))}
          {extraTags > 0 ? (
            <li>
              <Badge variant="outline">{`+${extraTags} more`}</Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-4">
        <p className="text-xs text-slate-500">
          {builtin || !item.createdAt ? "Pulsewell library" : `Added ${formatDate(item.createdAt, "date", "UTC")}`}
        </p>
        <div className="flex gap-1">
          {builtin ? (
            <Button variant="ghost" size="sm" onClick={() => onToggleHidden(item)} disabled={busy}>
              {item.hidden ? (
                <>
                  <Eye /> Show to coach
                </>
              ) : (
                <>
                  <EyeOff /> Hide from coach
                </>
              )}
            </Button>
          ) : (
            <>
              <Button variant="ghost" size="icon-sm" onClick={() => onEdit(item)} aria-label={`Edit ${item.title}`}>
                <Pencil />
              </Button>
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={() => onDelete(item)}
                aria-label={`Delete ${item.title}`}
                className="text-red-600 hover:text-red-700"
              >
                <Trash2 />
              </Button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}

/** The loading state: 6 cards' outlines. */
export function CardSkeletons() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true" data-testid="content-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="animate-pulse rounded-xl border border-slate-200 bg-white p-5">
          <div className="flex gap-3">
            <div className="size-9 rounded-lg bg-slate-200" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-3/4 rounded bg-slate-200" />
              <div className="h-3 w-1/3 rounded bg-slate-100" />
            </div>
          </div>
          <div className="mt-4 space-y-2">
            <div className="h-3 rounded bg-slate-100" />
            <div className="h-3 rounded bg-slate-100" />
            <div className="h-3 w-2/3 rounded bg-slate-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}
