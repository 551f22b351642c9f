"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { ChevronDown, Target } from "lucide-react";
import { z } from "zod";
import { apiFetch, problemOf } from "@/lib/api/client";
import { queryKeys } from "@/lib/query/keys";
import { DIMENSION_KEYS } from "@/lib/surveys/dimensions";
import type { FocusAreaDto } from "@/lib/analytics/focus-rank";
import { Spinner } from "@/components/ui/spinner";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";

// A team's (or the organisation's) focus areas from GET /api/focus-areas, each with 'Plan an
// action' (or 'View plan' when one is already drafted or published). Shown on the dashboard's team
// alerts, the Pulse Overview and the reports; fetched in the browser so those pages' first paint
// never waits for it.

const focusAreaSchema = z.object({
  dimension: z.enum(DIMENSION_KEYS as [FocusAreaDto["dimension"], ...FocusAreaDto["dimension"][]]),
  label: z.string(),
  score: z.number().nullable(),
  n: z.number().nullable(),
  roundDate: z.string().nullable(),
  trend: z.string().nullable(),
  impact: z.number().nullable(),
  pairs: z.number(),
  explanation: z.string(),
  priority: z.number(),
  focus: z.boolean(),
  planId: z.string().nullable(),
}) satisfies z.ZodType<FocusAreaDto>;
const focusAreasSchema = z.array(focusAreaSchema);

/** Where 'Plan an action' goes: the new plan form, prefilled. */
function planActionHref(teamId: string | null, dimension: string): string {
  const q = new URLSearchParams(teamId ? { teamId, dimension } : { dimension });
  return `/commitments/new?${q.toString()}`;
}

function useFocusAreas(teamId: string | null) {
  return useQuery({
    queryKey: queryKeys.focusAreas(teamId ?? "org"),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams(teamId ? { scope: "team", teamId } : { scope: "org" });
      return apiFetch(`/api/focus-areas?${q.toString()}`, { schema: focusAreasSchema, signal });
    },
  });
}

const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

function AreaLink({ teamId, area }: { teamId: string | null; area: FocusAreaDto }) {
  return area.planId ? (
    <Link href={`/commitments/${area.planId}`} className={LINK} aria-label={`View plan: ${area.label}`}>
      View plan
    </Link>
  ) : (
    <Link href={planActionHref(teamId, area.dimension)} className={LINK} aria-label={`Plan an action: ${area.label}`}>
      Plan an action
    </Link>
  );
}

function FocusItem({ teamId, area, compact }: { teamId: string | null; area: FocusAreaDto; compact: boolean }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-focus-area={area.dimension}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-semibold text-slate-900">{area.label}</span>
        {area.score !== null ? (
          <span className="text-sm font-semibold text-slate-700 tabular-nums">{`${area.score.toFixed(1)}/10`}</span>
        ) : null}
      </div>
      <p className={cn("mt-1 text-slate-700", compact ? "text-xs" : "text-sm")}>{area.explanation}</p>
      <p className="mt-2 text-sm">
        <AreaLink teamId={teamId} area={area} />
      </p>
    </li>
  );
}

/**
 * The focus areas of one team (teamId) or of the organisation (null). `compact`: the focus areas
 * alone, for a card that is already busy (the dashboard's team alerts).
 */
export function FocusAreas({
  teamId,
  compact = false,
  headingLevel: Heading = "h3",
  title = "Focus areas",
}: {
  teamId: string | null;
  compact?: boolean;
  headingLevel?: "h2" | "h3" | "h4";
  /** The heading, when one page shows several scopes' focus areas. */
  title?: string;
}) {
  const q = useFocusAreas(teamId);
  const [showAll, setShowAll] = useState(false);
  const restId = useId();
  const headingId = useId();
  if (q.isPending) return <Spinner size="sm" label="Loading focus areas" className="py-2" />;
  if (q.isError) {
    return (
      <div role="alert" className="text-sm text-red-800">
        <p>{problemOf(q.error)?.message ?? "Focus areas could not be loaded."}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void q.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const focus = q.data.filter((a) => a.focus);
  const rest = q.data.filter((a) => !a.focus && a.score !== null);
  return (
    <section aria-labelledby={headingId} className="space-y-2" data-focus-areas={teamId ?? "org"}>
      <Heading id={headingId} className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <Target aria-hidden="true" className="size-4 text-brand-600" />
        {title}
      </Heading>
      {focus.length === 0 ? (
        <p className="text-sm text-slate-600">
          {q.data.some((a) => a.score !== null)
            ? "Nothing stands out: no dimension is below the organisation, its own last three months or 6.5 where it matters for engagement."
            : "Focus areas appear once enough people have answered the pulse for scores to be shown."}
        </p>
      ) : (
        <ul className="space-y-2">
          {focus.map((a) => (
            <FocusItem key={a.dimension} teamId={teamId} area={a} compact={compact} />
          ))}
        </ul>
      )}
      {!compact && rest.length > 0 ? (
        <div>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showAll}
            aria-controls={restId}
            onClick={() => setShowAll((v) => !v)}
          >
            <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", showAll && "rotate-180")} />
            {showAll ? "Hide the other dimensions" : `Show the other dimensions (${rest.length})`}
          </Button>
          <ul id={restId} hidden={!showAll} className="mt-2 space-y-2">
            {rest.map((a) => (
              <FocusItem key={a.dimension} teamId={teamId} area={a} compact />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** A team alert's focus areas behind a button, so the dashboard asks for them only when wanted. */
export function FocusAreasToggle({ teamId, teamName }: { teamId: string; teamName: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="mt-2">
      <Button
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`${open ? "Hide" : "Show"} focus areas of ${teamName}`}
        onClick={() => setOpen((v) => !v)}
      >
        <Target aria-hidden="true" className="size-4" />
        {open ? "Hide focus areas" : "Focus areas"}
      </Button>
      <div id={id} hidden={!open} className="mt-2">
        {open ? <FocusAreas teamId={teamId} compact headingLevel="h4" /> : null}
      </div>
    </div>
  );
}
