"use client";

import { useState } from "react";

/**
 * For a dialog that is mounted only while open (it has no Radix trigger): the handler for
 * DialogContent's onCloseAutoFocus that puts focus back on what had it when the dialog opened,
 * the button that opened it. Radix would focus its trigger, which such a dialog does not have,
 * and focus would fall to the page's top.
 */
export function useReturnFocus(): (event: Event) => void {
  // Read on the first render, before the dialog moves focus into itself.
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  return (event) => {
    if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
}
