"use client";

import { useState } from "react";
import { ChevronDown, LogOut } from "lucide-react";
import type { ShellUser } from "@/lib/auth/shell-user";
import { apiFetch } from "@/lib/api/client";
import { toast } from "@/components/ui/toast";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

const ROLE_LABEL: Record<ShellUser["role"], string> = { admin: "Admin", manager: "Manager", employee: "Employee" };

/** Initials from first and last name, else the e-mail's first letter, else 'U' (spec: no user). */
export function initialsOf(user: ShellUser | null): string {
  if (!user) return "U";
  const fromName = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (fromName || user.email.trim().charAt(0) || "U").toUpperCase();
}

/** Full name, falling back to the e-mail, then 'User'. */
export function displayNameOf(user: ShellUser | null): string {
  if (!user) return "User";
  return `${user.firstName.trim()} ${user.lastName.trim()}`.trim() || user.email.trim() || "User";
}

export function UserMenu({ user }: { user: ShellUser | null }) {
  const [pending, setPending] = useState(false);
  const name = displayNameOf(user);

  async function logOut() {
    if (pending) return; // one request at a time, however often the item is chosen
    setPending(true);
    try {
      await apiFetch<{ ok: boolean }>("/api/auth/logout", { method: "POST" });
      toast({ title: "Logged out", description: "You have been successfully logged out." });
      // A full page load (spec section 4), so no client cache or state of the old session survives;
      // a client-side router.push would keep both.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.href = "/login";
    } catch {
      toast({ title: "Error", description: "Failed to log out. Please try again.", variant: "destructive" });
      setPending(false);
    }
  }

  return (
    <DropdownMenu>
      {/* Named by its own text (no aria-label), so the spoken name matches what sighted users see. */}
      <DropdownMenuTrigger className="flex items-center gap-2 rounded-full p-1 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:rounded-md sm:pr-2">
        <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">
          {initialsOf(user)}
        </span>
        <span className="sr-only sm:hidden">{name}</span>
        <span className="hidden max-w-40 flex-col sm:flex">
          <span className="truncate text-sm font-medium text-slate-900">{name}</span>
          {user ? <span className="text-xs text-slate-500">{ROLE_LABEL[user.role]}</span> : null}
        </span>
        <span className="sr-only">, account menu</span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-500 sm:block" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate font-medium text-slate-900">{name}</span>
          {user?.email && user.email !== name ? <span className="truncate text-xs font-normal text-slate-500">{user.email}</span> : null}
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
