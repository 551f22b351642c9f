"use client";

import { apiFetch, problemOf } from "@/lib/api/client";
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
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast";
import { FieldError } from "@/components/auth/form-feedback";

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
  const [value, setValue] = useState(initial.minGroupSize);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const mutation = useMutation({
    mutationFn: (minGroupSize: number) =>
      apiFetch<AnonymityDto>(`/api/organizations/${orgId}/anonymity`, { method: "PATCH", body: { minGroupSize } }),
    onSuccess: (next) => {
      setSaved(next);
      setErrors({});
      toast({ title: "Anonymity setting saved", description: anonymitySummary(next) });
      // Team badges and hints elsewhere on the page quote the minimum: read them again.
      router.refresh();
    },
    onError: (err) => {
      setErrors(problemOf(err)?.fields ?? {});
      toast({
        title: "Failed to save the anonymity setting",
        description: problemOf(err)?.message ?? undefined,
        variant: "destructive",
      });
    },
  });

  function save(e: React.FormEvent) {
    e.preventDefault();
    const parsed = anonymitySchema.safeParse({ minGroupSize: value });
    if (!parsed.success) return setErrors({ minGroupSize: parsed.error.issues.map((i) => i.message) });
    setErrors({});
    mutation.mutate(parsed.data.minGroupSize);
  }

  const disabled = !canEdit || mutation.isPending;
  // While choosing, the explanation follows the choice, so the admin sees what a value means.
  const shown = canEdit ? anonymityDto(value) : saved;

  return (
    <form onSubmit={save} noValidate className="grid gap-4">
      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor="min-group-size">Minimum group size</Label>
        <NativeSelect
          id="min-group-size"
          value={value}
          disabled={disabled}
          aria-invalid={!!errors.minGroupSize}
          aria-describedby="min-group-size-summary min-group-size-error"
          onChange={(e) => setValue(Number(e.target.value))}
        >
          {SIZES.map((n) => (
            <option key={n} value={n}>{`${n} people`}</option>
          ))}
        </NativeSelect>
        <FieldError id="min-group-size-error" messages={errors.minGroupSize} />
      </div>
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
      <div className="flex justify-end">
        {canEdit ? (
          <Button type="submit" disabled={disabled || value === saved.minGroupSize}>
            {mutation.isPending ? "Saving..." : "Save"}
          </Button>
        ) : (
          <p className="text-xs text-slate-500">Only administrators can change the minimum group size.</p>
        )}
      </div>
    </form>
  );
}
