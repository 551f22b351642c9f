"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/forms/fields";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer, unlessReadOnly } from "@/components/forms/api-answer";
import { toast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/api/client";
import type { MeetingDetail, PrepFormDto } from "@/lib/one-on-one/dto";
import { emptyPrepForm, prepFormSubmitSchema, withPrepDefaults, type PrepForm } from "@/lib/one-on-one/prep-form";
import { PrepFormFields } from "@/components/one-on-one/prep-form-fields";
import { PrepFormReadOnly } from "@/components/one-on-one/prep-tab";
import { MeetingDateTime } from "@/components/one-on-one/local-date-time";
import { fullName } from "@/components/one-on-one/format";
import { MeetingLoadError, MeetingLoading } from "@/components/one-on-one/meeting-detail";
import { MeetingNotFound } from "@/components/one-on-one/meeting-not-found";
import { PrivacyBanner } from "@/components/one-on-one/privacy-banner";
import { isNotFound, meetingKeys, useMeeting, usePrepForm } from "@/components/one-on-one/use-meeting";

const DEBOUNCE_MS = 800;
type SaveStatus = "idle" | "saving" | "saved" | "error";

/** /one-on-one-prep?meetingId=: the employee prepares; the manager is shown the submitted answers. */
export function PrepFormScreen({ meetingId, initial }: { meetingId: string; initial?: MeetingDetail }) {
  const meeting = useMeeting(meetingId, initial);
  const employee = meeting.data?.role === "employee";
  const prep = usePrepForm(meetingId, employee);
  if (meeting.isPending || (employee && prep.isPending)) return <MeetingLoading />;
  if (meeting.isError)
    return isNotFound(meeting.error) ? (
      <MeetingNotFound />
    ) : (
      <MeetingLoadError onRetry={() => void meeting.refetch()} />
    );
  if (prep.isError)
    return isNotFound(prep.error) ? <MeetingNotFound /> : <MeetingLoadError onRetry={() => void prep.refetch()} />;
  const m = meeting.data;

  return (
    <div className="mx-auto max-w-3xl min-w-0 space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">1:1 Meeting Prep Form</h1>
        <p className="mt-1 text-sm text-slate-600">
          {`Meeting of ${fullName(m.employee)} with ${fullName(m.manager)} · `}
          <MeetingDateTime iso={m.scheduledAt} />
        </p>
      </div>
      <PrivacyBanner />
      {employee ? <EmployeePrepForm key={m.id} meeting={m} stored={prep.data ?? null} /> : <ManagerView meeting={m} />}
    </div>
  );
}

/** The manager reads (never edits) the employee's form; once submitted, the review has it all. */
function ManagerView({ meeting }: { meeting: MeetingDetail }) {
  const prep = meeting.prepForm;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{`${meeting.employee.firstName} fills in this form; you can read it once it is submitted.`}</p>
      {prep?.submittedAt ? (
        <PrepFormReadOnly prep={prep} />
      ) : (
        <EmptyState
          headingLevel="h2"
          title="Prep form not submitted yet"
          description={`${fullName(meeting.employee)} has not submitted their prep form for this meeting.`}
        />
      )}
      <Button asChild>
        <Link href={`/one-on-one-meeting?meetingId=${meeting.id}`}>Open the meeting review</Link>
      </Button>
    </div>
  );
}

type PrepValues = { [K in keyof PrepForm]: string };
const FIELDS = Object.keys(emptyPrepForm()) as (keyof PrepForm)[];
/** The form's values as text (a slider's too), and the request they make. */
const valuesOf = (p: PrepForm) => Object.fromEntries(FIELDS.map((k) => [k, String(p[k])])) as PrepValues;
const prepOf = (v: PrepValues): PrepForm => ({ ...v, mood: Number(v.mood), stressLevel: Number(v.stressLevel) });

