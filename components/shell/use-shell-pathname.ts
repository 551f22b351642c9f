"use client";

import { usePathname } from "next/navigation";
import { TENANT_SEGMENT } from "@/lib/tenancy/routing";

/**
 * The path as the user sees it. The proxy serves workspace pages from an internal
 * `/t/{tenant}/...` route; should a render ever report that internal path, strip it so the
 * server and browser highlight the same nav entry (no hydration mismatch).
 */
export function useShellPathname(): string {
  const pathname = usePathname() ?? "/";
  if (!pathname.startsWith(`${TENANT_SEGMENT}/`)) return pathname;
  const rest = pathname
    .slice(TENANT_SEGMENT.length + 1)
    .split("/")
    .slice(1)
    .join("/");
  return `/${rest}`;
}
