import Link from "next/link";
import { Lock } from "lucide-react";
import { rolesWith, type Permission } from "@/lib/auth/permissions";
import type { ShellUser } from "@/lib/auth/shell-user";
import { Button } from "@/components/ui/button";

const PLURAL: Record<ShellUser["role"], string> = { admin: "admins", manager: "managers", employee: "employees" };

/** "admins", "admins and managers": who holds the permission, read from the one map so the
 * sentence cannot drift from what the server enforces. */
function holders(permission: Permission): string {
  const names = rolesWith(permission).map((r) => PLURAL[r]);
  return names.length <= 1 ? (names[0] ?? "nobody") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

type AccessRestrictedProps = {
  /** The page's name as the navigation says it, e.g. "Pulse Overview". */
  feature: string;
  /** The permission the page needs: the sentence names the roles holding it. */
  permission: Permission;
  /** One more sentence for this page, e.g. how the visitor's own answers are reported. */
  detail?: string;
  /** "h2" inside a page that has its own h1 (a Settings section under 'Settings'). */
  headingLevel?: "h1" | "h2";
};

/**
 * What a page shows to a signed-in role that may not use it (the navigation does not offer it, but
 * a bookmark or a typed address still arrives here). The page decides with can(...); the server
 * refuses the same role again in the domain functions and the API.
 */
export function AccessRestricted({ feature, permission, detail, headingLevel: Heading = "h1" }: AccessRestrictedProps) {
  return (
    <section
      aria-labelledby="access-restricted-title"
      className="flex min-h-[50vh] flex-col items-center justify-center px-4 py-16 text-center"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Lock aria-hidden="true" className="size-6" />
      </div>
      <Heading id="access-restricted-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Access Restricted
      </Heading>
      <p className="mt-2 max-w-sm text-sm text-slate-600">{`${feature} is for ${holders(permission)}.`}</p>
      {detail ? <p className="mt-1 max-w-sm text-sm text-slate-600">{detail}</p> : null}
      <Button asChild variant="outline" className="mt-6">
        <Link href="/">Back to Dashboard</Link>
      </Button>
    </section>
  );
}
