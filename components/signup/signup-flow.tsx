"use client";

import { useEffect, useRef, useState } from "react";
import { CompanyForm, type CompanyValues, type FieldErrors } from "@/components/signup/company-form";
import { PaymentStep } from "@/components/signup/payment-step";
import { WelcomeStep } from "@/components/signup/welcome-step";
import { FormError } from "@/components/signup/form-error";
import { StepIndicator, type SignupStep } from "@/components/signup/step-indicator";
import { postSignup } from "@/lib/signup/client";
import { handoffUrl } from "@/lib/signup/api-types";
import type { SignupData } from "@/lib/signup/schema";
import { problemOf } from "@/lib/api/client";

const COMPLETE_FALLBACK = "Failed to complete signup. Please try again.";

const HEADINGS: Record<SignupStep, { title: string; subtitle: string }> = {
  details: { title: "Start your free trial", subtitle: "Set up your company workspace in a minute." },
  payment: { title: "Complete Your Payment", subtitle: "Review your plan and start the trial." },
  welcome: { title: "Welcome", subtitle: "Your workspace is ready." },
};

/** The server's message and field errors from a failed completion, or the spec's fallback. */
function describeFailure(err: unknown): { message: string; fields?: Record<string, string[]> } {
  // Not our problem document (a proxy's page, say): the spec's fallback.
  const problem = problemOf(err);
  return problem?.message ? { message: problem.message, fields: problem.fields } : { message: COMPLETE_FALLBACK };
}

/** The three steps of /signup: company details, payment, welcome. */
export function SignupFlow({ initial, suffix, productName }: { initial: CompanyValues; suffix: string; productName: string }) {
  const [step, setStep] = useState<SignupStep>("details");
  const [values, setValues] = useState<CompanyValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [data, setData] = useState<SignupData | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Each step change moves focus to the step's heading, so keyboard and screen-reader users
  // start reading the new step instead of staying on a button that is gone.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  async function start() {
    if (!data) return;
    setPending(true);
    setError(null);
    try {
      const result = await postSignup(data);
      setTarget(handoffUrl(result));
      setStep("welcome");
    } catch (err) {
      const failure = describeFailure(err);
      setError(failure.message);
      if (failure.fields && Object.keys(failure.fields).length > 0) {
        setErrors(failure.fields);
        setStep("details");
      }
    } finally {
      setPending(false);
    }
  }

  const { title, subtitle } = HEADINGS[step];
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <StepIndicator step={step} />
      <h1 ref={heading} tabIndex={-1} className="mt-6 text-2xl font-semibold text-slate-900 focus:outline-none">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
      <div className="mt-6">
        {/* Kept mounted (only hidden) on later steps, so its values survive going back. */}
        <div hidden={step !== "details"} className="space-y-4">
          {step === "details" ? <FormError message={error} /> : null}
          <CompanyForm
            values={values}
            onValues={setValues}
            errors={errors}
            onErrors={setErrors}
            suffix={suffix}
            onValid={(valid) => {
              setData(valid);
              setError(null);
              setStep("payment");
            }}
          />
        </div>
        {step === "payment" && data ? (
          <PaymentStep
            companyName={data.companyName}
            workspaceHost={`${data.subdomain}.${suffix}`}
            pending={pending}
            error={error}
            onBack={() => setStep("details")}
            onStart={start}
          />
        ) : null}
        {step === "welcome" && data && target ? <WelcomeStep firstName={data.firstName} productName={productName} target={target} /> : null}
      </div>
    </div>
  );
}
