import { Badge } from "@/components/ui/badge";
import type { PlanStatus } from "@/lib/plans/dto";
import { STATUS_LABELS } from "@/components/plans/plan-format";

const VARIANTS = {
  draft: "warning",
  published: "default",
  done: "success",
  dropped: "secondary",
} as const satisfies Record<PlanStatus, string>;

/** A plan's status as a coloured badge (the word always there: colour is never the only sign). */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return (
    <Badge variant={VARIANTS[status]} data-testid="plan-status" data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
