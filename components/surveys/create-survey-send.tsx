"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/auth/form-feedback";
import { MAX_OPEN_DAYS, MIN_OPEN_DAYS } from "@/lib/surveys/custom-schemas";
import { formatDate } from "@/lib/format";

type Props = {
  now: boolean;
  at: string;
  min: string;
  max: string;
  timeZone: string;
  errors?: string[];
  disabled: boolean;
  onNow: (now: boolean) => void;
  onAt: (at: string) => void;
};

const radio = "size-4 accent-brand-600";

/** Send now, or at a date and time of the user's own time zone (a datetime-local field). */
export function SendTimePicker({ now, at, min, max, timeZone, errors, disabled, onNow, onAt }: Props) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">When</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name="send"
          className={radio}
          checked={now}
          disabled={disabled}
          onChange={() => onNow(true)}
        />
        Send now
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name="send"
          className={radio}
          checked={!now}
          disabled={disabled}
          onChange={() => onNow(false)}
        />
        Schedule for later
      </label>
      {!now ? (
        <div className="ml-6 grid gap-1.5">
          <label htmlFor="survey-send-at" className="text-sm text-slate-700">{`Date and time (${timeZone})`}</label>
          <Input
            id="survey-send-at"
            type="datetime-local"
            value={at}
            min={min}
            max={max}
            disabled={disabled}
            onChange={(e) => onAt(e.target.value)}
            aria-invalid={!!errors}
            aria-describedby="survey-send-at-error"
            className="sm:max-w-64"
          />
          <FieldError id="survey-send-at-error" messages={errors} />
        </div>
      ) : null}
    </fieldset>
  );
}

/** 'Open for' n days: when the survey closes and its results are released (docs/decisions.md (Surveys and rounds)). The
 * close time is previewed in the user's own time zone once the number is valid. */
export function OpenForField({
  days,
  closesAt,
  errors,
  disabled,
  onDays,
}: {
  days: string;
  closesAt: Date | null;
  errors?: string[];
  disabled: boolean;
  onDays: (days: string) => void;
}) {
  const when = closesAt ? formatDate(closesAt, "dateTime") : undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="survey-open-days">Open for</Label>
      <div className="flex items-center gap-2">
        <Input
          id="survey-open-days"
          type="number"
          inputMode="numeric"
          min={MIN_OPEN_DAYS}
          max={MAX_OPEN_DAYS}
          step={1}
          value={days}
          disabled={disabled}
          onChange={(e) => onDays(e.target.value)}
          aria-invalid={!!errors}
          aria-describedby="survey-open-days-unit survey-open-days-hint survey-open-days-error"
          className="w-24"
        />
        <span id="survey-open-days-unit" className="text-sm text-slate-700">
          days
        </span>
      </div>
      <p id="survey-open-days-hint" className="text-xs text-slate-600">
        {`Results are released when it closes${when ? `: ${when}` : ""}. ${MIN_OPEN_DAYS} to ${MAX_OPEN_DAYS} days.`}
      </p>
      <FieldError id="survey-open-days-error" messages={errors} />
    </div>
  );
}
