import { ShieldCheck, ShieldAlert } from "lucide-react";
import { Badge } from "@/components/ui/badge";

/** A team at or above the minimum group size is 'Anonymous'; below it, results
 * are withheld and the badge says how many more members it needs. */
export function AnonymityBadge({ members, minGroupSize }: { members: number; minGroupSize: number }) {
  if (members >= minGroupSize) {
    return (
      <Badge variant="success" title={`Results are reported for groups of at least ${minGroupSize}`}>
        <ShieldCheck aria-hidden="true" /> Anonymous
      </Badge>
    );
  }
  return (
    <Badge variant="warning" title={`Survey results for this team stay hidden until it has ${minGroupSize} members`}>
      <ShieldAlert aria-hidden="true" /> Need {minGroupSize - members} more
    </Badge>
  );
}
