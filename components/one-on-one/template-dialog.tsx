"use client";

import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { TEMPLATE_QUESTIONS_MAX, templateInputSchema } from "@/lib/one-on-one/default-templates";
import type { TemplateDto } from "@/lib/one-on-one/dto";
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
import { Field, FieldMessages, FormAlert, SubmitButton, TextField } from "@/components/forms/fields";
import { useListFields } from "@/components/forms/use-list-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { useTemplateMutations } from "@/components/one-on-one/use-templates";
import { Textarea } from "@/components/ui/textarea";

type Values = { name: string; description: string; templateQuestions: string[] };

/**
 * Create or edit an agenda template: name, description and the questions, which can be added,
 * removed and moved up or down (a list field of useFormFields: a question's messages move with
 * it). Mounted fresh each time it opens.
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
  const form = useListFields(
    templateInputSchema,
    {
      name: template?.name ?? "",
      description: template?.description ?? "",
      templateQuestions: template?.templateQuestions.length ? [...template.templateQuestions] : [""],
    } satisfies Values,
    { idPrefix: "template-" },
  );
  const questions = form.list("templateQuestions");
  const { save } = useTemplateMutations(orgId);
  const listMessages = form.messages("templateQuestions");

  function add() {
    form.focusAfterRender(questions.idOf(questions.append("")));
  }
  function remove(i: number) {
    const next = questions.items[i + 1] ?? questions.items[i - 1];
    questions.remove(i);
    form.focusAfterRender(next ? questions.idOf(next.key) : "template-add-question");
  }
  function move(i: number, by: -1 | 1) {
    const q = questions.items[i]!;
    const to = i + by;
    questions.move(i, to);
    // Focus stays on the button pressed, unless it is now disabled (first or last): then the other one.
    const edge = to === 0 || to === questions.items.length - 1;
    form.focusAfterRender(questions.idOf(q.key, edge === (by === -1) ? "down" : "up"));
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (save.isPending) return;
    const parsed = form.check(e.currentTarget);
    if (parsed === null) return;
    const sent = form.values;
    save.mutate(
      { id: template?.id, input: parsed },
      {
        onSuccess: (saved) => {
          toast({
            title: template ? "Template Updated" : "Template Created",
            description: `"${saved.name}" is ready to use in 1:1s.`,
          });
          onClose();
        },
        onError: (err) =>
          form.showAnswer(
            failedAnswer(
              err,
              template
                ? "Failed to update template. Please try again."
                : "Failed to create template. Please try again.",
            ),
            sent,
          ),
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
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextField form={form} name="name" label="Name" autoComplete="off" />
          <Field
            label="Description"
            htmlFor={form.id("description")}
            messages={form.messages("description")}
            messagesId={form.messagesId("description")}
          >
            <Textarea rows={2} {...form.input("description")} />
          </Field>
          <fieldset
            className="min-w-0 space-y-2"
            aria-describedby={listMessages.length > 0 ? form.messagesId("templateQuestions") : undefined}
          >
            <legend className="text-sm font-medium text-slate-800">Agenda questions</legend>
            <ol className="space-y-2">
              {questions.items.map((q, i) => {
                const bound = form.input(`templateQuestions.${i}`);
                const id = bound.id;
                return (
                  <li key={q.key} className="min-w-0 space-y-1">
                    <div className="flex items-center gap-1.5">
                      <Label htmlFor={id} className="w-6 shrink-0 text-right text-slate-500">
                        <span aria-hidden="true">{i + 1}.</span>
                        <span className="sr-only">{`Question ${i + 1}`}</span>
                      </Label>
                      <Input aria-label={`Question ${i + 1}`} {...bound} />
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
                        disabled={i === questions.items.length - 1}
                        aria-label={`Move question ${i + 1} down`}
                      >
                        <ArrowDown />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        onClick={() => remove(i)}
                        disabled={questions.items.length === 1}
                        aria-label={`Remove question ${i + 1}`}
                        className="text-red-600 hover:text-red-700"
                      >
                        <Trash2 />
                      </Button>
                    </div>
                    <div className="pl-7.5">
                      <FieldMessages
                        id={form.messagesId(`templateQuestions.${i}`)}
                        messages={form.messages(`templateQuestions.${i}`)}
                      />
                    </div>
                  </li>
                );
              })}
            </ol>
            <FieldMessages id={form.messagesId("templateQuestions")} messages={listMessages} />
            <Button
              id="template-add-question"
              variant="outline"
              size="sm"
              onClick={add}
              disabled={questions.items.length >= TEMPLATE_QUESTIONS_MAX}
            >
              <Plus /> Add question
            </Button>
          </fieldset>
          <FormAlert alert={form.alert} />
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
