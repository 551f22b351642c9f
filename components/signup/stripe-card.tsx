"use client";

import { useEffect, useState } from "react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { Button } from "@/components/ui/button";
import { CardLoading } from "@/components/signup/card-loading";
import { FormAlert } from "@/components/forms/fields";
import { stripeFor } from "@/components/signup/load-stripe";
import { INIT_FAILED, paymentReturnUrl } from "@/components/signup/setup-intent";
import type { SignupPaymentConfig } from "@/lib/billing/dto";

// The Stripe part of the card step, in its own chunk: next/dynamic loads it (and Stripe's
// libraries) only when step 2 shows a card form, so no other page downloads them.

type CardProps = {
  config: SignupPaymentConfig;
  clientSecret: string;
  /** The signup's completion is running (after the card was confirmed). */
  completing: boolean;
  onConfirmed: (setupIntentId: string) => void;
};

const APPEARANCE = { theme: "stripe", variables: { colorPrimary: "#1f57cc", borderRadius: "6px" } } as const;

export default function StripeCard({ config, ...props }: CardProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    stripeFor(config).then(
      (s) => live && setStripe(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [config, attempt]);

  if (failed) {
    return (
      <div className="space-y-3">
        <FormAlert alert={{ tone: "error", lines: [INIT_FAILED] }} />
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (!stripe) return <CardLoading />;
  return (
    // Keyed by the secret: a new SetupIntent (changed details) needs a fresh Elements group.
    <Elements
      key={props.clientSecret}
      stripe={stripe}
      options={{ clientSecret: props.clientSecret, appearance: APPEARANCE }}
    >
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ completing, onConfirmed }: Omit<CardProps, "config">) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = confirming || completing;

  async function confirm() {
    if (!stripe || !elements || busy) return;
    setConfirming(true);
    setFailure(null);
    try {
      const { error, setupIntent } = await stripe.confirmSetup({
        elements,
        redirect: "if_required",
        confirmParams: { return_url: paymentReturnUrl(window.location.origin) },
      });
      if (error) setFailure(error.message ?? "Your card could not be confirmed. Please try again.");
      else if (setupIntent?.status === "succeeded") onConfirmed(setupIntent.id);
      else setFailure("Your card could not be confirmed. Please try again.");
    } catch {
      setFailure("We could not reach the payment provider. Please try again.");
    } finally {
      setConfirming(false);
    }
  }

  return (
    <div className="space-y-5">
      <div className="min-h-32" data-testid="payment-element">
        {ready ? null : <CardLoading />}
        <PaymentElement options={{ layout: "tabs" }} onReady={() => setReady(true)} />
      </div>
      <FormAlert alert={failure ? { tone: "error", lines: [failure] } : null} errorTitle="Payment Setup Failed" />
      <Button
        type="button"
        size="lg"
        className="w-full"
        onClick={confirm}
        disabled={!ready || busy}
        aria-busy={busy || undefined}
      >
        {busy ? "Processing..." : "Start Free Trial"}
      </Button>
    </div>
  );
}
