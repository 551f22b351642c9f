"use client";

import { useRouter } from "next/navigation";
import { dismissSetupAction } from "@/lib/setup/dismiss-action";
import { useActionForm } from "@/components/forms/use-action-form";
import { ANY_VALUES } from "@/components/forms/form-messages";
import { FormAlert, SubmitButton } from "@/components/forms/fields";
import { toast } from "@/components/ui/toast";

/** The checklist's 'Dismiss' (admins; the server checks that too). On success the page renders
 * again without the checklist or the shell's progress link, and focus moves to the page's main
 * area, since the button it was on is gone. */
export function DismissSetupButton() {
  const router = useRouter();
  // A button with no fields: the pattern still gives it the early-submit hold and the announced answer.
  const form = useActionForm(dismissSetupAction, ANY_VALUES, {
    initial: { dismiss: "setup-checklist" },
    onSuccess: (state) => {
      toast({ title: state.message ?? "The setup checklist is hidden." });
      router.refresh();
      document.getElementById("main-content")?.focus();
    },
  });
  return (
    <form onSubmit={form.onSubmit} noValidate className="flex flex-col items-end gap-2">
      <SubmitButton
        pending={form.pending}
        pendingLabel="Dismissing..."
        size="sm"
        variant="ghost"
        aria-label="Dismiss the setup checklist"
      >
        Dismiss
      </SubmitButton>
      {form.alert?.tone === "error" ? <FormAlert alert={form.alert} /> : null}
    </form>
  );
}
