"use client";

import { Input } from "@/components/ui/input";
import { FieldError } from "@/components/auth/form-feedback";

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
        <input type="radio" name="send" className={radio} checked={now} disabled={disabled} onChange={() => onNow(true)} />
        Send now
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name="send" className={radio} checked={!now} disabled={disabled} onChange={() => onNow(false)} />
        Schedule for later
      </label>
      {!now ? (
        <div className="ml-6 grid gap-1.5">
          <label htmlFor="survey-send-at" className="text-sm text-slate-700">{`Date and time (${timeZone})`}</label>
          <Input id="survey-send-at" type="datetime-local" value={at} min={min} max={max} disabled={disabled} onChange={(e) => onAt(e.target.value)}
            aria-invalid={!!errors} aria-describedby="survey-send-at-error" className="sm:max-w-64" />
          <FieldError id="survey-send-at-error" messages={errors} />
        </div>
      ) : null}
    </fieldset>
  );
}
