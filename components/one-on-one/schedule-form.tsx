"use client";

import { useMemo, useState } from "react";
import { RotateCcw, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { failedAnswer } from "@/components/forms/api-answer";
import { Field, FormAlert, SelectField, SubmitButton } from "@/components/forms/fields";
import { useFormFields } from "@/components/forms/use-form-fields";
import { useIsClient } from "@/components/surveys/local-time";
import { RECURRENCE_KINDS } from "@/lib/one-on-one/recurrence";
import {
  DURATION_CHOICES,
  RECURRENCE_LABELS,
  browserTimeZone,
  formatDuration,
  formatMeetingDateTime,
  fullName,
} from "@/components/one-on-one/format";
import { toDateTimeLocal } from "@/components/one-on-one/date-time-local";
import {
  SCHEDULE_INITIAL,
  missingRequired,
  scheduleSchema,
  type ScheduleValues,
} from "@/components/one-on-one/schedule-schemas";
import { useSchedulablePeople, useScheduleMeeting } from "@/components/one-on-one/use-meetings";
import { useTemplates } from "@/components/one-on-one/use-templates";
import type { MeetingDetail } from "@/lib/one-on-one/dto";

/**
 * 'Schedule New': a team member (those the caller may schedule with, never themselves: the server
 * lists them), an agenda template, the date and time in the browser's time zone, a duration and a
 * recurrence. The invitation goes out from the server.
 */
export function ScheduleForm({ onScheduled }: { onScheduled: (meeting: MeetingDetail) => void }) {
  const people = useSchedulablePeople(true);
  const templates = useTemplates();

  if (people.isPending) {
    return (
      <div
        className="h-96 animate-pulse rounded-xl border border-slate-200 bg-white"
        aria-hidden="true"
        data-testid="schedule-skeleton"
      />
    );
  }
  if (people.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
      >
        <p className="font-semibold text-red-800">We could not load your team.</p>
        <p className="text-sm text-red-700">Please check your connection and try again.</p>
        <Button variant="outline" onClick={() => void people.refetch()} disabled={people.isFetching}>
          <RotateCcw /> Retry
        </Button>
      </div>
    );
  }
  if (people.data.length === 0) {
    return (
      <EmptyState
        icon={Users}
        headingLevel="h2"
        title="Nobody to schedule with yet"
        description="1:1s are scheduled with the people who report to you. Once someone does, they are listed here; an admin of your organisation sets who reports to whom."
      />
    );
  }
  return (
    <ScheduleFields
      people={people.data}
      templates={templates.data ?? []}
      templatesLoading={templates.isPending}
      onScheduled={onScheduled}
    />
  );
}

function ScheduleFields({
  people,
  templates,
  templatesLoading,
  onScheduled,
}: {
  people: NonNullable<ReturnType<typeof useSchedulablePeople>["data"]>;
  templates: NonNullable<ReturnType<typeof useTemplates>["data"]>;
  templatesLoading: boolean;
  onScheduled: (meeting: MeetingDetail) => void;
}) {
  const client = useIsClient();
  const [timeZone] = useState(browserTimeZone);
  const schema = useMemo(() => scheduleSchema(timeZone), [timeZone]);
  const form = useFormFields(schema, SCHEDULE_INITIAL, { idPrefix: "schedule-" });
  const mutation = useScheduleMeeting();
  const when = form.input("scheduledAt");
  const whenMessages = form.messages("scheduledAt");

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending) return;
    if (missingRequired(form.values))
      toast({
        title: "Missing Information",
        description: "Please fill in all required fields",
        variant: "destructive",
      });
    const body = form.check(e.currentTarget);
    if (body === null) return;
    const sent: ScheduleValues = form.values;
    mutation.mutate(body, {
      onSuccess: (meeting) => {
        const person = people.find((p) => p.id === meeting.employee.id) ?? meeting.employee;
        toast({
          title: "Meeting Scheduled",
          description: `Meeting with ${fullName(person)} on ${formatMeetingDateTime(meeting.scheduledAt)}. The invitation is on its way.`,
        });
        form.reset();
        onScheduled(meeting);
      },
      onError: (err) => {
        toast({ title: "Error", description: "Failed to schedule meeting", variant: "destructive" });
        form.showAnswer(failedAnswer(err, "Failed to schedule meeting"), sent);
      },
    });
  }

  return (
    <Card>
      <CardContent className="pt-5">
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Schedule a 1:1 meeting">
          <SelectField form={form} name="employeeId" label="Team member" className="sm:col-span-2">
            <option value="">Select a team member</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.teamName ? `${fullName(p)} (${p.teamName})` : fullName(p)}
              </option>
            ))}
          </SelectField>
          <SelectField
            form={form}
            name="templateId"
            label="Template"
            className="sm:col-span-2"
            hint={
              !templatesLoading && templates.length === 0 ? (
                <p className="text-xs text-slate-500">No templates yet: the Templates tab adds our defaults.</p>
              ) : null
            }
          >
            <option value="">{templatesLoading ? "Loading templates..." : "No template"}</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <Field
            label="Date and time"
            htmlFor={when.id}
            messages={whenMessages}
            messagesId={form.messagesId("scheduledAt")}
            hint={
              <p className="text-xs text-slate-500">
                {client ? `In your time zone (${timeZone}).` : "In your time zone."}
              </p>
            }
            className="sm:col-span-2"
          >
            <Input {...when} type="datetime-local" min={client ? toDateTimeLocal(new Date(), timeZone) : undefined} />
          </Field>
          <SelectField form={form} name="durationMinutes" label="Duration">
            {DURATION_CHOICES.map((d) => (
              <option key={d} value={String(d)}>
                {formatDuration(d)}
              </option>
            ))}
          </SelectField>
          <SelectField form={form} name="recurrence" label="Repeats">
            {RECURRENCE_KINDS.map((r) => (
              <option key={r} value={r}>
                {RECURRENCE_LABELS[r]}
              </option>
            ))}
          </SelectField>
          <FormAlert alert={form.alert} className="sm:col-span-2" />
          <div className="flex justify-end sm:col-span-2">
            <SubmitButton pending={mutation.isPending} pendingLabel="Scheduling..." className="w-full sm:w-auto">
              Schedule Meeting
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
