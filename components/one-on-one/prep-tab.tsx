"use client";

import Link from "next/link";
import { ClipboardList } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PREP_FIELD_LABELS, PREP_SCALE_MAX, PREP_TEXT_FIELDS } from "@/lib/one-on-one/prep-form";
import type { MeetingDetail, PrepFormDto } from "@/lib/one-on-one/dto";
import { MeetingDateTime } from "@/components/one-on-one/local-date-time";
import { fullName } from "@/components/one-on-one/format";

/** The employee's answers, read-only (the manager's view, and the employee's summary). */
export function PrepFormReadOnly({ prep }: { prep: PrepFormDto }) {
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Scale label={PREP_FIELD_LABELS.mood} value={prep.mood} />
        <Scale label={PREP_FIELD_LABELS.stressLevel} value={prep.stressLevel} />
      </dl>
      <dl className="grid gap-4">
        {PREP_TEXT_FIELDS.map((k) => (
          <div key={k} className="min-w-0">
            <dt className="text-sm font-medium text-slate-800">{PREP_FIELD_LABELS[k]}</dt>
            <dd className="mt-1 text-sm whitespace-pre-wrap text-slate-700 wrap-anywhere">
              {prep[k].trim() || <span className="text-slate-500">Nothing written</span>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Scale({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <dt className="text-xs font-medium text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900">{`${value} / ${PREP_SCALE_MAX}`}</dd>
    </div>
  );
}

/** The Prep tab: 'Employee Prep' for the manager (submitted forms only), the employee's own status and link. */
export function PrepTab({ meeting }: { meeting: MeetingDetail }) {
  const prep = meeting.prepForm;
  const prepHref = `/one-on-one-prep?meetingId=${meeting.id}`;
  if (meeting.role === "manager") {
    if (!prep || !prep.submittedAt) {
      return (
        <EmptyState
          icon={ClipboardList}
          headingLevel="h2"
          title="Prep form not submitted yet"
          description={`${fullName(meeting.employee)} has not submitted their prep form for this meeting.`}
        />
      );
    }
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          Submitted <MeetingDateTime iso={prep.submittedAt} />
        </p>
        <PrepFormReadOnly prep={prep} />
        <Button asChild variant="outline">
          <Link href={`/one-on-one-meeting?meetingId=${meeting.id}`}>Open the meeting review</Link>
        </Button>
      </div>
    );
  }
  const canEdit = meeting.status === "scheduled";
  if (!prep) {
    return (
      <EmptyState
        icon={ClipboardList}
        headingLevel="h2"
        title="You have not prepared yet"
        description={`Share your wins, challenges and how you feel before meeting ${meeting.manager.firstName}.`}
        action={
          canEdit ? (
            <Button asChild>
              <Link href={prepHref}>Fill in the prep form</Link>
            </Button>
          ) : null
        }
      />
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {prep.submittedAt ? (
          <>
            Submitted <MeetingDateTime iso={prep.submittedAt} />
          </>
        ) : (
          "Draft: not submitted yet. Your manager sees it once you submit."
        )}
      </p>
      <PrepFormReadOnly prep={prep} />
      {canEdit ? (
        <Button asChild>
          <Link href={prepHref}>{prep.submittedAt ? "Edit prep form" : "Continue the prep form"}</Link>
        </Button>
      ) : null}
    </div>
  );
}
