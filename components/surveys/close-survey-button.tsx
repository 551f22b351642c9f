"use client";

import { apiFetch, problemOf } from "@/lib/api/client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { LockOpen } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { plural } from "@/lib/format";

const CLOSE_LABEL = "Close now and release results";

type Closed = { surveyId: string; status: "closed"; responses: number };

/** 'Close now and release results' (admins): ends an open survey before its close date, after
 * saying what that means, so its results are released at once (docs/decisions.md (Anonymity and the minimum group)). */
export function CloseSurveyButton({
  surveyId,
  title,
  size = "sm",
  variant = "outline",
  nameInLabel = false,
}: {
  surveyId: string;
  title: string;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
  /** In a list of surveys, the button's accessible name also says which survey it closes. */
  nameInLabel?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const router = useRouter();
  const close = useMutation({
    mutationFn: () => apiFetch<Closed>(`/api/surveys/${encodeURIComponent(surveyId)}/close`, { method: "POST" }),
    onSuccess: ({ responses }) => {
      toast({ title: "Survey closed", description: `Results are released: ${plural(responses, "response")}.` });
      setAsking(false);
      router.refresh();
    },
    onError: (err) => {
      toast({
        title: "Failed to close the survey",
        description: problemOf(err)?.message ?? undefined,
        variant: "destructive",
      });
      setAsking(false);
      // Someone (or the schedule) closed it meanwhile, or it is not sent yet: show the page as it now is.
      const code = problemOf(err)?.code;
      if (code === "survey_already_closed" || code === "survey_not_sent") router.refresh();
    },
  });
  return (
    <>
      <Button
        size={size}
        variant={variant}
        onClick={() => setAsking(true)}
        aria-label={nameInLabel ? `${CLOSE_LABEL}: ${title}` : undefined}
      >
        <LockOpen aria-hidden="true" />
        {CLOSE_LABEL}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={`Close "${title}" now?`}
          description="Its results become visible to admins and managers (teams only with enough answers, as always), and nobody can answer it any more. This cannot be undone."
          confirmLabel={CLOSE_LABEL}
          pending={close.isPending}
          onConfirm={() => close.mutate()}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
