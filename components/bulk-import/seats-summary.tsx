import { Users } from "lucide-react";
import Link from "next/link";
import { formatNumber as n } from "@/lib/format";

/** Seats used and free, read on the server: every new person takes one (docs/decisions.md (Billing and seats)). */
export function SeatsSummary({ used, max }: { used: number; max: number }) {
  const free = Math.max(0, max - used);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm">
      <Users aria-hidden="true" className="size-4 text-brand-600" />
      <p className="font-medium text-slate-900">{`Seats: ${n(used)} of ${n(max)} used`}</p>
      <p className={free ? "text-slate-600" : "text-red-700"}>{free ? `${n(free)} free` : "No free seats"}</p>
      <Link href="/settings/users" className="text-brand-700 underline-offset-4 hover:underline sm:ml-auto">
        Manage users and billing
      </Link>
    </div>
  );
}
