"use client";

import { apiFetch } from "@/lib/api/client";
import { useRef, useState, useSyncExternalStore } from "react";
import { useMutation } from "@tanstack/react-query";
import { Mail, Pencil, RotateCcw } from "lucide-react";
import { DEFAULT_EMAIL_BODY, DEFAULT_EMAIL_SUBJECT, emailSettingsSchema } from "@/lib/surveys/email-template";
import type { EmailSenderDto, EmailSettingsDto } from "@/lib/org/email-settings";
import { emailSenderSchema } from "@/lib/org/email-sender-schemas";
import { ACCENT_COLOR_PATTERN } from "@/lib/mail/brand-rules";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { Field, FormAlert, SubmitButton, TextField } from "@/components/forms/fields";
import { Input } from "@/components/ui/input";
import { EmailPreview, type PreviewLook } from "@/components/settings/email-preview";
import { TemplateVariables, type TemplateVariable } from "@/components/settings/template-variables";

type Values = { emailSubject: string; emailBody: string };
type FieldName = keyof Values;

const TEXTAREA =
  "min-h-56 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 aria-invalid:border-red-500 disabled:opacity-60 sm:text-sm";

/** Settings > Email Settings: the survey invitation template (docs/decisions.md (Mail and links)). */
export function EmailSettings({
  orgId,
  initial,
  canEdit,
}: {
  orgId: string;
  initial: EmailSettingsDto;
  canEdit: boolean;
}) {
  const [saved, setSaved] = useState(initial);
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <TemplateEditor
        orgId={orgId}
        look={lookOf(saved.sender)}
        initial={{ emailSubject: saved.emailSubject, emailBody: saved.emailBody }}
        onSaved={(next) => {
          setSaved(next);
          setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-sm text-slate-600">The e-mail each person receives with their personal survey link.</p>
        <div className="flex items-center gap-2">
          <Badge variant={saved.isDefault ? "secondary" : "default"}>
            {saved.isDefault ? "Default template" : "Custom template"}
          </Badge>
          {canEdit ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil /> Edit Template
            </Button>
          ) : null}
        </div>
      </div>
      <dl className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
        <div>
          <dt className="text-slate-500">Subject</dt>
          <dd className="mt-0.5 font-medium wrap-anywhere text-slate-900" data-testid="email-subject">
            {saved.emailSubject}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Message</dt>
          <dd className="mt-0.5 wrap-anywhere whitespace-pre-wrap text-slate-800" data-testid="email-body">
            {saved.emailBody}
          </dd>
        </div>
      </dl>
      {canEdit ? null : <p className="text-xs text-slate-500">Only administrators can change the template.</p>}
      <SenderSettings
        orgId={orgId}
        saved={saved}
        canEdit={canEdit}
        onSaved={(sender) => setSaved((s) => ({ ...s, sender }))}
      />
    </div>
  );
}

/** The look of the saved (or, while typing, the entered) sender settings, for the preview. */
function lookOf(sender: EmailSenderDto, entered?: SenderValues): PreviewLook {
  const v = entered ?? sender;
  const name = v.mailSenderName.trim();
  const color = v.accentColor.trim();
  return {
    companyName: sender.companyName,
    accentColor: ACCENT_COLOR_PATTERN.test(color) ? color.toLowerCase() : sender.effectiveAccentColor,
    fromName: name || sender.defaultSenderName,
    fromAddress: sender.fromAddress,
    replyTo: v.mailReplyTo.trim(),
  };
}

const noSubscription = () => () => {};
const HINT = "text-xs text-slate-500";

type SenderValues = { mailSenderName: string; mailReplyTo: string; accentColor: string };

/** Who the workspace's e-mails come from and reply to, and its accent colour, with the invitation
 * previewed in that look as it is typed. */
function SenderSettings({
  orgId,
  saved,
  canEdit,
  onSaved,
}: {
  orgId: string;
  saved: EmailSettingsDto;
  canEdit: boolean;
  onSaved: (next: EmailSenderDto) => void;
}) {
  const initial: SenderValues = {
    mailSenderName: saved.sender.mailSenderName,
    mailReplyTo: saved.sender.mailReplyTo,
    accentColor: saved.sender.accentColor,
  };
  const form = useFormFields(emailSenderSchema, initial, { idPrefix: "sender-" });
  const mutation = useMutation({
    mutationFn: (sent: SenderValues) =>
      apiFetch<EmailSettingsDto>(`/api/organizations/${orgId}/email-sender`, { method: "PATCH", body: sent }),
    onSuccess: (next) => {
      toast({ title: "Settings saved", description: "Sender and colour updated" });
      form.reset({
        mailSenderName: next.sender.mailSenderName,
        mailReplyTo: next.sender.mailReplyTo,
        accentColor: next.sender.accentColor,
      });
      onSaved(next.sender);
    },
    onError: (err, sent) => {
      const answer = failedAnswer(err, "Failed to update the sender");
      form.showAnswer(answer, sent);
      toast({ title: "Failed to update the sender", description: answer.message, variant: "destructive" });
    },
  });

  function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending || form.check(e.currentTarget) === null) return;
    mutation.mutate(form.values);
  }

  const pending = mutation.isPending || !canEdit;
  const look = lookOf(saved.sender, form.values);
  // The page's own origin once in the browser; the server renders (and hydration starts) without it.
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
  const sampleLink = `${origin}/surveys/sample-survey?token=sample`;
  return (
    <section aria-labelledby="email-sender-title" className="grid gap-3 border-t border-slate-200 pt-4">
      <div>
        <h3 id="email-sender-title" className="text-base font-semibold text-slate-900">
          Sender and colour
        </h3>
        <p className="text-sm text-slate-600">
          {`Every e-mail of ${saved.sender.companyName} carries its name and this colour. Messages are sent from ${saved.sender.fromAddress}; replies go to the reply-to address when there is one.`}
        </p>
      </div>
      <form onSubmit={save} noValidate className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="grid min-w-0 content-start gap-4">
          <TextField
            form={form}
            name="mailSenderName"
            label="Sender name"
            hint={
              <p className={HINT}>{`Shown as who the e-mail is from. Empty: "${saved.sender.defaultSenderName}".`}</p>
            }
            maxLength={80}
            autoComplete="off"
            disabled={pending}
          />
          <TextField
            form={form}
            name="mailReplyTo"
            label="Reply-to address"
            hint={
              <p className={HINT}>
                Where replies go, such as your people team. Empty: replies go to the sending address.
              </p>
            }
            type="email"
            maxLength={254}
            autoComplete="off"
            disabled={pending}
          />
          <Field
            label="Accent colour"
            htmlFor={form.id("accentColor")}
            messages={form.messages("accentColor")}
            messagesId={form.messagesId("accentColor")}
            hint={<p className={HINT}># and six hexadecimal digits. Empty: the product&apos;s blue.</p>}
          >
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Pick the accent colour"
                value={look.accentColor}
                onChange={(e) => form.set("accentColor", e.target.value)}
                disabled={pending}
                className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1 disabled:opacity-60"
              />
              <Input
                {...form.input("accentColor")}
                maxLength={7}
                autoComplete="off"
                spellCheck={false}
                disabled={pending}
                className="min-w-0 flex-1"
              />
            </div>
          </Field>
          <FormAlert alert={form.alert} />
          {canEdit ? (
            <div className="flex justify-end">
              <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
                <Mail /> Save Sender
              </SubmitButton>
            </div>
          ) : (
            <p className="text-xs text-slate-500">Only administrators can change the sender.</p>
          )}
        </div>
        <EmailPreview subject={saved.emailSubject} body={saved.emailBody} sampleLink={sampleLink} look={look} />
      </form>
    </section>
  );
}

