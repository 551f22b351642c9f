"use client";

import { apiFetch, problemOf } from "@/lib/api/client";
import { useMemo, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import {
  WEEKDAY_NAMES,
  pulseScheduleSchema,
  type PulseScheduleDto,
  type PulseScheduleInput,
} from "@/lib/surveys/round-schedule-schemas";
import { timeZoneNames } from "@/lib/utils/time-zone";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { TimeZonePicker } from "@/components/settings/time-zone-picker";
import { toast } from "@/components/ui/toast";
import { FieldError } from "@/components/auth/form-feedback";
import { cn } from "@/lib/utils/cn";

type Form = Omit<PulseScheduleInput, "organizationId">;

function nextSendLabel(dto: PulseScheduleDto): string {
  if (!dto.pulseEnabled || !dto.nextSendAt) return "The weekly pulse is paused.";
  const when = new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: dto.pulseTimeZone,
  }).format(new Date(dto.nextSendAt));
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
  const [form, setForm] = useState<Form>({
    pulseEnabled: initial.pulseEnabled,
    pulseWeekday: initial.pulseWeekday,
    pulseTime: initial.pulseTime,
    pulseTimeZone: initial.pulseTimeZone,
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const zones = useMemo(() => {
    const names = timeZoneNames();
    return names.includes(initial.pulseTimeZone) ? names : [initial.pulseTimeZone, ...names];
  }, [initial.pulseTimeZone]);

  const mutation = useMutation({
    mutationFn: (body: Form) =>
      apiFetch<PulseScheduleDto>(`/api/organizations/${orgId}/pulse-schedule`, { method: "PATCH", body }),
    onSuccess: (next) => {
      setSaved(next);
      setErrors({});
      toast({ title: "Schedule saved", description: nextSendLabel(next) });
    },
    onError: (err) => {
      setErrors(problemOf(err)?.fields ?? {});
      toast({
        title: "Failed to save the schedule",
        description: problemOf(err)?.message ?? undefined,
        variant: "destructive",
      });
    },
  });

  function save(e: React.FormEvent) {
    e.preventDefault();
    const parsed = pulseScheduleSchema.safeParse(form);
    if (!parsed.success) {
      const out: Record<string, string[]> = {};
      for (const i of parsed.error.issues) (out[String(i.path[0] ?? "_")] ??= []).push(i.message);
      return setErrors(out);
    }
    setErrors({});
    mutation.mutate(form);
  }

  const disabled = !canEdit || mutation.isPending;
  const dirty =
    form.pulseEnabled !== saved.pulseEnabled ||
    form.pulseWeekday !== saved.pulseWeekday ||
    form.pulseTime !== saved.pulseTime ||
    form.pulseTimeZone !== saved.pulseTimeZone;

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
          aria-checked={form.pulseEnabled}
          aria-labelledby="pulse-enabled-label"
          disabled={disabled}
          onClick={() => setForm({ ...form, pulseEnabled: !form.pulseEnabled })}
          className={cn(
            "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60",
            form.pulseEnabled ? "bg-brand-600" : "bg-slate-300",
          )}
        >
          <span
            className={cn(
              "inline-block size-5 rounded-full bg-white shadow transition-transform",
              form.pulseEnabled ? "translate-x-5" : "translate-x-0.5",
            )}
          />
        </button>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <div className="space-y-1.5">
          <Label htmlFor="pulse-weekday">Day</Label>
          <NativeSelect
            id="pulse-weekday"
            value={form.pulseWeekday}
            disabled={disabled}
            aria-invalid={!!errors.pulseWeekday}
            aria-describedby="pulse-weekday-error"
            onChange={(e) => setForm({ ...form, pulseWeekday: Number(e.target.value) })}
          >
            {WEEKDAY_NAMES.map((name, i) => (
              <option key={name} value={i}>
                {name}
              </option>
            ))}
          </NativeSelect>
          <FieldError id="pulse-weekday-error" messages={errors.pulseWeekday} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="pulse-time">Time</Label>
          <Input
            id="pulse-time"
            type="time"
            step={60}
            value={form.pulseTime}
            disabled={disabled}
            aria-invalid={!!errors.pulseTime}
            aria-describedby="pulse-time-error"
            onChange={(e) => setForm({ ...form, pulseTime: e.target.value.slice(0, 5) })}
          />
          <FieldError id="pulse-time-error" messages={errors.pulseTime} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="pulse-time-zone">Time zone</Label>
          <TimeZonePicker
            id="pulse-time-zone"
            zones={zones}
            value={form.pulseTimeZone}
            disabled={disabled}
            invalid={!!errors.pulseTimeZone}
            describedBy="pulse-time-zone-error"
            onChange={(pulseTimeZone) => setForm({ ...form, pulseTimeZone })}
          />
          <FieldError id="pulse-time-zone-error" messages={errors.pulseTimeZone} />
        </div>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="pulse-next-send">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          {nextSendLabel(saved)}
        </p>
        {canEdit ? (
          <Button type="submit" disabled={disabled || !dirty}>
            {mutation.isPending ? "Saving..." : "Save"}
          </Button>
        ) : (
          <p className="text-xs text-slate-500">Only administrators can change the schedule.</p>
        )}
      </div>
    </form>
  );
}
