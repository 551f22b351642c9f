"use client";

import { useEffect } from "react";
import { toast } from "@/components/ui/toast";

// Signing out ends with a full page load of the sign-in page (no state of the old session may
// survive), which would take a toast shown before it along. So the menu leaves a note in this
// tab's session storage and the sign-in page shows the toast once it has loaded. Nothing but the
// fact is stored, and it is read once: a reload or another tab shows nothing.
const LOGGED_OUT_KEY = "pulsewell:logged-out";

/** Called by the account menu right before it navigates to the sign-in page. */
export function noteLoggedOut(): void {
  try {
    window.sessionStorage.setItem(LOGGED_OUT_KEY, "1");
  } catch {
    // Storage blocked (private mode, policy): signing out works the same, without the toast.
  }
}

/** On the sign-in page: the 'Logged out' toast, once, after signing out in this tab. */
export function LoggedOutToast() {
  useEffect(() => {
    let noted = false;
    try {
      noted = window.sessionStorage.getItem(LOGGED_OUT_KEY) === "1";
      window.sessionStorage.removeItem(LOGGED_OUT_KEY);
    } catch {
      return;
    }
    if (noted) toast({ title: "Logged out", description: "You have been successfully logged out." });
  }, []);
  return null;
}