function EmployeePrepForm({ meeting, stored }: { meeting: MeetingDetail; stored: PrepFormDto | null }) {
  const queryClient = useQueryClient();
  // Every field is checked from the first keystroke: a draft is saved as the person types, and
  // one the schema would refuse is not sent, so its field says why at once.
  const form = useFormFields(prepFormSubmitSchema, valuesOf(withPrepDefaults(stored ?? {})), {
    idPrefix: "prep-",
    live: FIELDS,
    toInput: prepOf,
  });
  const values = prepOf(form.values);
  const [saveStatus, setSaveStatus] = useState<SaveStatus>("idle");
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const submitted = !!stored?.submittedAt;
  const closed = meeting.status !== "scheduled";
  const timer = useRef<number | null>(null);
  const latest = useRef(form.values);
  const messages = Object.fromEntries(FIELDS.map((k) => [k, form.messages(k)]));

  async function saveDraft() {
    const sent = latest.current;
    const body = prepOf(sent);
    // A draft that would not pass the schema is not sent: its field shows why instead.
    if (!prepFormSubmitSchema.safeParse(body).success) return setSaveStatus("idle");
    setSaveStatus("saving");
    try {
      const saved = await apiFetch<PrepFormDto>("/api/one-on-one-prep", {
        method: "POST",
        body: { meetingId: meeting.id, ...body },
      });
      queryClient.setQueryData(meetingKeys.prep(meeting.id), saved);
      setSaveStatus(latest.current === sent ? "saved" : "saving");
    } catch (err) {
      setSaveStatus("error");
      // The field messages only: the status line beside the button says the draft was not saved,
      // and focus stays in the field being typed in.
      const answer = failedAnswer(err, "Failed to save prep form");
      form.showAnswer({ ...answer, message: undefined }, sent, { focus: false });
      toast({ title: "Error", description: unlessReadOnly(err, "Failed to save prep form"), variant: "destructive" });
    }
  }

  // A draft still waiting when the person leaves is saved then.
  useEffect(
    () => () => {
      if (timer.current !== null) {
        window.clearTimeout(timer.current);
        void saveDraft();
      }
    },
    // Runs once, on unmount: the latest draft is read through the ref-held timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  function change<K extends keyof PrepForm>(name: K, value: PrepForm[K]) {
    const next = { ...latest.current, [name]: String(value) };
    latest.current = next;
    form.set(name, String(value));
    // A submitted form is changed by submitting again, so the manager never reads half an edit.
    if (submitted) return;
    setSaveStatus("idle");
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      void saveDraft();
    }, DEBOUNCE_MS);
  }

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    const parsed = form.check(e.currentTarget);
    if (parsed === null) return;
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
    const sent = form.values;
    setSubmitting(true);
    try {
      const saved = await apiFetch<PrepFormDto>("/api/one-on-one/prep-form", {
        method: "POST",
        body: { meetingId: meeting.id, employeeId: meeting.employee.id, ...prepOf(sent) },
      });
      queryClient.setQueryData(meetingKeys.prep(meeting.id), saved);
      void queryClient.invalidateQueries({ queryKey: meetingKeys.meeting(meeting.id) });
      setDone(true);
    } catch (err) {
      form.showAnswer(failedAnswer(err, "Failed to submit form. Please try again."), sent);
      toast({
        title: "Error",
        description: unlessReadOnly(err, "Failed to submit form. Please try again."),
        variant: "destructive",
      });
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <Card>
        <CardHeader className="items-center text-center">
          <CheckCircle2 aria-hidden="true" className="size-10 text-emerald-600" />
          <CardTitle as="h2" role="status">
            Form submitted successfully!
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-3 text-center text-sm text-slate-600">
          <p>{`${meeting.manager.firstName} has been told that your prep form is ready.`}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link href={`/one-on-one/${meeting.id}`}>Back to the meeting</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/one-on-one">Back to 1:1 Meetings</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }

  if (closed) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">{`This meeting is ${meeting.status}; its prep form can no longer be changed.`}</p>
        {stored ? (
          <PrepFormReadOnly prep={stored} />
        ) : (
          <EmptyState headingLevel="h2" title="No prep form" description="You did not prepare for this meeting." />
        )}
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="1:1 Meeting Prep Form">
      <p className="text-sm text-slate-600">
        {submitted
          ? "You have submitted this form. Changes are sent to your manager when you submit again."
          : "Your answers are saved as a draft as you type; your manager sees them once you submit."}
      </p>
      <PrepFormFields values={values} messages={messages} onChange={change} />
      <FormAlert alert={form.alert} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p
          role="status"
          aria-live="polite"
          className={`text-sm ${saveStatus === "error" ? "text-red-600" : "text-slate-500"}`}
        >
          {saveStatus === "saving"
            ? "Saving..."
            : saveStatus === "saved"
              ? "Prep Form Saved"
              : saveStatus === "error"
                ? "Failed to save prep form"
                : stored && !submitted
                  ? "Saved"
                  : "\u00a0"}
        </p>
        <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? "Submitting..." : submitted ? "Submit again" : "Submit"}
        </Button>
      </div>
    </form>
  );
}
