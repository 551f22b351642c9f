"use client";

import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Check, ChevronDown } from "lucide-react";
import { searchTimeZones, suggestedTimeZone, timeZoneLabel } from "@/lib/format/zones";
import { browserTimeZone } from "@/components/one-on-one/format";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils/cn";
import { plural } from "@/lib/format";

const noSubscribe = () => () => {};

/**
 * A searchable time zone field (the ARIA combobox pattern with a listbox): type part of a city or
 * region, move with the arrow keys, Enter picks, Escape closes. The browser's own zone is offered
 * first and as a one-click suggestion. The value is the IANA name, as the server validates it.
 */
export function TimeZonePicker({
  id,
  zones,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
}: {
  id: string;
  /** The zones to choose from (IANA names). */
  zones: readonly string[];
  value: string;
  onChange: (timeZone: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  // Only the browser knows its zone: null while rendering on the server, so the markup matches.
  const browserZone = useSyncExternalStore(noSubscribe, browserTimeZone, () => null);
  const suggested = suggestedTimeZone(zones, browserZone);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const results = useMemo(() => searchTimeZones(zones, query, suggested), [zones, query, suggested]);
  const expanded = open && results.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => {
    if (expanded) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expanded, active]);

  function openList(nextQuery = query) {
    setOpen(true);
    // Start on the current value when it is in the list, else on the best match.
    const current = nextQuery ? -1 : results.indexOf(value);
    setActive(Math.max(0, current));
  }

  function close() {
    setOpen(false);
    setQuery("");
  }

  function choose(zone: string) {
    onChange(zone);
    close();
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    const last = results.length - 1;
    // While closed the field shows the chosen zone: the first character typed starts a new search
    // instead of being inserted into that label wherever the caret happens to be.
    if (!open && e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      setQuery(e.key);
      setOpen(true);
      setActive(0);
      return;
    }
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(last, i + 1));
        break;
      case "ArrowUp":
        e.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(0, i - 1));
        break;
      case "PageDown":
        if (expanded) {
          e.preventDefault();
          setActive((i) => Math.min(last, i + 10));
        }
        break;
      case "PageUp":
        if (expanded) {
          e.preventDefault();
          setActive((i) => Math.max(0, i - 10));
        }
        break;
      case "Enter":
        // Picks the highlighted zone instead of submitting the form.
        if (expanded) {
          e.preventDefault();
          choose(results[active]!);
        }
        break;
      case "Escape":
        if (open) {
          e.preventDefault();
          close();
        }
        break;
      case "Tab":
        close();
        break;
    }
  }

  return (
    <div className="space-y-1.5">
      <div className="relative">
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={expanded ? optionId(active) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(" ")}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          value={open ? query : timeZoneLabel(value)}
          placeholder={open ? timeZoneLabel(value) : undefined}
          className="pr-9"
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onClick={() => (open ? undefined : openList())}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        />
        {expanded ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Time zones"
            className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
          >
            {results.map((zone, i) => (
              <li
                key={zone}
                id={optionId(i)}
                role="option"
                aria-selected={zone === value}
                // Keep focus in the field so the list does not close before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => setActive(i)}
                onClick={() => choose(zone)}
                className={cn(
                  "flex cursor-pointer items-center gap-2 px-3 py-2",
                  i === active ? "bg-brand-50 text-brand-800" : "text-slate-900",
                )}
              >
                <Check
                  aria-hidden="true"
                  className={cn("size-4 shrink-0", zone === value ? "text-brand-600" : "invisible")}
                />
                <span className="min-w-0 flex-1 break-words">{timeZoneLabel(zone)}</span>
                {zone === suggested ? <span className="shrink-0 text-xs text-slate-600">Your time zone</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        {open && results.length === 0 ? (
          <p className="absolute inset-x-0 top-full z-30 mt-1 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg">
            No time zone matches “{query}”.
          </p>
        ) : null}
      </div>
      <p id={hintId} className="sr-only">
        Type a city or region to search.
      </p>
      <p className="sr-only" aria-live="polite">
        {open ? plural(results.length, "time zone") : ""}
      </p>
      {suggested && suggested !== value && !disabled ? (
        <button
          type="button"
          // The button goes once used: focus returns to the field rather than to the page.
          onClick={() => {
            onChange(suggested);
            inputRef.current?.focus();
          }}
          className="text-left text-sm text-brand-700 underline-offset-4 hover:underline"
        >
          Use your time zone ({timeZoneLabel(suggested)})
        </button>
      ) : null}
    </div>
  );
}
