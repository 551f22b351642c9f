"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { LoaderCircle } from "lucide-react";
import { NativeSelect } from "@/components/ui/native-select";
import { Label } from "@/components/ui/label";
import type { PulseRoundOption } from "@/lib/analytics/pulse-types";
import { formatDay } from "@/lib/format";

const fmt = (iso: string) => formatDay(iso, "date");

/** The round and segment filters: each change reloads the server-rendered page with new params. */
/** segmentCount: how many rows 'Teams and segments' lists (every team and 'All employees'). */
export function PulseFilters({
  rounds,
  round,
  segment,
  showOrganization,
  segmentCount,
}: {
  rounds: PulseRoundOption[];
  round: string;
  segment: string;
  showOrganization: boolean;
  segmentCount: number;
}) {
  const router = useRouter();
  const params = useSearchParams();
  const [pending, start] = useTransition();
  const go = (key: string, value: string) => {
    const next = new URLSearchParams(params.toString());
    next.set(key, value);
    start(() => router.push(`?${next.toString()}`));
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-busy={pending}>
      <div className="sm:w-72">
        <Label htmlFor="pulse-round">Round</Label>
        <NativeSelect id="pulse-round" value={round} onChange={(e) => go("round", e.target.value)}>
          <option value="recent">Last 4 weeks</option>
          {rounds.map((r) => (
            <option key={r.id} value={r.id}>
              {fmt(r.date)} · {r.title}
            </option>
          ))}
        </NativeSelect>
      </div>
      {showOrganization ? (
        <div className="sm:w-56">
          <Label htmlFor="pulse-segment">Show</Label>
          <NativeSelect id="pulse-segment" value={segment} onChange={(e) => go("segment", e.target.value)}>
            <option value="all">Teams and segments ({segmentCount})</option>
            <option value="organization">All employees</option>
            <option value="teams">Teams only</option>
          </NativeSelect>
        </div>
      ) : null}
      {/* The page re-renders on the server with the new filter; until it arrives the old results
          stay, and this says they are being replaced. Always in the DOM so it is announced. */}
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600 sm:min-h-10">
        {pending ? (
          <>
            <LoaderCircle
              aria-hidden="true"
              className="size-4 animate-spin text-brand-600 motion-reduce:animate-[spin_1.5s_linear_infinite]"
            />
            Loading pulse results...
          </>
        ) : null}
      </p>
    </div>
  );
}
