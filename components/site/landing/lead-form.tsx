"use client";

import { useActionState } from "react";
import { ArrowRight } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FormAlert, SubmitButton } from "@/components/forms/fields";
import { useFormFields, type FormFields, type TextKey } from "@/components/forms/use-form-fields";
import { ANY_VALUES } from "@/components/forms/form-messages";
import { startTrialAction } from "@/lib/signup/lead-action";
import { idleState } from "@/lib/actions/form-state";
import { TRIAL_DAYS } from "@/lib/billing/pricing";

type Values = { companyName: string; name: string; workEmail: string; teamSize: string; phone: string };

type FieldProps = { form: FormFields<Values>; name: TextKey<Values>; label: string; hint?: string } & Omit<
  React.ComponentProps<"input">,
  "form" | "name" | "id" | "value" | "onChange" | "onBlur"
>;

function Field({ form, name, label, hint, ...input }: FieldProps) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={form.id(name)}>
        {label}
        {hint ? <span className="ml-1 font-normal text-slate-500">{hint}</span> : null}
      </Label>
      <Input {...input} {...form.input(name)} />
    </div>
  );
}

/**
 * The landing page's lead form, on useFormFields for its values and its answer, with two
 * deliberate differences from the other forms:
 * - it keeps the browser's own checks (its first four fields are "required by the browser"):
 *   its server refuses nothing (it drops an odd value and hands the rest to signup, which
 *   validates), so the only rules are "fill these in", which the browser says before sending;
 * - it keeps a `<form action>`: the landing page must work without JavaScript, as a real form
 *   post answered by a redirect to signup; before hydration React itself replays such a submit
 *   (early-submits.ts leaves forms with an action to it).
 */
export function LeadForm() {
  const form = useFormFields(
    ANY_VALUES,
    { companyName: "", name: "", workEmail: "", teamSize: "", phone: "" } satisfies Values,
    { idPrefix: "lead-" },
  );
  // The action itself (not a function around it), so that React renders the form as a real post
  // for a browser without JavaScript. It redirects to signup; an answer comes back only when it
  // could not (a refusal such as a rate limit), announced in the form's message while what was
  // typed stays in the fields (controlled by useFormFields, so React's reset after an action keeps it).
  const [state, action, pending] = useActionState(startTrialAction, idleState);
  const alert = state.status === "error" && state.message ? { tone: "error" as const, lines: [state.message] } : null;
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
            form={form}
            name="companyName"
            label="Company name"
            autoComplete="organization"
            required
            maxLength={100}
          />
        </div>
        <div className="sm:col-span-2">
          <Field form={form} name="name" label="Your name" autoComplete="name" required maxLength={100} />
        </div>
        <div className="sm:col-span-2">
          <Field
            form={form}
            name="workEmail"
            label="Work email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
          />
        </div>
        <Field
          form={form}
          name="teamSize"
          label="Team size"
          type="number"
          inputMode="numeric"
          min={1}
          max={100000}
          step={1}
          required
        />
        <Field form={form} name="phone" label="Phone" hint="(optional)" type="tel" autoComplete="tel" maxLength={40} />
      </div>
      <FormAlert alert={alert} className="mt-4" />
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
