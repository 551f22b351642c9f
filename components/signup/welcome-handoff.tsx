"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { Spinner } from "@/components/ui/spinner";
import { postQuickLogin } from "@/lib/signup/client";

const FAILED =
  "This sign-in link is invalid, was already used or has expired. Please sign in with your email and password.";

function tokenFromFragment(): string | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  return params.get("token");
}

/**
 * Redeems the signup handoff token on the new workspace. The token arrives in the URL fragment,
 * which never reaches a server log or a Referer; it is removed from the address bar at once so
 * it does not linger in history either.
 */
export function WelcomeHandoff({ subdomain }: { subdomain: string }) {
  const [failed, setFailed] = useState(false);
  // A token is single-use: never post it twice (React's development double-effect included).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = tokenFromFragment();
    window.history.replaceState(null, "", window.location.pathname);
    if (!token) {
      // Deferred, not set during the effect's own run (a render loop guard of React's lint rules).
      queueMicrotask(() => setFailed(true));
      return;
    }
    postQuickLogin(subdomain, token)
      // A full navigation, so the dashboard renders on the server with the new session cookie.
      .then(() => window.location.replace("/"))
      .catch(() => setFailed(true));
  }, [subdomain]);

  if (failed) {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sm text-slate-700">
          {FAILED}
        </p>
        <Link
          href="/login"
          className="inline-flex h-10 w-full items-center justify-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          Go to sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-3 text-sm text-slate-700">
      <Spinner size="sm" label="Signing you in" />
      <span>Signing you in to your new workspace...</span>
    </div>
  );
}
