"use client";

import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

// Error boundaries must be client components; reset() renders the page again.
export default function ResultsError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <EmptyState
      icon={AlertTriangle}
      title="The results could not be loaded"
      description="Something went wrong on our side. Please try again in a moment."
      action={<Button onClick={reset}>Try again</Button>}
    />
  );
}
