import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { startTrialAction } from "@/components/site/landing/lead-action";
import { SubmitButton } from "@/components/site/landing/submit-button";
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

/** The landing page's lead form: the first four fields are required by the browser; the submit
 * carries the values over to signup. */
export function LeadForm() {
  return (
    <form action={startTrialAction} aria-labelledby="lead-form-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-brand-600/10 sm:p-7">
      <h2 id="lead-form-title" className="text-xl font-semibold text-slate-900">Start your free trial</h2>
      <p className="mt-1 text-sm text-slate-600">{TRIAL_DAYS} days free. Your workspace is ready in minutes.</p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field id="lead-company" name="companyName" label="Company name" autoComplete="organization" required maxLength={100} />
        </div>
        <div className="sm:col-span-2">
          <Field id="lead-name" name="name" label="Your name" autoComplete="name" required maxLength={100} />
        </div>
        <div className="sm:col-span-2">
          <Field id="lead-email" name="workEmail" label="Work email" type="email" autoComplete="email" required maxLength={254} />
        </div>
        <Field id="lead-team-size" name="teamSize" label="Team size" type="number" inputMode="numeric" min={1} max={100000} step={1} required />
        <Field id="lead-phone" name="phone" label="Phone" hint="(optional)" type="tel" autoComplete="tel" maxLength={40} />
      </div>
      <div className="mt-6">
        <SubmitButton pendingLabel="Starting...">Start My Free Trial</SubmitButton>
      </div>
      <p className="mt-3 text-center text-xs text-slate-500">Next you choose your workspace address and password.</p>
    </form>
  );
}
