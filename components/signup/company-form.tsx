"use client";

import { useRef } from "react";
import { Label } from "@/components/ui/label";
import { Button } from "@/components/ui/button";
import { FormAlert, PasswordField, SelectField, TextField } from "@/components/forms/fields";
import type { FormFields } from "@/components/forms/use-form-fields";
import { SubdomainField } from "@/components/signup/subdomain-field";
import { useSubdomainAvailability } from "@/components/signup/use-subdomain-availability";
import { slugify } from "@/lib/signup/slug";
import { COMPANY_SIZES, type SignupData } from "@/lib/validation/signup-rules";

/** The form's values: a signup as typed (any size picked, the box ticked or not; the card comes
 * from the payment step, the time zone from the browser when the signup is sent). */
export type CompanyValues = Omit<SignupData, "companySize" | "marketingConsent" | "setupIntentId" | "timeZone"> & {
  companySize: string;
  marketingConsent: boolean;
};

/**
 * Step 1: the person and the company. The form's state lives in the signup flow (useFormFields),
 * which keeps it while later steps show, so going back finds everything as it was.
 */
export function CompanyForm({
  form,
  suffix,
  onValid,
}: {
  form: FormFields<CompanyValues, SignupData>;
  suffix: string;
  onValid: (data: SignupData) => void;
}) {
  const { values } = form;
  // The slug last written into the subdomain by the company name: while the subdomain still
  // equals it (or is empty), the company name keeps driving it; once edited by hand, it stops.
  const lastAutoSlug = useRef(
    values.subdomain && values.subdomain === slugify(values.companyName) ? values.subdomain : "",
  );
  const availability = useSubdomainAvailability(values.subdomain);
  const blocked = availability.status === "unavailable" || availability.status === "checking";

  function onCompanyName(companyName: string) {
    form.update((v) => {
      if (v.subdomain !== "" && v.subdomain !== lastAutoSlug.current) return { ...v, companyName };
      const slug = slugify(companyName);
      lastAutoSlug.current = slug;
      return { ...v, companyName, subdomain: slug };
    });
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // 'unavailable' and 'checking' cannot get here (the button is disabled); after a failed
    // check the server's own check decides.
    const data = form.check(e.currentTarget);
    if (data) onValid(data);
  }

  return (
    <form onSubmit={onSubmit} noValidate method="post" className="space-y-5" aria-label="Company details">
      <FormAlert alert={form.alert} errorTitle="Error" />
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">About you</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="firstName" label="First name" autoComplete="given-name" />
          <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" />
        </div>
        <TextField form={form} name="workEmail" label="Work email" type="email" autoComplete="email" />
        <PasswordField form={form} name="password" label="Password" autoComplete="new-password" />
        <PasswordField form={form} name="confirmPassword" label="Confirm password" autoComplete="new-password" />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">Your company</legend>
        <TextField
          form={form}
          name="companyName"
          label="Company name"
          autoComplete="organization"
          onValue={onCompanyName}
        />
        <SubdomainField form={form} suffix={suffix} availability={availability} />
        <SelectField form={form} name="companySize" label="Company size">
          <option value="">Select company size</option>
          {COMPANY_SIZES.map((size) => (
            <option key={size} value={size}>
              {size} employees
            </option>
          ))}
        </SelectField>
        <div className="flex items-start gap-3">
          <input
            {...form.checkbox("marketingConsent")}
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
          />
          <Label htmlFor={form.id("marketingConsent")} className="leading-snug font-normal text-slate-700">
            Send me product updates and leadership tips (optional)
          </Label>
        </div>
      </fieldset>

      {/* No wait here (the next step is local), so a plain submit button. */}
      <Button type="submit" size="lg" className="w-full" disabled={blocked}>
        Get Instant Access
      </Button>
      <p className="text-center text-xs text-slate-500">
        7-day free trial · $6 per user per month afterwards · cancel anytime
      </p>
    </form>
  );
}
