import { BarChart3 } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";

/** The dashboard's results part while a new workspace is set up and no round has closed yet: the
 * product's empty-state words, without four cards of dashes and an empty trend below them. */
export function NewWorkspaceResults() {
  return (
    <EmptyState
      icon={BarChart3}
      title="No survey results yet"
      description="Scores, trends and emergency metrics appear here once your team has answered its first weekly pulse survey."
    />
  );
}