/** Edit mode: the form (mounted only while editing, so each edit starts from the saved texts). */
function TemplateEditor({
  orgId,
  look,
  initial,
  onSaved,
  onCancel,
}: {
  orgId: string;
  look: PreviewLook;
  initial: Values;
  onSaved: (next: EmailSettingsDto) => void;
  onCancel: () => void;
}) {
  const form = useFormFields(emailSettingsSchema, initial, { idPrefix: "email-" });
  // Where a clicked variable goes: the field the cursor was last in (the message by default).
  const lastField = useRef<FieldName>("emailBody");

  const mutation = useMutation({
    mutationFn: (sent: Values) =>
      apiFetch<EmailSettingsDto>(`/api/organizations/${orgId}/email-settings`, { method: "PATCH", body: sent }),
    onSuccess: (next) => {
      toast({ title: "Settings saved", description: "Email template updated successfully" });
      onSaved(next);
    },
    onError: (err, sent) => {
      const answer = failedAnswer(err, "Failed to update email settings");
      form.showAnswer(answer, sent);
      toast({ title: "Failed to update email settings", description: answer.message, variant: "destructive" });
    },
  });

  function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending || form.check(e.currentTarget) === null) return;
    mutation.mutate(form.values);
  }

  function insert(variable: TemplateVariable) {
    const field = lastField.current;
    const el = document.getElementById(form.id(field));
    const control = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el : null;
    const value = form.values[field];
    const start = control?.selectionStart ?? value.length;
    const end = control?.selectionEnd ?? value.length;
    // {{surveyLink}} must stand on its own (lib/surveys/email-template.ts): a space is added on
    // either side where the cursor sits against other text, so a click never makes it invalid.
    const pad = (c: string | undefined) => (variable === "surveyLink" && c !== undefined && !/\s/.test(c) ? " " : "");
    const text = `${pad(value[start - 1])}{{${variable}}}${pad(value[end])}`;
    form.set(field, value.slice(0, start) + text + value.slice(end));
    // After React has written the new value: back into the field, cursor after the variable.
    requestAnimationFrame(() => {
      control?.focus();
      control?.setSelectionRange(start + text.length, start + text.length);
    });
  }

  const pending = mutation.isPending;
  const body = form.input("emailBody");
  const sampleLink = `${window.location.origin}/surveys/sample-survey?token=sample`;

  return (
    <form onSubmit={save} noValidate className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="grid min-w-0 content-start gap-4">
        <TextField
          form={form}
          name="emailSubject"
          label="Subject"
          onFocus={() => (lastField.current = "emailSubject")}
          disabled={pending}
          maxLength={200}
        />
        <Field
          label="Message"
          htmlFor={body.id}
          messages={form.messages("emailBody")}
          messagesId={form.messagesId("emailBody")}
        >
          <textarea
            {...body}
            onFocus={() => (lastField.current = "emailBody")}
            disabled={pending}
            rows={10}
            className={TEXTAREA}
          />
        </Field>
      </div>
      <div className="grid min-w-0 content-start gap-4">
        <TemplateVariables onInsert={insert} disabled={pending} />
        <EmailPreview
          subject={form.values.emailSubject}
          body={form.values.emailBody}
          sampleLink={sampleLink}
          look={look}
        />
      </div>
      <FormAlert alert={form.alert} className="lg:col-span-2" />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end lg:col-span-2">
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant="outline"
          onClick={() => form.update(() => ({ emailSubject: DEFAULT_EMAIL_SUBJECT, emailBody: DEFAULT_EMAIL_BODY }))}
          disabled={pending}
        >
          <RotateCcw /> Reset to Default
        </Button>
        <SubmitButton pending={pending} pendingLabel="Saving...">
          <Mail /> Save Changes
        </SubmitButton>
      </div>
    </form>
  );
}
