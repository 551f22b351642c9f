import { AnalyticsSkeleton } from "@/components/analytics/skeleton";

export default function Loading() {
  return <AnalyticsSkeleton text="Loading pulse results..." cards={2} />;
}
