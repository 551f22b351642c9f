"use client";

import { useEffect, useRef, useState } from "react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { TEMPLATE_QUESTIONS_MAX, templateInputSchema } from "@/lib/one-on-one/default-templates";
import type { TemplateDto } from "@/lib/one-on-one/dto";
import { problemOf } from "@/lib/api/client";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { Field, FieldMessages, FormAlert, SubmitButton } from "@/components/forms/fields";
import { schemaMessages, type Messages } from "@/components/forms/form-messages";
import { CORRECT_FIELDS } from "@/lib/actions/form-state";
import { moveItem, type Question } from "@/components/one-on-one/template-questions";
import { useTemplateMutations } from "@/components/one-on-one/use-templates";
import { Textarea } from "@/components/ui/textarea";

let nextKey = 1;
const question = (text: string): Question => ({ key: nextKey++, text });

/**
 * Create or edit an agenda template: name, description and the questions, which can be added,
 * removed and moved up or down. Checked with the server's schema as the user types (messages once
 * a field was left or a submit tried); the server's field messages show under their fields until
 * the field is changed. Mounted fresh each time it opens.
 */
export function TemplateDialog({
  orgId,
  template,
  onClose,
}: {
  orgId: string;
  template?: TemplateDto;
  onClose: () => void;
}) {
  const [name, setName] = useState(template?.name ?? "");
  const [description, setDescription] = useState(template?.description ?? "");
  const [questions, setQuestions] = useState<Question[]>(() =>
    (template?.templateQuestions.length ? template.templateQuestions : [""]).map(question),
  );
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ fields: Messages; message: string | null } | null>(null);
  const focusId = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { save } = useTemplateMutations(orgId);

  useEffect(() => {
    if (!focusId.current) return;
    const el =
      focusId.current === "invalid"
        ? formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
        : document.getElementById(focusId.current);
    focusId.current = null;
    el?.focus();
  });

  const input = { name, description, templateQuestions: questions.map((q) => q.text) };
  const client = schemaMessages(templateInputSchema, input);
  const show = (key: string) => submitted || touched[key];
  const messagesFor = (key: string) => [
    ...new Set([...(show(key) ? (client[key] ?? []) : []), ...(server?.fields[key] ?? [])]),
  ];
  const touch = (key: string) => setTouched((t) => (t[key] ? t : { ...t, [key]: true }));
  // An edit clears the server's word about that field (it answered other values).
  const clearServer = (key: string) =>
    setServer((s) =>
      s && s.fields[key]
        ? { ...s, fields: Object.fromEntries(Object.entries(s.fields).filter(([k]) => k !== key)) }
        : s,
    );

  const qKey = (i: number) => `templateQuestions.${i}`;
  const listMessages = messagesFor("templateQuestions");
  const anyField = ["name", "description", "templateQuestions", ...questions.map((_, i) => qKey(i))].some(
    (k) => messagesFor(k).length > 0,
  );
  const alertLines = server
    ? [
        ...(server.message && !anyField ? [server.message] : []),
        ...(anyField && Object.keys(server.fields).length > 0 ? [CORRECT_FIELDS] : []),
      ]
    : [];

  function setQuestion(i: number, text: string) {
    setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, text } : q)));
    clearServer(qKey(i));
  }
  function add() {
    const q = question("");
    setQuestions((qs) => [...qs, q]);
    focusId.current = `template-question-${q.key}`;
  }
  function remove(i: number) {
    const next = questions[i + 1] ?? questions[i - 1];
    setQuestions((qs) => qs.filter((_, j) => j !== i));
    setServer(null);
    focusId.current = next ? `template-question-${next.key}` : "template-add-question";
  }
  function move(i: number, by: -1 | 1) {
    const q = questions[i]!;
    const to = i + by;
    setQuestions((qs) => moveItem(qs, i, to));
    setServer(null);
    // Focus stays on the button pressed, unless it is now disabled (first or last): then the other one.
    const edge = to === 0 || to === questions.length - 1;
    focusId.current = edge
      ? `template-question-${q.key}-${by === -1 ? "down" : "up"}`
      : `template-question-${q.key}-${by === -1 ? "up" : "down"}`;
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    const r = templateInputSchema.safeParse(input);
    if (!r.success) {
      focusId.current = "invalid";
      return;
    }
    save.mutate(
      { id: template?.id, input: r.data },
      {
        onSuccess: (saved) => {
          toast({
            title: template ? "Template Updated" : "Template Created",
            description: `"${saved.name}" is ready to use in 1:1s.`,
          });
          onClose();
        },
        onError: (err) => {
          const problem = problemOf(err);
          setServer({
            fields: problem?.fields ?? {},
            message:
              problem?.message ??
              (template
                ? "Failed to update template. Please try again."
                : "Failed to create template. Please try again."),
          });
          focusId.current = "invalid";
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(o) => (!o && !save.isPending ? onClose() : undefined)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{template ? "Edit Template" : "Create Template"}</DialogTitle>
          <DialogDescription>
            The questions become each new meeting&apos;s agenda; meetings already scheduled keep theirs.
          </DialogDescription>
        </DialogHeader>
        <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
          <Field
            label="Name"
            htmlFor="template-name"
            messages={messagesFor("name")}
            messagesId="template-name-messages"
          >
            <Input
              id="template-name"
              value={name}
              autoComplete="off"
              onChange={(e) => {
                setName(e.target.value);
                clearServer("name");
              }}
              onBlur={() => touch("name")}
              aria-invalid={messagesFor("name").length > 0 || undefined}
              aria-describedby={messagesFor("name").length > 0 ? "template-name-messages" : undefined}
            />
          </Field>
          <Field
            label="Description"
            htmlFor="template-description"
            messages={messagesFor("description")}
            messagesId="template-description-messages"
          >
            <Textarea
              id="template-description"
              rows={2}
              value={description}
              onChange={(e) => {
                setDescription(e.target.value);
                clearServer("description");
              }}
              onBlur={() => touch("description")}
              aria-invalid={messagesFor("description").length > 0 || undefined}
              aria-describedby={messagesFor("description").length > 0 ? "template-description-messages" : undefined}
            />
          </Field>
          <fieldset
            className="min-w-0 space-y-2"
            aria-describedby={listMessages.length > 0 ? "template-questions-messages" : undefined}
          >
            <legend className="text-sm font-medium text-slate-800">Agenda questions</legend>
            <ol className="space-y-2">
              {questions.map((q, i) => {
                const id = `template-question-${q.key}`;
                const msgs = messagesFor(qKey(i));
                return (
                  <li key={q.key} className="min-w-0 space-y-1">
                    <div className="flex items-center gap-1.5">
                      <Label htmlFor={id} className="w-6 shrink-0 text-right text-slate-500">
                        <span aria-hidden="true">{i + 1}.</span>
                        <span className="sr-only">{`Question ${i + 1}`}</span>
                      </Label>
                      <Input
                        id={id}
                        aria-label={`Question ${i + 1}`}
                        value={q.text}
                        onChange={(e) => setQuestion(i, e.target.value)}
                        onBlur={() => touch(qKey(i))}
                        aria-invalid={msgs.length > 0 || undefined}
                        aria-describedby={msgs.length > 0 ? `${id}-messages` : undefined}
                      />
                      <Button
                        id={`${id}-up`}
                        variant="ghost"
                        size="icon-sm"
                        onClick={() => move(i, -1)}
                        disabled={i === 0}
                        aria-label={`Move question ${i + 1} up`}
                      >
                        <ArrowUp />
                      </Button>
                      <Button
                        id={`${id}-down`}
                        variant="ghost"
                        size="icon-sm"
                        onClick={() => move(i, 1)}
                        disabled={i === questions.length - 1}
                        aria-label={`Move question ${i + 1} down`}
                      >
                        <ArrowDown />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        onClick={() => remove(i)}
                        disabled={questions.length === 1}
                        aria-label={`Remove question ${i + 1}`}
                        className="text-red-600 hover:text-red-700"
                      >
                        <Trash2 />
                      </Button>
                    </div>
                    <div className="pl-7.5">
                      <FieldMessages id={`${id}-messages`} messages={msgs} />
                    </div>
                  </li>
                );
              })}
            </ol>
            <FieldMessages id="template-questions-messages" messages={listMessages} />
            <Button
              id="template-add-question"
              variant="outline"
              size="sm"
              onClick={add}
              disabled={questions.length >= TEMPLATE_QUESTIONS_MAX}
            >
              <Plus /> Add question
            </Button>
          </fieldset>
          <FormAlert alert={alertLines.length > 0 ? { tone: "error", lines: alertLines } : null} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <SubmitButton pending={save.isPending} pendingLabel="Saving...">
              {template ? "Save Changes" : "Create Template"}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
