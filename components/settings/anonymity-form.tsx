"use client";

import { apiFetch } from "@/lib/api/client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import {
  MIN_GROUP_SIZE_HIGHEST,
  MIN_GROUP_SIZE_LOWEST,
  anonymityDto,
  anonymitySchema,
  anonymitySummary,
  type AnonymityDto,
} from "@/lib/org/anonymity-schemas";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { Field, FormAlert, SubmitButton } from "@/components/forms/fields";

const SIZES = Array.from(
  { length: MIN_GROUP_SIZE_HIGHEST - MIN_GROUP_SIZE_LOWEST + 1 },
  (_, i) => MIN_GROUP_SIZE_LOWEST + i,
);

/** The minimum reporting group (admins edit, managers view; placed in Settings). */
export function AnonymityForm({
  orgId,
  initial,
  canEdit = true,
}: {
  orgId: string;
  initial: AnonymityDto;
  canEdit?: boolean;
}) {
  const router = useRouter();
  const [saved, setSaved] = useState(initial);
  const form = useFormFields(
    anonymitySchema,
    { minGroupSize: String(initial.minGroupSize) },
    { idPrefix: "anonymity-", toInput: (v) => ({ minGroupSize: Number(v.minGroupSize) }) },
  );
  const value = Number(form.values.minGroupSize);

  const mutation = useMutation({
    mutationFn: (minGroupSize: number) =>
      apiFetch<AnonymityDto>(`/api/organizations/${orgId}/anonymity`, { method: "PATCH", body: { minGroupSize } }),
    onSuccess: (next) => {
      setSaved(next);
      toast({ title: "Anonymity setting saved", description: anonymitySummary(next) });
      // Team badges and hints elsewhere on the page quote the minimum: read them again.
      router.refresh();
    },
    onError: (err, minGroupSize) =>
      form.showAnswer(failedAnswer(err, "Failed to save the anonymity setting"), {
        minGroupSize: String(minGroupSize),
      }),
  });

  function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending) return;
    const parsed = form.check(e.currentTarget);
    if (parsed) mutation.mutate(parsed.minGroupSize);
  }

  const disabled = !canEdit || mutation.isPending;
  // While choosing, the explanation follows the choice, so the admin sees what a value means.
  const shown = canEdit ? anonymityDto(value) : saved;

  return (
    <form onSubmit={save} noValidate className="grid gap-4">
      <Field
        label="Minimum group size"
        htmlFor={form.id("minGroupSize")}
        messages={form.messages("minGroupSize")}
        messagesId={form.messagesId("minGroupSize")}
        className="sm:max-w-xs"
      >
        <NativeSelect
          {...form.input("minGroupSize")}
          disabled={disabled}
          aria-describedby={[form.input("minGroupSize")["aria-describedby"], "min-group-size-summary"]
            .filter(Boolean)
            .join(" ")}
        >
          {SIZES.map((n) => (
            <option key={n} value={n}>{`${n} people`}</option>
          ))}
        </NativeSelect>
      </Field>
      <p
        id="min-group-size-summary"
        className="flex items-start gap-2 text-sm text-slate-600"
        data-testid="anonymity-summary"
      >
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span>
          {anonymitySummary(shown)} A team with fewer people still counts towards the organisation&apos;s results, and a
          group is also hidden when it could be worked out from the totals. Raising the minimum applies to past rounds
          too; lowering it applies from the next survey sent.
        </span>
      </p>
      <FormAlert alert={form.alert} />
      <div className="flex justify-end">
        {canEdit ? (
          <SubmitButton pending={mutation.isPending} pendingLabel="Saving..." disabled={value === saved.minGroupSize}>
            Save
          </SubmitButton>
        ) : (
          <p className="text-xs text-slate-500">Only administrators can change the minimum group size.</p>
        )}
      </div>
    </form>
  );
}
