"use client";

import { useRef } from "react";

/** What had focus when a dialog opened, and the menu button to fall back on when that was a menu item. */
type Opener = { element: Element | null; menuTriggerId: string | null };

function focusable(el: Element | null): el is HTMLElement {
  return (
    el instanceof HTMLElement &&
    el.isConnected &&
    !el.closest("[inert],[aria-hidden='true']") &&
    !(el as HTMLButtonElement).disabled
  );
}

/** The first element of the page to take focus once the opener is gone: the given id (a list
 * heading), else the page's main heading, else the main region. Headings get tabIndex -1. */
function fallbackTarget(fallbackId: string | undefined): HTMLElement | null {
  const candidates = [
    fallbackId ? document.getElementById(fallbackId) : null,
    document.querySelector("main h1"),
    document.getElementById("main-content"),
  ];
  for (const el of candidates) {
    if (!focusable(el)) continue;
    if (!el.hasAttribute("tabindex") && !el.matches("a[href],button,input,select,textarea")) el.tabIndex = -1;
    return el;
  }
  return null;
}

/**
 * Focus back to the opener when a dialog closes, for every dialog (DialogContent uses it):
 * `onOpen` (DialogContent's onOpenAutoFocus) notes what had focus before the dialog moved focus
 * into itself; `onClose` (onCloseAutoFocus) puts it back there. A dialog opened from a dropdown
 * menu item gets the menu's button instead (the item is gone with its menu); when the opener
 * itself is gone (the row just deleted), `fallbackId` or the page's heading takes focus, never
 * the top of the document.
 */
export function useReturnFocus(fallbackId?: string): { onOpen: () => void; onClose: (event: Event) => void } {
  const opener = useRef<Opener>({ element: null, menuTriggerId: null });
  return {
    onOpen: () => {
      const element = document.activeElement;
      const menu = element?.closest("[role='menu']");
      opener.current = { element, menuTriggerId: menu?.getAttribute("aria-labelledby") ?? null };
    },
    onClose: (event) => {
      const { element, menuTriggerId } = opener.current;
      const menuTrigger = menuTriggerId ? document.getElementById(menuTriggerId) : null;
      const target =
        focusable(element) && element !== document.body
          ? element
          : focusable(menuTrigger)
            ? menuTrigger
            : fallbackTarget(fallbackId);
      if (!target) return;
      event.preventDefault();
      target.focus({ preventScroll: false });
    },
  };
}
