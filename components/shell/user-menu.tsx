"use client";

import { useState, type ComponentType } from "react";
import { ChevronDown } from "lucide-react";
import type { ShellUser } from "@/lib/auth/shell-user";

export const ROLE_LABEL: Record<ShellUser["role"], string> = {
  admin: "Admin",
  manager: "Manager",
  employee: "Employee",
};

/** Initials from first and last name, else the e-mail's first letter, else 'U' (no user). */
function initialsOf(user: ShellUser | null): string {
  if (!user) return "U";
  const fromName = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (fromName || user.email.trim().charAt(0) || "U").toUpperCase();
}

/** Full name, falling back to the e-mail, then 'User'. */
export function displayNameOf(user: ShellUser | null): string {
  if (!user) return "User";
  return `${user.firstName.trim()} ${user.lastName.trim()}`.trim() || user.email.trim() || "User";
}

export const USER_MENU_TRIGGER_CLASS =
  "flex items-center gap-2 rounded-full p-1 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:rounded-md sm:pr-2";

/** What the menu button shows: initials, then name and role from the small breakpoint up. */
export function UserMenuTriggerFace({ user }: { user: ShellUser | null }) {
  const name = displayNameOf(user);
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
      >
        {initialsOf(user)}
      </span>
      <span className="sr-only sm:hidden">{name}</span>
      <span className="hidden max-w-40 flex-col sm:flex">
        <span className="truncate text-sm font-medium text-slate-900">{name}</span>
        {user ? <span className="text-xs text-slate-500">{ROLE_LABEL[user.role]}</span> : null}
      </span>
      <span className="sr-only">, account menu</span>
      <ChevronDown aria-hidden="true" className="hidden size-4 text-slate-500 sm:block" />
    </>
  );
}

type DropdownComponent = ComponentType<{ user: ShellUser | null }>;
const loadDropdown = () => import("@/components/shell/user-menu-dropdown").then((m) => m.UserMenuDropdown);

/**
 * The account menu. The menu code (Radix dropdown) is not in every page's first download: the
 * server renders a real button, and the first open (click, Enter, Space or ArrowDown) loads the
 * menu, which mounts open and takes focus as Radix does; from then on it is the Radix menu.
 */
export function UserMenu({ user }: { user: ShellUser | null }) {
  const [Dropdown, setDropdown] = useState<DropdownComponent | null>(null);
  const [loading, setLoading] = useState(false);

  if (Dropdown) return <Dropdown user={user} />;

  function open() {
    if (loading) return;
    setLoading(true);
    loadDropdown()
      .then((component) => setDropdown(() => component))
      .catch(() => setLoading(false)); // offline: the next press tries again
  }

  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={loading || undefined}
      className={USER_MENU_TRIGGER_CLASS}
      // Start fetching when the pointer or focus arrives, so the first open feels immediate.
      onPointerEnter={() => void loadDropdown().catch(() => undefined)}
      onFocus={() => void loadDropdown().catch(() => undefined)}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown") {
          event.preventDefault();
          open();
        }
      }}
    >
      <UserMenuTriggerFace user={user} />
    </button>
  );
}
