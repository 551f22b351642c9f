"use client";

import { participationText } from "@/components/pulse/participation-text";
import { useId, useState } from "react";
import type { PulseCell, PulseRow } from "@/lib/analytics/pulse-types";
import { DIMENSIONS, type DimensionKey } from "@/lib/surveys/dimensions";
import { suppressionText } from "@/components/analytics/suppression-text";
import { cellView } from "@/components/pulse/heatmap-cell";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { NativeSelect } from "@/components/ui/native-select";
import { Label } from "@/components/ui/label";
import { pluralWord } from "@/lib/format";
import { cn } from "@/lib/utils/cn";

type Metric = DimensionKey | "enps";
const METRICS: { key: Metric; label: string }[] = [{ key: "enps", label: "eNPS" }, ...DIMENSIONS];
const cellOf = (r: PulseRow, m: Metric): PulseCell => (m === "enps" ? r.enps : r.dimensions[m]);

function Figure({ cell, min, recent }: { cell: PulseCell; min: number; recent: boolean }) {
  const v = cellView(cell, min, recent);
  return (
    <span
      className={cn(
        "inline-flex min-h-8 min-w-16 shrink-0 items-center justify-center rounded-md px-2 text-sm",
        v.className,
      )}
      title={v.title}
      data-suppressed={v.kind === "hidden" ? "true" : undefined}
      data-not-asked={v.kind === "not-asked" ? "true" : undefined}
    >
      {v.content}
    </span>
  );
}

function Row({ label, detail, children }: { label: string; detail?: string; children: React.ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-2.5">
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        {detail ? <span className="block text-xs text-slate-600">{detail}</span> : null}
      </span>
      {children}
    </li>
  );
}

/** Below 640 px: one team (every dimension) or one dimension (every team) at a time, chosen with a
 * native picker, as a list of label → score rows that reads without sideways scrolling. */
export function PulsePhoneView({
  rows,
  minGroupSize,
  recent,
}: {
  rows: PulseRow[];
  minGroupSize: number;
  recent: boolean;
}) {
  const [teamId, setTeamId] = useState(rows[0]?.id ?? "");
  const [metric, setMetric] = useState<Metric>("overall");
  const id = useId();
  const team = rows.find((r) => r.id === teamId) ?? rows[0];
  const metricLabel = METRICS.find((m) => m.key === metric)!.label;
  if (!team) return null;
  return (
    <Tabs defaultValue="team" className="rounded-xl border border-slate-200 bg-white p-3">
      <TabsList aria-label="Show the scores of" className="grid w-full grid-cols-2">
        <TabsTrigger value="team">One team</TabsTrigger>
        <TabsTrigger value="dimension">One dimension</TabsTrigger>
      </TabsList>
      <TabsContent value="team" className="mt-3">
        <Label htmlFor={`${id}-team`}>Team</Label>
        <NativeSelect id={`${id}-team`} value={team.id} onChange={(e) => setTeamId(e.target.value)}>
          {rows.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </NativeSelect>
        <p className="mt-2 text-xs text-slate-600">
          {team.memberCount} {pluralWord(team.memberCount, "member")}
          {team.suppressed ? ` · hidden: ${suppressionText(team.reason, minGroupSize)}` : ""}
        </p>
        <ul
          aria-label={`Scores of ${team.name}`}
          className="-mx-3 mt-2 divide-y divide-slate-100 border-t border-slate-100"
        >
          <Row label="Participation">
            <span className="inline-flex min-h-8 min-w-16 items-center justify-center text-sm text-slate-800 tabular-nums">
              {participationText(team)}
            </span>
          </Row>
          {METRICS.map((m) => (
            <Row key={m.key} label={m.label}>
              <Figure cell={cellOf(team, m.key)} min={minGroupSize} recent={recent} />
            </Row>
          ))}
        </ul>
      </TabsContent>
      <TabsContent value="dimension" className="mt-3">
        <Label htmlFor={`${id}-metric`}>Dimension</Label>
        <NativeSelect id={`${id}-metric`} value={metric} onChange={(e) => setMetric(e.target.value as Metric)}>
          {METRICS.map((m) => (
            <option key={m.key} value={m.key}>
              {m.label}
            </option>
          ))}
        </NativeSelect>
        <ul
          aria-label={`${metricLabel} by team`}
          className="-mx-3 mt-3 divide-y divide-slate-100 border-t border-slate-100"
        >
          {rows.map((r) => (
            <Row
              key={r.id}
              label={r.name}
              detail={`${r.memberCount} ${pluralWord(r.memberCount, "member")} · participation ${participationText(r)}`}
            >
              <Figure cell={cellOf(r, metric)} min={minGroupSize} recent={recent} />
            </Row>
          ))}
        </ul>
      </TabsContent>
    </Tabs>
  );
}
