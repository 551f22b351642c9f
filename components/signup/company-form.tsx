"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PasswordField } from "@/components/auth/password-fields";
import { FieldError } from "@/components/auth/form-feedback";
import { SubdomainField } from "@/components/signup/subdomain-field";
import { useSubdomainAvailability } from "@/components/signup/use-subdomain-availability";
import { slugify } from "@/lib/signup/slug";
import { COMPANY_SIZES, signupFieldErrors, signupSchema, type SignupData } from "@/lib/signup/schema";

export type CompanyValues = {
  firstName: string;
  lastName: string;
  workEmail: string;
  companyName: string;
  subdomain: string;
  companySize: string;
  marketingConsent: boolean;
};

export type FieldErrors = Record<string, string[] | undefined>;

function TextField({
  id,
  label,
  value,
  onChange,
  errors,
  ...input
}: { id: keyof CompanyValues; label: string; value: string; onChange: (v: string) => void; errors?: string[] } & Omit<React.ComponentProps<"input">, "id" | "value" | "onChange">) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!errors?.length} aria-describedby={`${id}-error`} {...input} />
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}

/**
 * Step 1: the person and the company. The passwords stay uncontrolled (the shared PasswordField)
 * and are read on submit; the form stays mounted while later steps show, so going back keeps them.
 */
export function CompanyForm({
  values,
  onValues,
  errors,
  onErrors,
  suffix,
  onValid,
}: {
  values: CompanyValues;
  onValues: (update: (v: CompanyValues) => CompanyValues) => void;
  errors: FieldErrors;
  onErrors: (errors: FieldErrors) => void;
  suffix: string;
  onValid: (data: SignupData) => void;
}) {
  // The slug last written into the subdomain by the company name: while the subdomain still
  // equals it (or is empty), the company name keeps driving it; once edited by hand, it stops.
  const lastAutoSlug = useRef(values.subdomain && values.subdomain === slugify(values.companyName) ? values.subdomain : "");
  const availability = useSubdomainAvailability(values.subdomain);
  const blocked = availability.status === "unavailable" || availability.status === "checking";

  const set = <K extends keyof CompanyValues>(key: K) => (value: CompanyValues[K]) => onValues((v) => ({ ...v, [key]: value }));

  function onCompanyName(companyName: string) {
    onValues((v) => {
      if (v.subdomain !== "" && v.subdomain !== lastAutoSlug.current) return { ...v, companyName };
      const slug = slugify(companyName);
      lastAutoSlug.current = slug;
      return { ...v, companyName, subdomain: slug };
    });
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = signupSchema.safeParse({
      ...values,
      password: String(form.get("password") ?? ""),
      confirmPassword: String(form.get("confirmPassword") ?? ""),
    });
    if (!parsed.success) {
      const fieldErrors = signupFieldErrors(parsed.error);
      onErrors(fieldErrors);
      // Move to the first field in trouble, so keyboard and screen-reader users land on it.
      const first = e.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(fieldErrors)[0]}"]`);
      first?.focus();
      return;
    }
    // 'unavailable' and 'checking' cannot get here (the button is disabled); after a failed
    // check the server's own check decides.
    onErrors({});
    onValid(parsed.data);
  }

  return (
    <form onSubmit={onSubmit} noValidate method="post" className="space-y-5" aria-label="Company details">
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">About you</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="firstName" label="First name" value={values.firstName} onChange={set("firstName")} errors={errors.firstName} autoComplete="given-name" required />
          <TextField id="lastName" label="Last name" value={values.lastName} onChange={set("lastName")} errors={errors.lastName} autoComplete="family-name" required />
        </div>
        <TextField id="workEmail" label="Work email" type="email" value={values.workEmail} onChange={set("workEmail")} errors={errors.workEmail} autoComplete="email" required />
        <PasswordField name="password" label="Password" autoComplete="new-password" errors={errors.password} />
        <PasswordField name="confirmPassword" label="Confirm password" autoComplete="new-password" errors={errors.confirmPassword} />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">Your company</legend>
        <TextField id="companyName" label="Company name" value={values.companyName} onChange={onCompanyName} errors={errors.companyName} autoComplete="organization" required />
        <SubdomainField value={values.subdomain} onChange={set("subdomain")} suffix={suffix} availability={availability} errors={errors.subdomain} />
        <div className="space-y-1.5">
          <Label htmlFor="companySize">Company size</Label>
          <select
            id="companySize"
            name="companySize"
            value={values.companySize}
            onChange={(e) => set("companySize")(e.target.value)}
            aria-invalid={!!errors.companySize?.length}
            aria-describedby="companySize-error"
            className="flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 aria-invalid:border-red-500 sm:text-sm"
          >
            <option value="">Select company size</option>
            {COMPANY_SIZES.map((size) => (
              <option key={size} value={size}>{size} employees</option>
            ))}
          </select>
          <FieldError id="companySize-error" messages={errors.companySize} />
        </div>
        <div className="flex items-start gap-3">
          <input
            id="marketingConsent"
            name="marketingConsent"
            type="checkbox"
            checked={values.marketingConsent}
            onChange={(e) => set("marketingConsent")(e.target.checked)}
            className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
          />
          <Label htmlFor="marketingConsent" className="leading-snug font-normal text-slate-700">
            Send me product updates and leadership tips (optional)
          </Label>
        </div>
      </fieldset>

      <Button type="submit" size="lg" className="w-full" disabled={blocked}>
        Get Instant Access
      </Button>
      <p className="text-center text-xs text-slate-500">7-day free trial · $6 per user per month afterwards · cancel anytime</p>
    </form>
  );
}
