"use client";

import { apiFetch, problemOf } from "@/lib/api/client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { plural } from "@/lib/format";

/** Recommended action 'Send Pulse Survey' -> 'Send Now': an extra round right away (admins). */
export function SendNowButton() {
  const [asking, setAsking] = useState(false);
  const router = useRouter();
  const send = useMutation({
    mutationFn: () => apiFetch<{ surveyId: string; invited: number }>("/api/surveys/send-now", { method: "POST" }),
    onSuccess: (r) => {
      toast({
        title: "Pulse survey sent",
        description: `${plural(r.invited, "person was", "people were")} invited. The round stays open for 7 days.`,
      });
      setAsking(false);
      router.refresh();
    },
    onError: (err) => {
      toast({
        title: "Failed to send the pulse survey",
        description: problemOf(err)?.message ?? undefined,
        variant: "destructive",
      });
      setAsking(false);
    },
  });
  return (
    <>
      <Button size="sm" onClick={() => setAsking(true)}>
        <Send /> Send Now
      </Button>
      {asking ? (
        <ConfirmDialog
          title="Send a pulse survey now?"
          description="Everyone in your organisation gets this week's questions by e-mail, in addition to the weekly schedule. Answers stay anonymous."
          confirmLabel="Send Now"
          destructive={false}
          pending={send.isPending}
          onConfirm={() => send.mutate()}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
