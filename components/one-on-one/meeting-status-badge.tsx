import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils/cn";

// Scheduled blue, completed green, cancelled red, anything else grey (docs/decisions.md (Screens, texts and limits)).
const STYLES: Record<string, { label: string; className: string }> = {
  scheduled: { label: "Scheduled", className: "bg-blue-50 text-blue-700" },
  completed: { label: "Completed", className: "bg-emerald-50 text-emerald-700" },
  cancelled: { label: "Cancelled", className: "bg-red-50 text-red-700" },
};

/** A meeting's status as a coloured badge (the word is always there: colour is never the only sign). */
export function MeetingStatusBadge({ status, className }: { status: string; className?: string }) {
  const style = STYLES[status];
  const label = style?.label ?? (status ? status[0]!.toUpperCase() + status.slice(1) : "Unknown");
  return (
    <Badge
      variant="secondary"
      data-testid="meeting-status"
      data-status={status}
      className={cn(style?.className ?? "bg-slate-100 text-slate-700", className)}
    >
      {label}
    </Badge>
  );
}
