import { AnalyticsSkeleton } from "@/components/analytics/skeleton";

export default function Loading() {
  return <AnalyticsSkeleton text="Loading survey results..." cards={2} />;
}
