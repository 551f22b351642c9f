"use client";

import Link from "next/link";
import { findCompanyAction } from "@/lib/tenancy/company-finder-action";
import { companyFinderRules as companyFinderSchema, FINDER_FAILED } from "@/lib/tenancy/company-finder-rules";
import { useActionForm } from "@/components/forms/use-action-form";
import { Field, FormAlert, SubmitButton } from "@/components/forms/fields";
import { SuffixedInput } from "@/components/ui/suffixed-input";

/** 'Company URL' with the root domain as suffix; sends the visitor on to their workspace's sign-in. */
export function CompanyFinder({ suffix, productName }: { suffix: string; productName: string }) {
  // noValidate: an empty submit gets the product's 'Company name is required', not the browser's bubble.
  const form = useActionForm(findCompanyAction, companyFinderSchema, {
    initial: { company: "" },
    codeMessages: { internal: FINDER_FAILED },
  });
  const input = form.input("company");
  return (
    <form onSubmit={form.onSubmit} method="post" noValidate className="space-y-4">
      <Field
        label="Company URL"
        htmlFor={input.id}
        messages={form.messages("company")}
        messagesId={form.messagesId("company")}
      >
        <SuffixedInput
          {...input}
          suffix={suffix}
          suffixId="company-suffix"
          autoComplete="organization"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="your-company"
          maxLength={253}
          aria-describedby={["company-suffix", input["aria-describedby"]].filter(Boolean).join(" ")}
        />
      </Field>
      <FormAlert alert={form.alert} errorTitle="Error" />
      {form.navigating ? (
        <p role="status" className="text-sm text-slate-600">
          Redirecting...
        </p>
      ) : null}
      <SubmitButton pending={form.pending} pendingLabel="Finding your company..." className="w-full">
        Go to Company Login
      </SubmitButton>
      <p className="text-center text-sm text-slate-600">
        New to {productName}?{" "}
        <Link className="font-medium text-brand-600 hover:underline" href="/signup">
          Sign up for a free trial
        </Link>
      </p>
    </form>
  );
}
