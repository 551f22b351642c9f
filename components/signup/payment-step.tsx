"use client";

import dynamic from "next/dynamic";
import { ArrowLeft, CheckCircle2, Info } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/forms/fields";
import { CardLoading } from "@/components/signup/card-loading";
import { INIT_FAILED, TEST_MODE_HINT, type CardState } from "@/components/signup/setup-intent";
import type { SignupPaymentConfig } from "@/lib/billing/dto";
import type { CompanySize } from "@/lib/validation/signup-rules";
import { trialSeatsFor } from "@/lib/signup/trial-seats";
import { plural } from "@/lib/format";

// Stripe's libraries come with this chunk only, loaded when a card form is shown.
const StripeCard = dynamic(() => import("@/components/signup/stripe-card"), {
  ssr: false,
  loading: () => <CardLoading />,
});

/** The card part of the step: Stripe configured (config and the SetupIntent's state), or null. */
export type PaymentCard = {
  config: SignupPaymentConfig;
  state: CardState;
  onRetry: () => void;
  onConfirmed: (setupIntentId: string) => void;
};

/**
 * Step 2. Without Stripe configured (docs/decisions.md (Billing and seats)) there is no card to take: the step
 * says so and starts the trial. With Stripe, the Payment Element takes the card for the trial.
 */
export function PaymentStep({
  companyName,
  companySize,
  workspaceHost,
  card,
  pending,
  error,
  onBack,
  onStart,
}: {
  companyName: string;
  /** The size chosen on the details step: the trial's seats follow it. */
  companySize: CompanySize;
  workspaceHost: string;
  card: PaymentCard | null;
  pending: boolean;
  error: string | null;
  onBack: () => void;
  /** Completes the signup (with the confirmed SetupIntent when a card was taken). */
  onStart: (setupIntentId?: string) => void;
}) {
  const confirmedId = card?.state.kind === "ready" ? card.state.confirmedId : null;
  // A card form that confirms and then completes has its own button; every other case has this one.
  const startButton = (
    <Button
      type="button"
      size="lg"
      className="w-full"
      onClick={() => onStart(confirmedId ?? undefined)}
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {pending ? "Processing..." : "Start Free Trial"}
    </Button>
  );
  return (
    <div className="space-y-5">
      <button
        type="button"
        onClick={onBack}
        disabled={pending}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-600 hover:underline disabled:opacity-50"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to company details
      </button>

      <dl className="grid gap-3 rounded-lg border border-slate-200 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Company</dt>
          <dd className="font-medium break-words text-slate-900">{companyName}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Workspace</dt>
          <dd className="font-medium break-all text-slate-900">{workspaceHost}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Plan</dt>
          <dd className="font-medium text-slate-900">$6 per user per month</dd>
        </div>
        <div>
          <dt className="text-slate-500">Due today</dt>
          <dd className="font-medium text-slate-900">$0 (7-day free trial)</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-slate-500">Seats during the trial</dt>
          <dd className="font-medium text-slate-900">
            {`${plural(trialSeatsFor(companySize), "seat")} for ${companySize} employees; add more any time`}
          </dd>
        </div>
      </dl>

      {card?.config.testMode && !confirmedId ? (
        <p className="flex gap-3 rounded-lg bg-amber-50 p-4 text-sm text-amber-900" data-testid="test-mode-hint">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{TEST_MODE_HINT}</span>
        </p>
      ) : null}

      {/* The completion error: title 'Error' with the server's message. */}
      <FormAlert alert={error ? { tone: "error", lines: [error] } : null} errorTitle="Error" />

      {!card ? (
        <>
          <div className="flex gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700" data-testid="payment-slot">
            <Info className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
            <p>
              Billing is not configured on this installation, so no card is needed. Your 7-day free trial starts as soon
              as you continue.
            </p>
          </div>
          {startButton}
        </>
      ) : (
        <CardPart card={card} pending={pending} startButton={startButton} />
      )}
    </div>
  );
}

function CardPart({
  card,
  pending,
  startButton,
}: {
  card: PaymentCard;
  pending: boolean;
  startButton: React.ReactNode;
}) {
  const { state } = card;
  switch (state.kind) {
    case "idle":
    case "loading":
      return <CardLoading label="Preparing the secure card form" />;
    case "failed":
      return (
        <div className="space-y-3">
          <FormAlert alert={{ tone: "error", lines: [INIT_FAILED] }} />
          <Button type="button" variant="outline" onClick={card.onRetry}>
            Try again
          </Button>
        </div>
      );
    case "ready":
      if (state.confirmedId) {
        return (
          <>
            <p
              className="flex gap-3 rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900"
              data-testid="card-confirmed"
            >
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>Your card is confirmed. Nothing is charged before the trial ends.</span>
            </p>
            {startButton}
          </>
        );
      }
      return (
        <StripeCard
          config={card.config}
          clientSecret={state.clientSecret}
          completing={pending}
          onConfirmed={card.onConfirmed}
        />
      );
  }
}
