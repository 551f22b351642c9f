"use client";

import { apiFetch, problemOf } from "@/lib/api/client";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { plural } from "@/lib/format";

/** 'Retry failed e-mails' for a round whose messages were given up (admins). */
export function RetryMailButton({ surveyId }: { surveyId: string }) {
  const router = useRouter();
  const retry = useMutation({
    mutationFn: () =>
      apiFetch<{ requeued: number }>(`/api/surveys/${encodeURIComponent(surveyId)}/mail-retry`, { method: "POST" }),
    onSuccess: ({ requeued }) => {
      toast({
        title: "E-mails queued again",
        description: `${plural(requeued, "e-mail is", "e-mails are")} being sent again.`,
      });
      router.refresh();
    },
    onError: (err) =>
      toast({
        title: "Failed to retry the e-mails",
        description: problemOf(err)?.message ?? undefined,
        variant: "destructive",
      }),
  });
  return (
    <Button size="sm" variant="outline" className="mt-2" disabled={retry.isPending} onClick={() => retry.mutate()}>
      <RotateCcw aria-hidden="true" /> {retry.isPending ? "Retrying..." : "Retry failed e-mails"}
    </Button>
  );
}
