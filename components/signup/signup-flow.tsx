"use client";

import { useEffect, useRef, useState } from "react";
import { CompanyForm, type CompanyValues } from "@/components/signup/company-form";
import { PaymentStep } from "@/components/signup/payment-step";
import { useSetupIntent } from "@/components/signup/use-setup-intent";
import { setupIntentRequest } from "@/components/signup/setup-intent";
import type { SignupPaymentConfig } from "@/lib/billing/dto";
import { WelcomeStep } from "@/components/signup/welcome-step";
import { StepIndicator, type SignupStep } from "@/components/signup/step-indicator";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { postSignup } from "@/lib/signup/client";
import { handoffUrl } from "@/lib/signup/api-types";
import { signupRules, type SignupData } from "@/lib/validation/signup-rules";

const COMPLETE_FALLBACK = "Failed to complete signup. Please try again.";

const HEADINGS: Record<SignupStep, { title: string; subtitle: string }> = {
  details: { title: "Start your free trial", subtitle: "Set up your company workspace in a minute." },
  payment: { title: "Complete Your Payment", subtitle: "Review your plan and start the trial." },
  welcome: { title: "Welcome", subtitle: "Your workspace is ready." },
};

/** The three steps of /signup: company details, payment, welcome. `payment`: Stripe's public
 * settings when this installation takes a card, null when it does not. */
export function SignupFlow({ initial, suffix, productName, payment }: { initial: CompanyValues; suffix: string; productName: string; payment: SignupPaymentConfig | null }) {
  const [step, setStep] = useState<SignupStep>("details");
  // Held here, not in the details form, so the values and the server's answer survive the steps.
  const form = useFormFields(signupRules, initial, { live: ["subdomain"] });
  const [data, setData] = useState<{ input: SignupData; sent: CompanyValues } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const intent = useSetupIntent();
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

  async function start(setupIntentId?: string) {
    if (!data) return;
    setPending(true);
    setError(null);
    try {
      // The confirmed SetupIntent goes along; the server checks it with Stripe.
      const result = await postSignup(setupIntentId ? { ...data.input, setupIntentId } : data.input);
      setTarget(handoffUrl(result));
      setStep("welcome");
    } catch (err) {
      const answer = failedAnswer(err, COMPLETE_FALLBACK);
      if (answer.fields && Object.keys(answer.fields).length > 0) {
        // A field's problem (the subdomain was taken meanwhile, say) is fixed on the details step,
        // under that field; the answer holds only while the field keeps the value that was sent.
        form.showAnswer(answer, data.sent);
        setStep("details");
      } else {
        setError(answer.message ?? COMPLETE_FALLBACK);
        // The card's SetupIntent was refused (not confirmed, or used already): take the card again.
        if (answer.code === "payment_setup_invalid" && payment) void intent.prepare(setupIntentRequest(data.input), true);
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
        {/* Kept mounted (only hidden) on later steps, so its own state (the slug the company name
            wrote, a password shown) is as it was when the visitor comes back. */}
        <div hidden={step !== "details"}>
          <CompanyForm
            form={form}
            suffix={suffix}
            onValid={(input) => {
              setData({ input, sent: form.values });
              setError(null);
              setStep("payment");
              // The same details keep the SetupIntent made for them (and a card confirmed with it).
              if (payment) void intent.prepare(setupIntentRequest(input));
            }}
          />
        </div>
        {step === "payment" && data ? (
          <PaymentStep
            companyName={data.input.companyName}
            workspaceHost={`${data.input.subdomain}.${suffix}`}
            card={
              payment
                ? {
                    config: payment,
                    state: intent.state,
                    onRetry: () => void intent.retry(),
                    onConfirmed: (id) => {
                      intent.confirmed(id);
                      void start(id);
                    },
                  }
                : null
            }
            pending={pending}
            error={error}
            onBack={() => setStep("details")}
            onStart={(id) => void start(id)}
          />
        ) : null}
        {step === "welcome" && data && target ? <WelcomeStep firstName={data.input.firstName} productName={productName} target={target} /> : null}
      </div>
    </div>
  );
}
