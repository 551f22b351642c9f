"use client";

import { apiFetch } from "@/lib/api/client";
import { useState } from "react";
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
  type QuestionType,
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
import { toast } from "@/components/ui/toast";
import { useListFields } from "@/components/forms/use-list-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { FormAlert, SubmitButton, TextField } from "@/components/forms/fields";
import { QuestionBuilder } from "@/components/surveys/create-survey-questions";
import { AudiencePicker, type SurveyTeam } from "@/components/surveys/create-survey-audience";
import { OpenForField, SendTimePicker } from "@/components/surveys/create-survey-send";
import { formatDate, plural } from "@/lib/format";
import { runtimeTimeZone } from "@/lib/format/zones";

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
    timeZone: runtimeTimeZone(),
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

export type SurveyValues = {
  title: string;
  questions: { type: QuestionType; text: string; isRequired: boolean }[];
  everyone: boolean;
  teamIds: string[];
  now: boolean;
  at: string;
  openDays: string;
};

/** The request the values make, which the server's schema checks (here as the user types). */
function requestOf(v: SurveyValues, orgId: string): CustomSurveyRequest {
  return {
    title: v.title,
    questions: v.questions,
    audience: v.everyone ? { all: true } : { teamIds: v.teamIds },
    // datetime-local has no offset: Date reads it as the user's local time, then it goes out in UTC.
    send: v.now
      ? { now: true }
      : { at: v.at && !Number.isNaN(new Date(v.at).getTime()) ? new Date(v.at).toISOString() : "" },
    // An empty field is NaN, refused with the field's own message rather than sent as 0.
    openDays: v.openDays.trim() === "" ? Number.NaN : Number(v.openDays),
    organizationId: orgId,
  };
}

/** Where the schema's paths show: the send time and the teams are one control each. */
function fieldOf(path: string): string {
  if (path === "send" || path.startsWith("send.")) return "at";
  if (path === "audience" || path.startsWith("audience.")) return "teamIds";
  return path;
}

/** A field's messages for the sub-components, which mark a field invalid when given any. */
const some = (list: string[]) => (list.length > 0 ? list : undefined);

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
  const [times] = useState(initialTimes);
  const start: SurveyValues = {
    title: "",
    questions: [{ type: "scale", text: "", isRequired: true }],
    everyone: true,
    teamIds: [],
    now: true,
    at: times.at,
    openDays: String(DEFAULT_OPEN_DAYS),
  };
  const form = useListFields(customSurveySchema, start, {
    idPrefix: "survey-",
    toInput: (v) => requestOf(v, orgId),
    fieldOf,
  });
  const { values } = form;
  const questions = form.list("questions");

  const mutation = useMutation({
    mutationFn: (sent: SurveyValues) =>
      apiFetch<CreateCustomSurveyResult>("/api/surveys", { method: "POST", body: requestOf(sent, orgId) }),
    onSuccess: (res, sent) => {
      const when = formatDate(sent.at, "dateTime");
      toast({
        title: res.status === "active" ? "Survey sent" : "Survey scheduled",
        description: `${res.status === "active" ? `${plural(res.invited, "person was", "people were")} invited.` : `It will be sent on ${when}.`} Results are released when it closes.`,
      });
      router.refresh();
      onClose();
    },
    onError: (err, sent) => form.showAnswer(failedAnswer(err, "Failed to create survey"), sent),
  });
  const pending = mutation.isPending;

  function move(i: number, by: -1 | 1) {
    const q = questions.items[i];
    if (!q) return;
    const to = i + by;
    questions.move(i, to);
    // At the top or bottom edge the pressed button is disabled; the other one keeps the focus.
    const edge = to === 0 || to === questions.items.length - 1;
    form.focusAfterRender(questions.idOf(q.key, edge === (by === -1) ? "down" : "up"));
  }

  function add() {
    form.focusAfterRender(questions.idOf(questions.append({ type: "scale", text: "", isRequired: true }), "text"));
  }

  function remove(i: number) {
    const neighbour = questions.items[i + 1] ?? questions.items[i - 1];
    questions.remove(i);
    if (neighbour) form.focusAfterRender(questions.idOf(neighbour.key, "text"));
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending || form.check(e.currentTarget) === null) return;
    mutation.mutate(form.values);
  }

  return (
    <Dialog open onOpenChange={(o) => (!o && !pending ? onClose() : undefined)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create Survey</DialogTitle>
          <DialogDescription>{`Answers are anonymous: teams are reported only with at least ${plural(minGroupSize, "member")}.`}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <TextField form={form} name="title" label="Title" maxLength={200} disabled={pending} />
          <QuestionBuilder form={form} disabled={pending} onMove={move} onRemove={remove} onAdd={add} />
          <AudiencePicker
            teams={teams}
            everyone={values.everyone}
            teamIds={values.teamIds}
            minGroupSize={minGroupSize}
            errors={some(form.messages("teamIds"))}
            disabled={pending}
            onEveryone={(everyone) => form.set("everyone", everyone)}
            onToggleTeam={(id, on) =>
              form.set("teamIds", on ? [...values.teamIds, id] : values.teamIds.filter((t) => t !== id))
            }
          />
          <SendTimePicker
            now={values.now}
            at={values.at}
            min={times.min}
            max={times.max}
            timeZone={times.timeZone}
            errors={some(form.messages("at"))}
            disabled={pending}
            onNow={(now) => form.set("now", now)}
            onAt={(at) => form.set("at", at)}
          />
          <OpenForField
            days={values.openDays}
            closesAt={closesPreview(values.now, values.at, values.openDays)}
            errors={some(form.messages("openDays"))}
            disabled={pending}
            onDays={(days) => form.set("openDays", days)}
          />
          <FormAlert alert={form.alert} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <SubmitButton pending={pending} pendingLabel="Creating...">
              Create Survey
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
