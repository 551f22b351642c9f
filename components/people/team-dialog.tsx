"use client";

import { apiFetch } from "@/lib/api/client";
import { useMutation } from "@tanstack/react-query";
import { teamInputSchema } from "@/lib/people/schemas";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { FormAlert, SelectField, SubmitButton, TextField } from "@/components/forms/fields";
import { usePeopleRefresh } from "@/components/people/use-people-refresh";
import type { PeopleContext, TeamDto } from "@/components/people/people-types";

type Values = { name: string; managerId: string };

/** 'Create New Team' and its edit twin. Mounted fresh each time it opens. */
export function TeamDialog({ people, team, onClose }: { people: PeopleContext; team?: TeamDto; onClose: () => void }) {
  const form = useFormFields(
    teamInputSchema,
    { name: team?.name ?? "", managerId: team?.managerId ?? "" },
    { idPrefix: "team-" },
  );
  const refresh = usePeopleRefresh();
  // The manager choice is limited to users with role manager (the role of the person
  // chosen, as the server checks it; not a permission of the signed-in user).
  const managers = people.leaders.filter((l) => l.role === "manager");

  const mutation = useMutation({
    mutationFn: (sent: Values) =>
      apiFetch<TeamDto>(team ? `/api/teams/${team.id}` : "/api/teams", {
        method: team ? "PUT" : "POST",
        body: { ...sent, organizationId: people.orgId },
      }),
    onSuccess: (saved) => {
      toast({
        title: team ? `Team "${saved.name}" updated successfully!` : `Team "${saved.name}" created successfully!`,
      });
      refresh();
      onClose();
    },
    // The server's text is shown in the team dialog: it says which rule refused the team.
    onError: (err, sent) =>
      form.showAnswer(failedAnswer(err, team ? "Failed to update team" : "Failed to create team"), sent),
  });

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending || form.check(e.currentTarget) === null) return;
    mutation.mutate(form.values);
  }

  return (
    <Dialog open onOpenChange={(o) => (!o && !mutation.isPending ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{team ? "Edit Team" : "Create New Team"}</DialogTitle>
          <DialogDescription>
            Teams group people for survey results. A team is reported on once it has at least {people.minGroupSize}{" "}
            members.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextField form={form} name="name" label="Team name" autoComplete="off" />
          <SelectField
            form={form}
            name="managerId"
            label="Manager (optional)"
            hint={
              managers.length === 0 ? (
                <p className="text-xs text-slate-500">
                  Only users with the manager role can lead a team; none exist yet.
                </p>
              ) : null
            }
          >
            <option value="">No manager</option>
            {managers.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </SelectField>
          <FormAlert alert={form.alert} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
              {team ? "Save Changes" : "Create Team"}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
