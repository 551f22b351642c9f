"use client";

import { apiFetch, problemOf } from "@/lib/api/client";
import { useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Mail, Pencil, RotateCcw } from "lucide-react";
import { DEFAULT_EMAIL_BODY, DEFAULT_EMAIL_SUBJECT, emailSettingsSchema } from "@/lib/surveys/email-template";
import type { EmailSettingsDto } from "@/lib/org/email-settings";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { FieldError } from "@/components/auth/form-feedback";
import { EmailPreview } from "@/components/settings/email-preview";
import { TemplateVariables, type TemplateVariable } from "@/components/settings/template-variables";

type Form = { emailSubject: string; emailBody: string };
type Field = keyof Form;

const TEXTAREA =
  "min-h-56 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 aria-invalid:border-red-500 disabled:opacity-60 sm:text-sm";

function messagesByField(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[String(i.path[0] ?? "_")] ??= []).push(i.message);
  return out;
}

/** Settings > Email Settings: the survey invitation template (spec sections 2 and 8). */
export function EmailSettings({ orgId, initial, canEdit }: { orgId: string; initial: EmailSettingsDto; canEdit: boolean }) {
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  // Where a clicked variable goes: the field the cursor was last in (the message by default).
  const lastField = useRef<Field>("emailBody");

  const mutation = useMutation({
    mutationFn: (body: Form) => apiFetch<EmailSettingsDto>(`/api/organizations/${orgId}/email-settings`, { method: "PATCH", body }),
    onSuccess: (next) => {
      setSaved(next);
      setForm(null);
      setErrors({});
      toast({ title: "Settings saved", description: "Email template updated successfully" });
    },
    onError: (err) => {
      setErrors(problemOf(err)?.fields ?? {});
      toast({ title: "Failed to update email settings", description: problemOf(err)?.message ?? undefined, variant: "destructive" });
    },
  });

  function save(e: React.FormEvent) {
    e.preventDefault();
    if (!form) return;
    const parsed = emailSettingsSchema.safeParse(form);
    if (!parsed.success) return setErrors(messagesByField(parsed.error.issues));
    setErrors({});
    mutation.mutate(form);
  }

  function insert(variable: TemplateVariable) {
    if (!form) return;
    const field = lastField.current;
    const el = field === "emailSubject" ? subjectRef.current : bodyRef.current;
    const value = form[field];
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    // {{surveyLink}} must stand on its own (lib/surveys/email-template.ts): a space is added on
    // either side where the cursor sits against other text, so a click never makes it invalid.
    const pad = (c: string | undefined) => (variable === "surveyLink" && c !== undefined && !/\s/.test(c) ? " " : "");
    const text = `${pad(value[start - 1])}{{${variable}}}${pad(value[end])}`;
    setForm({ ...form, [field]: value.slice(0, start) + text + value.slice(end) });
    // After React has written the new value: back into the field, cursor after the variable.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  }

  if (!form) {
    return (
      <div className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <p className="text-sm text-slate-600">The e-mail each person receives with their personal survey link.</p>
          <div className="flex items-center gap-2">
            <Badge variant={saved.isDefault ? "secondary" : "default"}>{saved.isDefault ? "Default template" : "Custom template"}</Badge>
            {canEdit ? (
              <Button variant="outline" onClick={() => setForm({ emailSubject: saved.emailSubject, emailBody: saved.emailBody })}>
                <Pencil /> Edit Template
              </Button>
            ) : null}
          </div>
        </div>
        <dl className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
          <div>
            <dt className="text-slate-500">Subject</dt>
            <dd className="mt-0.5 font-medium wrap-anywhere text-slate-900" data-testid="email-subject">{saved.emailSubject}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Message</dt>
            <dd className="mt-0.5 wrap-anywhere whitespace-pre-wrap text-slate-800" data-testid="email-body">{saved.emailBody}</dd>
          </div>
        </dl>
        {canEdit ? null : <p className="text-xs text-slate-500">Only administrators can change the template.</p>}
      </div>
    );
  }

  const pending = mutation.isPending;
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm({ ...form, [field]: e.target.value });
  const sampleLink = `${window.location.origin}/surveys/sample-survey?token=sample`;

  return (
    <form onSubmit={save} noValidate className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="grid min-w-0 content-start gap-4">
        <div className="space-y-1.5">
          <Label htmlFor="email-subject">Subject</Label>
          <Input id="email-subject" ref={subjectRef} value={form.emailSubject} onChange={set("emailSubject")} onFocus={() => (lastField.current = "emailSubject")}
            disabled={pending} aria-invalid={!!errors.emailSubject} aria-describedby="email-subject-error" maxLength={200} />
          <FieldError id="email-subject-error" messages={errors.emailSubject} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="email-body">Message</Label>
          <textarea id="email-body" ref={bodyRef} value={form.emailBody} onChange={set("emailBody")} onFocus={() => (lastField.current = "emailBody")}
            disabled={pending} rows={10} aria-invalid={!!errors.emailBody} aria-describedby="email-body-error" className={TEXTAREA} />
          <FieldError id="email-body-error" messages={errors.emailBody} />
        </div>
      </div>
      <div className="grid min-w-0 content-start gap-4">
        <TemplateVariables onInsert={insert} disabled={pending} />
        <EmailPreview subject={form.emailSubject} body={form.emailBody} sampleLink={sampleLink} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end lg:col-span-2">
        <Button variant="ghost" onClick={() => { setForm(null); setErrors({}); }} disabled={pending}>Cancel</Button>
        <Button variant="outline" onClick={() => { setForm({ emailSubject: DEFAULT_EMAIL_SUBJECT, emailBody: DEFAULT_EMAIL_BODY }); setErrors({}); }} disabled={pending}>
          <RotateCcw /> Reset to Default
        </Button>
        <Button type="submit" disabled={pending}><Mail /> {pending ? "Saving..." : "Save Changes"}</Button>
      </div>
    </form>
  );
}
