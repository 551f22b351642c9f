"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { CompanyForm, type CompanyValues } from "@/components/signup/company-form";
import { useSetupIntent } from "@/components/signup/use-setup-intent";
import { setupIntentRequest } from "@/components/signup/setup-intent";
import type { SignupPaymentConfig } from "@/lib/billing/dto";
import type { FormState } from "@/lib/actions/form-state";
import { StepIndicator, type SignupStep } from "@/components/signup/step-indicator";
import { useFormFields } from "@/components/forms/use-form-fields";
import { loadSignupCalls } from "@/components/signup/load-signup-calls";
import { signupRules, type SignupData } from "@/lib/validation/signup-rules";
import { runtimeTimeZone } from "@/lib/format/zones";

const COMPLETE_FALLBACK = "Failed to complete signup. Please try again.";

// Steps 2 and 3 and the calls to the server (load-signup-calls.ts) are not needed to show the
// page: they load apart from its first download (the public budget), and are fetched as soon as
// the browser is idle, so they are there by the time the visitor types or submits. React.lazy rather than next/dynamic, whose own code (~2 KiB gz)
// would cost more than it saves here; neither step is ever rendered on the server.
const loadPaymentStep = () => import("@/components/signup/payment-step");
const loadWelcomeStep = () => import("@/components/signup/welcome-step");
const PaymentStep = lazy(() => loadPaymentStep().then((m) => ({ default: m.PaymentStep })));
const WelcomeStep = lazy(() => loadWelcomeStep().then((m) => ({ default: m.WelcomeStep })));
// Words rather than the card form's spinner, which would bring its own code into the first download.
const stepLoading = (
  <p role="status" className="text-sm text-slate-600">
    Loading the next step...
  </p>
);

function preloadLaterSteps(): () => void {
  // A failed preload is no error: the step loads again when it is shown.
  const load = () => void Promise.all([loadSignupCalls(), loadPaymentStep(), loadWelcomeStep()]).catch(() => undefined);
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(load, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(load, 1000);
  return () => clearTimeout(timer);
}

const HEADINGS: Record<SignupStep, { title: string; subtitle: string }> = {
  details: { title: "Start your free trial", subtitle: "Set up your company workspace in a minute." },
  payment: { title: "Complete Your Payment", subtitle: "Review your plan and start the trial." },
  welcome: { title: "Welcome", subtitle: "Your workspace is ready." },
};

/** The three steps of /signup: company details, payment, welcome. `payment`: Stripe's public
 * settings when this installation takes a card, null when it does not. */
export function SignupFlow({
  initial,
  suffix,
  productName,
  payment,
}: {
  initial: CompanyValues;
  suffix: string;
  productName: string;
  payment: SignupPaymentConfig | null;
}) {
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

  useEffect(preloadLaterSteps, []);

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
      const { postSignup, handoffUrl } = await loadSignupCalls();
      // The confirmed SetupIntent goes along (the server checks it with Stripe), and the browser's
      // time zone, which the workspace and its pulse schedule start in.
      const input = { ...data.input, timeZone: runtimeTimeZone() };
      const result = await postSignup(setupIntentId ? { ...input, setupIntentId } : input);
      setTarget(handoffUrl(result));
      setStep("welcome");
    } catch (err) {
      // The calls' module failed to load only when the network did: the fallback says that.
      const answer = await loadSignupCalls().then(
        ({ failedAnswer }) => failedAnswer(err, COMPLETE_FALLBACK),
        (): FormState => ({ status: "error", message: COMPLETE_FALLBACK }),
      );
      if (answer.fields && Object.keys(answer.fields).length > 0) {
        // A field's problem (the subdomain was taken meanwhile, say) is fixed on the details step,
        // under that field; the answer holds only while the field keeps the value that was sent.
        form.showAnswer(answer, data.sent);
        setStep("details");
      } else {
        setError(answer.message ?? COMPLETE_FALLBACK);
        // The card's SetupIntent was refused (not confirmed, or used already): take the card again.
        if (answer.code === "payment_setup_invalid" && payment)
          void intent.prepare(setupIntentRequest(data.input), true);
      }
    } finally {
      setPending(false);
    }
  }

  const { title, subtitle } = HEADINGS[step];
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <StepIndicator step={step} />
      <h1 ref={heading} tabIndex={-1} className="mt-6 text-2xl font-semibold text-slate-900 focus:outline-none">
        {title}
      </h1>
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
          <Suspense fallback={stepLoading}>
            <PaymentStep
              companyName={data.input.companyName}
              companySize={data.input.companySize}
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
          </Suspense>
        ) : null}
        {step === "welcome" && data && target ? (
          <Suspense fallback={stepLoading}>
            <WelcomeStep firstName={data.input.firstName} productName={productName} target={target} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
