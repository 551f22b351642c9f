"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { X } from "lucide-react";
import { cn } from "@/lib/utils/cn";

// A deliberately small toaster (docs/decisions.md (Screens, texts and limits)): one toast at a time, 5000 ms on screen,
// F8 jumps to the region, a swipe right of 50 px dismisses. The state lives in a module-level
// store so any client code can call toast() without threading a context through.

const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

type ToastVariant = "default" | "destructive";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; defaults to 5000. */
  duration?: number;
};

type ToastItem = ToastInput & { id: number };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const EMPTY: ToastItem[] = [];

function setItems(next: ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Removes one toast, or all of them when called without an id. */
function dismissToast(id?: number): void {
  setItems(id === undefined ? [] : items.filter((t) => t.id !== id));
}

/** Shows a toast; a newer one replaces the visible one (limit 1). */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  setItems([{ ...input, id }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function useToastItems(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => EMPTY,
  );
}

// Title and description read as two sentences: a title that ends its own sentence ('Import
// completed!') gets no second full stop.
const announce = (t: ToastItem | undefined) =>
  t
    ? [t.title, t.description]
        .filter(Boolean)
        .map((part, i, all) => (i < all.length - 1 && !/[.!?]$/.test(part!) ? `${part}.` : part))
        .join(" ")
    : "";

/** Render once near the root (app/providers.tsx does). */
export function Toaster() {
  const list = useToastItems();
  const regionRef = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.key !== "F8" || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      e.preventDefault();
      regionRef.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      {/* Live regions exist before any toast appears, which screen readers need to announce reliably;
          the visible toasts below are then not live, so nothing is read twice. */}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announce(list.find((t) => t.variant !== "destructive"))}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="sr-only">
        {announce(list.find((t) => t.variant === "destructive"))}
      </div>
      <section
        ref={regionRef}
        tabIndex={-1}
        aria-label="Notifications (F8)"
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape" && list.length > 0) dismissToast();
        }}
        // Top on phones (the bottom tab bar lives there), bottom-right from sm up.
        className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex flex-col p-4 outline-none focus-visible:outline-2 focus-visible:outline-brand-500 sm:top-auto sm:right-0 sm:bottom-0 sm:left-auto sm:w-full sm:max-w-sm"
      >
        <ol className="flex flex-col gap-2">
          {list.map((t) => (
            <ToastCard key={t.id} item={t} paused={hovered || focused} />
          ))}
        </ol>
      </section>
    </>
  );
}

function ToastCard({ item, paused }: { item: ToastItem; paused: boolean }) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const destructive = item.variant === "destructive";

  // Restarting the full duration after a pause is simpler than tracking the remainder, and kinder.
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => dismissToast(item.id), item.duration ?? TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [paused, item.id, item.duration]);

  return (
    <li
      onPointerDown={(e) => {
        startX.current = e.clientX;
      }}
      onPointerMove={(e) => {
        if (startX.current !== null) setOffset(Math.max(0, e.clientX - startX.current));
      }}
      onPointerUp={() => {
        startX.current = null;
        if (offset > SWIPE_THRESHOLD_PX) dismissToast(item.id);
        else setOffset(0);
      }}
      onPointerCancel={() => {
        startX.current = null;
        setOffset(0);
      }}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      className={cn(
        "pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
        destructive ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900",
      )}
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? (
          <p className={cn("text-sm", destructive ? "text-red-50" : "text-slate-600")}>{item.description}</p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        className={cn(
          "absolute top-2 right-2 rounded-md p-1.5 focus-visible:outline-2",
          destructive
            ? "text-red-100 hover:bg-red-800 hover:text-white focus-visible:outline-white"
            : "text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-500",
        )}
      >
        <X aria-hidden="true" className="size-4" />
        <span className="sr-only">Close</span>
      </button>
    </li>
  );
}
