import { Crown, UserRound, Users, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils/cn";

export type NodeKind = "leader" | "team" | "member";

// One colour and icon per kind, shared by the legend and the nodes so the legend stays true.
// Teams use violet rather than green so they are not read as the green 'Anonymous' badge.
const KINDS: Record<NodeKind, { label: string; icon: LucideIcon; chip: string; border: string }> = {
  leader: { label: "Leadership", icon: Crown, chip: "bg-brand-50 text-brand-700", border: "border-brand-100" },
  team: { label: "Teams", icon: Users, chip: "bg-violet-50 text-violet-700", border: "border-violet-100" },
  member: { label: "Team Members", icon: UserRound, chip: "bg-slate-100 text-slate-600", border: "border-slate-200" },
};

export const kindBorder = (kind: NodeKind) => KINDS[kind].border;

export function KindIcon({ kind, small = false }: { kind: NodeKind; small?: boolean }) {
  const { icon: Icon, chip } = KINDS[kind];
  return (
    <span
      aria-hidden="true"
      className={cn("flex shrink-0 items-center justify-center rounded-full", chip, small ? "size-6" : "size-8")}
    >
      <Icon className={small ? "size-3.5" : "size-4"} />
    </span>
  );
}

export function OrgChartLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
      {(Object.keys(KINDS) as NodeKind[]).map((kind) => (
        <li key={kind} className="flex items-center gap-2">
          <KindIcon kind={kind} small />
          {KINDS[kind].label}
        </li>
      ))}
    </ul>
  );
}
