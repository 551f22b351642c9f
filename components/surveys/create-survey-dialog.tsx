"use client";

import { apiFetch, problemOf } from "@/lib/api/client";
import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import {
  closeInstant,
  customSurveySchema,
  DEFAULT_OPEN_DAYS,
  MAX_OPEN_DAYS,
  MAX_SCHEDULE_DAYS,
  MIN_OPEN_DAYS,
  type CreateCustomSurveyResult,
  type CustomSurveyRequest,
} from "@/lib/surveys/custom-schemas";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { FieldError } from "@/components/auth/form-feedback";
import { QuestionBuilder, type DraftQuestion } from "@/components/surveys/create-survey-questions";
import { AudiencePicker, type SurveyTeam } from "@/components/surveys/create-survey-audience";
import { OpenForField, SendTimePicker } from "@/components/surveys/create-survey-send";
import { plural } from "@/lib/utils/plural";

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, "0");
/** A datetime-local value: the user's own wall-clock time, no offset. */
const toLocalInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

function initialTimes() {
  const now = new Date();
  const tomorrow9 = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
  return {
    at: toLocalInput(tomorrow9),
    min: toLocalInput(now),
    max: toLocalInput(new Date(now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS)),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** The close time the dialog previews: the send time (now, or the chosen one) plus a valid
 * number of days; null while either is not valid yet. */
function closesPreview(now: boolean, at: string, openDays: string): Date | null {
  const days = Number(openDays);
  if (openDays.trim() === "" || !Number.isInteger(days) || days < MIN_OPEN_DAYS || days > MAX_OPEN_DAYS) return null;
  const sendAt = now ? new Date() : new Date(at);
  return Number.isNaN(sendAt.getTime()) ? null : closeInstant(sendAt, days);
}

function errorsByPath(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[i.path.map(String).join(".") || "_"] ??= []).push(i.message);
  return out;
}

/** 'Create Survey': a custom survey with scale, eNPS and text questions, an audience, and a send
 * time (admins only). Mounted fresh each time it opens. */
export function CreateSurveyDialog({
  orgId,
  teams,
  minGroupSize = 3,
  onClose,
}: {
  orgId: string;
  teams: SurveyTeam[];
  minGroupSize?: number;
  onClose: () => void;
}) {
  const router = useRouter();
  const nextKey = useRef(2);
  const formRef = useRef<HTMLFormElement>(null);
  const [times] = useState(initialTimes);
  const [title, setTitle] = useState("");
  const [questions, setQuestions] = useState<DraftQuestion[]>([{ key: 1, type: "scale", text: "", isRequired: true }]);
  const [everyone, setEveryone] = useState(true);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [now, setNow] = useState(true);
  const [at, setAt] = useState(times.at);
  const [openDays, setOpenDays] = useState(String(DEFAULT_OPEN_DAYS));
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const mutation = useMutation({
    mutationFn: (body: CustomSurveyRequest) =>
      apiFetch<CreateCustomSurveyResult>("/api/surveys", { method: "POST", body }),
    onSuccess: (res) => {
      const when = new Date(at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
      toast({
        title: res.status === "active" ? "Survey sent" : "Survey scheduled",
        description: `${res.status === "active" ? `${plural(res.invited, "person was", "people were")} invited.` : `It will be sent on ${when}.`} Results are released when it closes.`,
      });
      router.refresh();
      onClose();
    },
    onError: (err) => {
      setErrors(problemOf(err)?.fields ?? {});
      focusFirstInvalid();
      toast({
        title: "Failed to create survey",
        description: problemOf(err)?.message ?? undefined,
        variant: "destructive",
      });
    },
  });
  const pending = mutation.isPending;

  /** Runs after React has rendered the change, e.g. to keep focus on a question that moved. */
  const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
  /** After a refusal, the keyboard lands on the first field to fix. */
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  function move(i: number, by: -1 | 1) {
    const next = [...questions];
    const [q] = next.splice(i, 1);
    if (!q) return;
    next.splice(i + by, 0, q);
    setQuestions(next);
    setErrors({});
    // At the top or bottom edge the pressed button is disabled; the other one keeps the focus.
    const edge = (by === -1 && i + by === 0) || (by === 1 && i + by === next.length - 1);
    focusSoon(`question-${q.key}-${(by === -1) !== edge ? "up" : "down"}`);
  }

  function add() {
    const key = nextKey.current++;
    setQuestions([...questions, { key, type: "scale", text: "", isRequired: true }]);
    focusSoon(`question-${key}-text`);
  }

  function remove(i: number) {
    const next = questions.filter((_, j) => j !== i);
    setQuestions(next);
    setErrors({});
    const neighbour = next[Math.min(i, next.length - 1)];
    if (neighbour) focusSoon(`question-${neighbour.key}-text`);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body: CustomSurveyRequest = {
      title,
      questions: questions.map(({ type, text, isRequired }) => ({ type, text, isRequired })),
      audience: everyone ? { all: true } : { teamIds },
      // datetime-local has no offset: Date reads it as the user's local time, then it goes out in UTC.
      send: now ? { now: true } : { at: at && !Number.isNaN(new Date(at).getTime()) ? new Date(at).toISOString() : "" },
      // An empty field is NaN, refused with the field's own message rather than sent as 0.
      openDays: openDays.trim() === "" ? Number.NaN : Number(openDays),
      organizationId: orgId,
    };
    const parsed = customSurveySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(errorsByPath(parsed.error.issues));
      return void focusFirstInvalid();
    }
    setErrors({});
    mutation.mutate(body);
  }

  return (
    <Dialog open onOpenChange={(o) => (!o && !pending ? onClose() : undefined)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create Survey</DialogTitle>
          <DialogDescription>{`Answers are anonymous: teams are reported only with at least ${plural(minGroupSize, "member")}.`}</DialogDescription>
        </DialogHeader>
        <form ref={formRef} onSubmit={submit} noValidate className="grid gap-5">
          <div className="space-y-1.5">
            <Label htmlFor="survey-title">Title</Label>
            <Input
              id="survey-title"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={200}
              disabled={pending}
              aria-invalid={!!errors.title}
              aria-describedby="survey-title-error"
            />
            <FieldError id="survey-title-error" messages={errors.title} />
          </div>
          <QuestionBuilder
            questions={questions}
            errors={errors}
            disabled={pending}
            onChange={(i, patch) => setQuestions(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)))}
            onMove={move}
            onRemove={remove}
            onAdd={add}
          />
          <AudiencePicker
            teams={teams}
            everyone={everyone}
            teamIds={teamIds}
            minGroupSize={minGroupSize}
            errors={errors["audience.teamIds"] ?? errors.audience}
            disabled={pending}
            onEveryone={setEveryone}
            onToggleTeam={(id, on) => setTeamIds(on ? [...teamIds, id] : teamIds.filter((t) => t !== id))}
          />
          <SendTimePicker
            now={now}
            at={at}
            min={times.min}
            max={times.max}
            timeZone={times.timeZone}
            errors={errors["send.at"] ?? errors.send}
            disabled={pending}
            onNow={setNow}
            onAt={setAt}
          />
          <OpenForField
            days={openDays}
            closesAt={closesPreview(now, at, openDays)}
            errors={errors.openDays}
            disabled={pending}
            onDays={setOpenDays}
          />
          {errors._ ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {errors._.join(" ")}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Creating..." : "Create Survey"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
