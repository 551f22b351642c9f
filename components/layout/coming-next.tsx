import { EmptyState } from "@/components/ui/empty-state";
import type { LucideIcon } from "lucide-react";

// The honest empty state of a section whose data does not exist yet in this workspace.
export function SectionEmpty({ icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return <EmptyState icon={icon} title={title} description={description} />;
}
