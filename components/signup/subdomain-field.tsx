"use client";

import { CheckCircle2, LoaderCircle, TriangleAlert, XCircle } from "lucide-react";
import { SuffixedInput } from "@/components/ui/suffixed-input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/auth/form-feedback";
import { cn } from "@/lib/utils/cn";
import type { AvailabilityState } from "@/components/signup/use-subdomain-availability";

const ICONS = {
  checking: <LoaderCircle className="size-4 animate-spin text-slate-500" aria-hidden />,
  available: <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />,
  unavailable: <XCircle className="size-4 text-red-600" aria-hidden />,
  error: <TriangleAlert className="size-4 text-amber-600" aria-hidden />,
} as const;

const TONES = { none: "", checking: "text-slate-600", available: "text-emerald-700", unavailable: "text-red-700", error: "text-amber-700" } as const;

/** The subdomain input with the `.{root domain}` suffix and its live availability. */
export function SubdomainField({
  value,
  onChange,
  suffix,
  availability,
  errors,
}: {
  value: string;
  onChange: (value: string) => void;
  suffix: string;
  availability: AvailabilityState;
  errors?: string[];
}) {
  const { status, message, suggestion } = availability;
  return (
    <div className="space-y-1.5">
      <Label htmlFor="subdomain">Workspace address</Label>
      <SuffixedInput
        suffix={suffix}
        suffixId="subdomain-suffix"
        id="subdomain"
        name="subdomain"
        value={value}
        onChange={(e) => onChange(e.target.value.toLowerCase())}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
        maxLength={63}
        placeholder="your-company"
        aria-invalid={!!errors?.length || status === "unavailable"}
        aria-describedby="subdomain-suffix subdomain-status subdomain-error"
      />
      {/* Always in the DOM, so screen readers announce each new result. */}
      <div id="subdomain-status" aria-live="polite" className={cn("flex min-h-5 items-center gap-1.5 text-sm", TONES[status])}>
        {status !== "none" ? (
          <>
            {ICONS[status]}
            <span>{message}</span>
          </>
        ) : null}
      </div>
      {status === "unavailable" && suggestion ? (
        <p className="text-sm text-slate-700">
          <button type="button" onClick={() => onChange(suggestion)} className="font-medium text-brand-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500">
            Try {suggestion} instead?
          </button>
        </p>
      ) : null}
      <FieldError id="subdomain-error" messages={errors} />
    </div>
  );
}
