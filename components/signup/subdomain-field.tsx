"use client";

import { CheckCircle2, LoaderCircle, TriangleAlert, XCircle } from "lucide-react";
import { SuffixedInput } from "@/components/ui/suffixed-input";
import { Field } from "@/components/forms/fields";
import type { FormFields } from "@/components/forms/use-form-fields";
import { cn } from "@/lib/utils/cn";
import type { AvailabilityState } from "@/components/signup/use-subdomain-availability";
import type { CompanyValues } from "@/components/signup/company-form";

const ICONS = {
  checking: <LoaderCircle className="size-4 animate-spin text-slate-500" aria-hidden />,
  available: <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />,
  unavailable: <XCircle className="size-4 text-red-600" aria-hidden />,
  error: <TriangleAlert className="size-4 text-amber-600" aria-hidden />,
} as const;

const TONES = {
  none: "",
  checking: "text-slate-600",
  available: "text-emerald-700",
  unavailable: "text-red-700",
  error: "text-amber-700",
} as const;

/**
 * The subdomain input with the `.{root domain}` suffix and its live availability. While the field
 * shows a message of its own (a format rule, or the server's word on this very value) the
 * availability line stays empty, so the field never says two different things at once.
 */
export function SubdomainField({
  form,
  suffix,
  availability,
}: {
  form: FormFields<CompanyValues>;
  suffix: string;
  availability: AvailabilityState;
}) {
  const messages = form.messages("subdomain");
  const { status, message, suggestion } =
    messages.length > 0 ? { status: "none" as const, message: "", suggestion: null } : availability;
  const input = form.input("subdomain");
  return (
    <Field label="Workspace address" htmlFor={input.id} messages={messages} messagesId={form.messagesId("subdomain")}>
      <SuffixedInput
        {...input}
        onChange={(e) => form.set("subdomain", e.target.value.toLowerCase())}
        suffix={suffix}
        suffixId="subdomain-suffix"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
        maxLength={63}
        placeholder="your-company"
        aria-invalid={input["aria-invalid"] ?? (status === "unavailable" || undefined)}
        aria-describedby={["subdomain-suffix", "subdomain-status", input["aria-describedby"]].filter(Boolean).join(" ")}
      />
      {/* Always in the DOM, so screen readers announce each new result. */}
      <div
        id="subdomain-status"
        aria-live="polite"
        className={cn(
          "flex items-center gap-1.5 text-sm wrap-anywhere",
          messages.length === 0 && "min-h-5",
          TONES[status],
        )}
      >
        {status !== "none" ? (
          <>
            {ICONS[status]}
            <span>{message}</span>
          </>
        ) : null}
      </div>
      {status === "unavailable" && suggestion ? (
        <p className="text-sm text-slate-700">
          <button
            type="button"
            onClick={() => form.set("subdomain", suggestion)}
            className="font-medium text-brand-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            Try {suggestion} instead?
          </button>
        </p>
      ) : null}
    </Field>
  );
}
