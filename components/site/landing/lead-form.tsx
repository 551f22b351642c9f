"use client";

import { useActionState } from "react";
import { ArrowRight } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SubmitButton } from "@/components/forms/fields";
import { startTrialAction } from "@/lib/signup/lead-action";
import { idleState } from "@/lib/actions/form-state";
import { TRIAL_DAYS } from "@/lib/billing/pricing";

type FieldProps = { id: string; label: string; hint?: string } & React.ComponentProps<"input">;

function Field({ id, label, hint, ...input }: FieldProps) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label}
        {hint ? <span className="ml-1 font-normal text-slate-500">{hint}</span> : null}
      </Label>
      <Input id={id} {...input} />
    </div>
  );
}

/**
 * The landing page's lead form. Unlike the other forms it keeps the browser's own checks (its
 * first four fields are "required by the browser") and a plain `<form action>`: its
 * action only redirects to signup, which validates, so there is nothing to keep or show after it.
 * Posted through useActionState, it also works before the page's script has loaded.
 */
export function LeadForm() {
  const [, action, pending] = useActionState(startTrialAction, idleState);
  return (
    <form
      action={action}
      aria-labelledby="lead-form-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-brand-600/10 sm:p-7"
    >
      <h2 id="lead-form-title" className="text-xl font-semibold text-slate-900">
        Start your free trial
      </h2>
      <p className="mt-1 text-sm text-slate-600">{TRIAL_DAYS} days free. Your workspace is ready in minutes.</p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field
            id="lead-company"
            name="companyName"
            label="Company name"
            autoComplete="organization"
            required
            maxLength={100}
          />
        </div>
        <div className="sm:col-span-2">
          <Field id="lead-name" name="name" label="Your name" autoComplete="name" required maxLength={100} />
        </div>
        <div className="sm:col-span-2">
          <Field
            id="lead-email"
            name="workEmail"
            label="Work email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
          />
        </div>
        <Field
          id="lead-team-size"
          name="teamSize"
          label="Team size"
          type="number"
          inputMode="numeric"
          min={1}
          max={100000}
          step={1}
          required
        />
        <Field
          id="lead-phone"
          name="phone"
          label="Phone"
          hint="(optional)"
          type="tel"
          autoComplete="tel"
          maxLength={40}
        />
      </div>
      <div className="mt-6">
        <SubmitButton pending={pending} pendingLabel="Starting..." size="lg" className="w-full">
          Start My Free Trial
          <ArrowRight aria-hidden="true" />
        </SubmitButton>
      </div>
      <p className="mt-3 text-center text-xs text-slate-500">Next you choose your workspace address and password.</p>
    </form>
  );
}
