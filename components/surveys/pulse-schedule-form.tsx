"use client";

import { apiFetch } from "@/lib/api/client";
import { useMemo, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import {
  WEEKDAY_NAMES,
  pulseScheduleSchema,
  type PulseScheduleDto,
  type PulseScheduleInput,
} from "@/lib/surveys/round-schedule-schemas";
import { timeZoneNames } from "@/lib/format/zones";
import { TimeZonePicker } from "@/components/settings/time-zone-picker";
import { toast } from "@/components/ui/toast";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { Field, FormAlert, SelectField, SubmitButton, TextField } from "@/components/forms/fields";
import { cn } from "@/lib/utils/cn";
import { formatDate } from "@/lib/format";

type Form = Omit<PulseScheduleInput, "organizationId">;
type Values = { pulseEnabled: boolean; pulseWeekday: string; pulseTime: string; pulseTimeZone: string };

/** The request the values make (the day is a number on the wire, a select's text here). */
const bodyOf = (v: Values): Form => ({ ...v, pulseWeekday: Number(v.pulseWeekday) });

function nextSendLabel(dto: PulseScheduleDto): string {
  if (!dto.pulseEnabled || !dto.nextSendAt) return "The weekly pulse is paused.";
  const when = formatDate(dto.nextSendAt, "weekdayDayMonthTime", dto.pulseTimeZone);
  return `Next pulse: ${when} (${dto.pulseTimeZone}).`;
}

/** The weekly pulse's day, time and time zone, and whether it runs (admins; placed in Settings). */
export function PulseScheduleForm({
  orgId,
  initial,
  canEdit = true,
}: {
  orgId: string;
  initial: PulseScheduleDto;
  canEdit?: boolean;
}) {
  const [saved, setSaved] = useState(initial);
  const form = useFormFields(
    pulseScheduleSchema,
    {
      pulseEnabled: initial.pulseEnabled,
      pulseWeekday: String(initial.pulseWeekday),
      pulseTime: initial.pulseTime,
      pulseTimeZone: initial.pulseTimeZone,
    } satisfies Values,
    { idPrefix: "schedule-", toInput: bodyOf },
  );
  const values = bodyOf(form.values);
  const zones = useMemo(() => {
    const names = timeZoneNames();
    return names.includes(initial.pulseTimeZone) ? names : [initial.pulseTimeZone, ...names];
  }, [initial.pulseTimeZone]);

  const mutation = useMutation({
    mutationFn: (body: Form) =>
      apiFetch<PulseScheduleDto>(`/api/organizations/${orgId}/pulse-schedule`, { method: "PATCH", body }),
    onSuccess: (next) => {
      setSaved(next);
      toast({ title: "Schedule saved", description: nextSendLabel(next) });
    },
    onError: (err, body) =>
      form.showAnswer(failedAnswer(err, "Failed to save the schedule"), {
        ...body,
        pulseWeekday: String(body.pulseWeekday),
      }),
  });

  function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending || form.check(e.currentTarget) === null) return;
    mutation.mutate(bodyOf(form.values));
  }

  const disabled = !canEdit || mutation.isPending;
  const dirty =
    values.pulseEnabled !== saved.pulseEnabled ||
    values.pulseWeekday !== saved.pulseWeekday ||
    values.pulseTime !== saved.pulseTime ||
    values.pulseTimeZone !== saved.pulseTimeZone;

  return (
    <form onSubmit={save} noValidate className="grid gap-4">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p id="pulse-enabled-label" className="text-sm font-medium text-slate-900">
            Weekly pulse survey
          </p>
          <p className="text-sm text-slate-600">
            About five questions, sent to everyone by e-mail, open for 7 days with one reminder on day 3.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={values.pulseEnabled}
          aria-labelledby="pulse-enabled-label"
          disabled={disabled}
          onClick={() => form.set("pulseEnabled", !values.pulseEnabled)}
          className={cn(
            "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60",
            values.pulseEnabled ? "bg-brand-600" : "bg-slate-300",
          )}
        >
          <span
            className={cn(
              "inline-block size-5 rounded-full bg-white shadow transition-transform",
              values.pulseEnabled ? "translate-x-5" : "translate-x-0.5",
            )}
          />
        </button>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField form={form} name="pulseWeekday" label="Day" disabled={disabled}>
          {WEEKDAY_NAMES.map((name, i) => (
            <option key={name} value={i}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextField
          form={form}
          name="pulseTime"
          label="Time"
          type="time"
          step={60}
          disabled={disabled}
          onValue={(time) => form.set("pulseTime", time.slice(0, 5))}
        />
        <Field
          label="Time zone"
          htmlFor={form.id("pulseTimeZone")}
          messages={form.messages("pulseTimeZone")}
          messagesId={form.messagesId("pulseTimeZone")}
        >
          <TimeZonePicker
            id={form.id("pulseTimeZone")}
            zones={zones}
            value={values.pulseTimeZone}
            disabled={disabled}
            invalid={form.messages("pulseTimeZone").length > 0}
            describedBy={form.messagesId("pulseTimeZone")}
            onChange={(pulseTimeZone) => form.set("pulseTimeZone", pulseTimeZone)}
          />
        </Field>
      </div>

      <FormAlert alert={form.alert} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="pulse-next-send">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          {nextSendLabel(saved)}
        </p>
        {canEdit ? (
          <SubmitButton pending={mutation.isPending} pendingLabel="Saving..." disabled={!dirty}>
            Save
          </SubmitButton>
        ) : (
          <p className="text-xs text-slate-500">Only administrators can change the schedule.</p>
        )}
      </div>
    </form>
  );
}
