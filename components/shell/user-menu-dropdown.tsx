"use client";

import { useState } from "react";
import { LogOut } from "lucide-react";
import type { ShellUser } from "@/lib/auth/shell-user";
import { apiFetch } from "@/lib/api/client";
import { toast } from "@/components/ui/toast";
import { noteLoggedOut } from "@/components/auth/logged-out-toast";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { ROLE_LABEL, USER_MENU_TRIGGER_CLASS, UserMenuTriggerFace, displayNameOf } from "@/components/shell/user-menu";

/** The account menu itself, loaded on first open (see UserMenu); it mounts open. */
export function UserMenuDropdown({ user }: { user: ShellUser | null }) {
  const [pending, setPending] = useState(false);
  const name = displayNameOf(user);

  async function logOut() {
    if (pending) return; // one request at a time, however often the item is chosen
    setPending(true);
    try {
      await apiFetch<{ ok: boolean }>("/api/auth/logout", { method: "POST" });
      // The sign-in page shows 'Logged out': a toast shown here would go with this page.
      noteLoggedOut();
      // A full page load, so no client cache or state of the old session survives;
      // a client-side router.push would keep both.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.href = "/login";
    } catch {
      toast({ title: "Error", description: "Failed to log out. Please try again.", variant: "destructive" });
      setPending(false);
    }
  }

  return (
    <DropdownMenu defaultOpen>
      {/* Named by its own text (no aria-label), so the spoken name matches what sighted users see. */}
      <DropdownMenuTrigger className={USER_MENU_TRIGGER_CLASS}>
        <UserMenuTriggerFace user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate font-medium text-slate-900">{name}</span>
          {user?.email && user.email !== name ? (
            <span className="truncate text-xs font-normal text-slate-500">{user.email}</span>
          ) : null}
          {user ? <span className="text-xs font-normal text-slate-500">{ROLE_LABEL[user.role]}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={pending}
          onSelect={() => {
            void logOut();
          }}
        >
          <LogOut aria-hidden="true" />
          {pending ? "Logging out..." : "Log out"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
