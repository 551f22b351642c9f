"use client";

import { useState } from "react";
import { Eye, EyeOff } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/utils/cn";
import type { FormAlertView } from "@/components/forms/form-messages";
import type { FieldValues, FormFields, InputProps, TextKey } from "@/components/forms/use-form-fields";

// The parts every form is built from: a field (label, control, its messages), the form-level
// message and the submit button. Long words (a pasted address, a long company name) wrap
// anywhere, so no message widens a phone screen.

/** A field's messages, one a line. */
export function FieldMessages({ id, messages }: { id: string; messages?: readonly string[] }) {
  if (!messages?.length) return null;
  return (
    <div id={id} className="space-y-0.5 text-sm text-red-600 wrap-anywhere">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

/** The one layout of a field: label, control, an optional hint, the field's messages. */
export function Field({
  label,
  htmlFor,
  messages,
  messagesId,
  hint,
  className,
  children,
}: {
  label: React.ReactNode;
  htmlFor: string;
  messages: readonly string[];
  messagesId: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("min-w-0 space-y-1.5", className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {hint}
      <FieldMessages id={messagesId} messages={messages} />
    </div>
  );
}

type Bound<V extends FieldValues> = {
  form: FormFields<V>;
  name: TextKey<V>;
  label: React.ReactNode;
  hint?: React.ReactNode;
  className?: string;
};

function shell<V extends FieldValues>({ form, name, label, hint, className }: Bound<V>) {
  return {
    label,
    hint,
    className,
    htmlFor: form.id(name),
    messages: form.messages(name),
    messagesId: form.messagesId(name),
  };
}

type NativeInput = Omit<React.ComponentProps<"input">, keyof InputProps | "className" | "form">;

/** A text input; `onValue` replaces the plain "store what was typed" when a field drives others. */
export function TextField<V extends FieldValues>({
  form,
  name,
  label,
  hint,
  className,
  onValue,
  ...input
}: Bound<V> & NativeInput & { onValue?: (value: string) => void }) {
  const bound = form.input(name);
  return (
    <Field {...shell({ form, name, label, hint, className })}>
      <Input {...input} {...bound} onChange={onValue ? (e) => onValue(e.target.value) : bound.onChange} />
    </Field>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField<V extends FieldValues>({
  form,
  name,
  label,
  autoComplete,
  hint,
  className,
}: Bound<V> & { autoComplete: string }) {
  const [shown, setShown] = useState(false);
  const what = typeof label === "string" ? label.toLowerCase() : "password";
  return (
    <Field {...shell({ form, name, label, hint, className })}>
      <div className="relative">
        <Input {...form.input(name)} type={shown ? "text" : "password"} autoComplete={autoComplete} className="pr-10" />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? `Hide ${what}` : `Show ${what}`}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-800"
        >
          {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </button>
      </div>
    </Field>
  );
}

type NativeSelectProps = Omit<React.ComponentProps<"select">, keyof InputProps | "className" | "form">;

/** A native select; `onValue` as for TextField. */
export function SelectField<V extends FieldValues>({
  form,
  name,
  label,
  hint,
  className,
  children,
  onValue,
  ...select
}: Bound<V> & NativeSelectProps & { onValue?: (value: string) => void }) {
  const bound = form.input(name);
  return (
    <Field {...shell({ form, name, label, hint, className })}>
      <NativeSelect {...select} {...bound} onChange={onValue ? (e) => onValue(e.target.value) : bound.onChange}>
        {children}
      </NativeSelect>
    </Field>
  );
}

/**
 * The form-level message: errors as an alert, a success as a status (both live regions, so a
 * screen reader announces them when they appear). `errorTitle` heads an error where the product
 * gives the form's errors a title ('Error' in signup).
 */
export function FormAlert({
  alert,
  errorTitle,
  className,
}: {
  alert: FormAlertView;
  errorTitle?: string;
  className?: string;
}) {
  if (!alert) return null;
  if (alert.tone === "ok") {
    return (
      <div
        role="status"
        className={cn("rounded-md bg-emerald-50 p-3 text-sm text-emerald-800 wrap-anywhere", className)}
      >
        {alert.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    );
  }
  return (
    <div
      role="alert"
      className={cn("rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 wrap-anywhere", className)}
    >
      {errorTitle ? <p className="font-semibold">{errorTitle}</p> : null}
      {alert.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** The submit button: disabled and relabelled while the form waits for the server. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  disabled,
  ...props
}: ButtonProps & { pending: boolean; pendingLabel: string }) {
  return (
    <Button {...props} type="submit" disabled={pending || disabled} aria-busy={pending || undefined}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
