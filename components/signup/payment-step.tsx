"use client";

import { ArrowLeft, Info } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/forms/fields";

/**
 * Step 2. Without Stripe configured (decisions.md, Billing) there is no card to take: the step
 * says so and starts the trial. The card element of the billing work goes where the note is.
 */
export function PaymentStep({
  companyName,
  workspaceHost,
  pending,
  error,
  onBack,
  onStart,
}: {
  companyName: string;
  workspaceHost: string;
  pending: boolean;
  error: string | null;
  onBack: () => void;
  onStart: () => void;
}) {
  return (
    <div className="space-y-5">
      <button type="button" onClick={onBack} disabled={pending} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-600 hover:underline disabled:opacity-50">
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
      </dl>

      <div className="flex gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700" data-testid="payment-slot">
        <Info className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
        <p>
          Billing is not configured on this installation, so no card is needed. Your 7-day free trial starts
          as soon as you continue.
        </p>
      </div>

      {/* The spec's completion error: title 'Error' with the server's message. */}
      <FormAlert alert={error ? { tone: "error", lines: [error] } : null} errorTitle="Error" />

      <Button type="button" size="lg" className="w-full" onClick={onStart} disabled={pending} aria-busy={pending}>
        {pending ? "Processing..." : "Start Free Trial"}
      </Button>
    </div>
  );
}
