"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { FormAlert, SubmitButton, TextField } from "@/components/forms/fields";
import { changeSeats } from "@/lib/billing/client";
import { seatsFormSchema } from "@/components/billing/billing-view";

type Values = { seats: string };

/** The admins' seats editor. The server refuses fewer seats than people; its message shows under
 * the field. With a subscription, Stripe prorates the change. */
export function SeatsForm({ orgId, seats }: { orgId: string; seats: number }) {
  const router = useRouter();
  const form = useFormFields(seatsFormSchema, { seats: String(seats) }, { idPrefix: "billing-" });
  const mutation = useMutation({
    mutationFn: (sent: Values & { count: number }) => changeSeats(orgId, sent.count),
    onSuccess: ({ message, billing }) => {
      toast({ title: "Seats updated", description: message });
      form.reset({ seats: String(billing.seats) });
      router.refresh();
    },
    onError: (err, sent) => {
      const answer = failedAnswer(err, "Failed to update seats. Please try again.");
      // A rule about the number itself (fewer seats than people) belongs under the field.
      if (answer.code === "seats_below_users" && answer.message) answer.fields = { seats: [answer.message] };
      form.showAnswer(answer, { seats: sent.seats });
    },
  });

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending) return;
    const parsed = form.check(e.currentTarget);
    if (parsed === null) return;
    mutation.mutate({ seats: form.values.seats, count: parsed.seats });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-2">
      <div className="flex items-start gap-2">
        <TextField
          form={form}
          name="seats"
          label="Seats"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          className="min-w-0 flex-1 sm:max-w-[16rem]"
        />
        <SubmitButton
          pending={mutation.isPending}
          pendingLabel="Saving..."
          className="mt-6"
          disabled={form.values.seats.trim() === String(seats)}
        >
          Save
        </SubmitButton>
      </div>
      <FormAlert alert={form.alert} />
    </form>
  );
}
