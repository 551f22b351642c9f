"use client";

import { useState } from "react";
import { Eye, EyeOff } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/auth/form-feedback";

/** A password input with a show/hide toggle and its field error. */
export function PasswordField({ name, label, autoComplete, errors }: { name: string; label: string; autoComplete: string; errors?: string[] }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={name}>{label}</Label>
      <div className="relative">
        <Input id={name} name={name} type={shown ? "text" : "password"} autoComplete={autoComplete} required aria-invalid={!!errors} aria-describedby={`${name}-error`} className="pr-10" />
        <button type="button" onClick={() => setShown((s) => !s)} aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`} className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-800">
          {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </button>
      </div>
      <FieldError id={`${name}-error`} messages={errors} />
    </div>
  );
}
