"use client";

import { apiFetch } from "@/lib/api/client";
import { useMutation } from "@tanstack/react-query";
import { userInputSchema, ROLES } from "@/lib/people/schemas";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { useFormFields } from "@/components/forms/use-form-fields";
import { failedAnswer } from "@/components/forms/api-answer";
import { useReturnFocus } from "@/components/forms/use-return-focus";
import { FormAlert, SelectField, SubmitButton, TextField } from "@/components/forms/fields";
import { usePeopleRefresh } from "@/components/people/use-people-refresh";
import type { PeopleContext, UserDto } from "@/components/people/people-types";

type Values = { firstName: string; lastName: string; email: string; role: string; teamId: string; managerId: string };
export const ROLE_LABEL: Record<UserDto["role"], string> = { employee: "Employee", manager: "Manager", admin: "Admin" };

/** 'Add New User' and 'Edit User' (spec sections 2 and 5). Mounted fresh each time it opens. */
export function UserDialog({ people, user, onClose }: { people: PeopleContext; user?: UserDto; onClose: () => void }) {
  const editing = !!user;
  const form = useFormFields<typeof userInputSchema, Values>(
    userInputSchema,
    {
      firstName: user?.firstName ?? "",
      lastName: user?.lastName ?? "",
      email: user?.email ?? "",
      role: user?.role ?? "employee",
      teamId: user?.teamId ?? "",
      managerId: user?.managerId ?? "",
    },
    { idPrefix: "user-" },
  );
  const { values } = form;
  const returnFocus = useReturnFocus();
  const refresh = usePeopleRefresh();
  const failed = editing ? "Failed to update user" : "Failed to add user";

  const mutation = useMutation({
    mutationFn: ({ body }: { body: Values; sent: Values }) =>
      apiFetch<UserDto>(user ? `/api/users/${user.id}` : "/api/users", { method: user ? "PUT" : "POST", body: { ...body, organizationId: people.orgId } }),
    onSuccess: (_saved, { body }) => {
      toast({ title: editing ? "User updated successfully" : "User added successfully", description: editing ? undefined : `An invitation e-mail is on its way to ${body.email}.` });
      refresh();
      onClose();
    },
    onError: (err, { sent }) => {
      // The server's reason also shows inside the dialog: the toast region is hidden from
      // assistive technology while a modal is open.
      const answer = failedAnswer(err, failed);
      form.showAnswer(answer, sent);
      toast({ title: failed, description: answer.message === failed ? undefined : answer.message, variant: "destructive" });
    },
  });

  // These compare the role being given to this person (spec section 5's rules on teams and
  // managers), not what the signed-in user may do; that is checked before the dialog opens.
  const showTeam = values.role === "employee" || values.role === "manager";
  // Spec: in the edit form the manager selector shows only for employees and excludes the user.
  const showManager = editing ? values.role === "employee" : showTeam;
  const team = people.teams.find((t) => t.id === values.teamId);
  const joining = team && team.id !== user?.teamId ? 1 : 0;
  const missing = team ? people.minGroupSize - (team.memberCount + joining) : 0;
  const teamTaken = (t: PeopleContext["teams"][number]) => values.role === "manager" && !!t.managerId && t.managerId !== user?.id;

  // Becoming a manager: a team that already has one can no longer be chosen, so drop it.
  function changeRole(value: string) {
    const role = ROLES.find((r) => r === value);
    if (!role) return;
    form.update((v) => {
      const chosen = people.teams.find((t) => t.id === v.teamId);
      const taken = role === "manager" && chosen && !!chosen.managerId && chosen.managerId !== user?.id;
      return { ...v, role, teamId: taken ? "" : v.teamId };
    });
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending || form.check(e.currentTarget) === null) return;
    // Hidden selectors send nothing; an admin keeps no team, and editing keeps the manager.
    const body: Values = { ...values, teamId: showTeam ? values.teamId : "", managerId: showManager || editing ? values.managerId : "" };
    mutation.mutate({ body, sent: values });
  }

  return (
    <Dialog open onOpenChange={(o) => (!o && !mutation.isPending ? onClose() : undefined)}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{editing ? "Edit User" : "Add New User"}</DialogTitle>
          <DialogDescription>
            {editing ? "Change this person's details, role and place in the organization." : "They will get an e-mail with a link to set their password (valid for 7 days)."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="firstName" label="First name" autoComplete="off" />
            <TextField form={form} name="lastName" label="Last name" autoComplete="off" />
          </div>
          <TextField form={form} name="email" label="Email" type="email" autoComplete="off" />
          <SelectField form={form} name="role" label="Role" onValue={changeRole}>
            {ROLES.map((r) => <option key={r} value={r}>{ROLE_LABEL[r]}</option>)}
          </SelectField>
          {showTeam ? (
            <SelectField
              form={form}
              name="teamId"
              label="Team"
              hint={
                <>
                  {values.role === "manager" && people.teams.some(teamTaken) ? (
                    <p className="text-xs text-slate-500">Teams marked &apos;Has Manager&apos; cannot be chosen: This team already has a manager assigned</p>
                  ) : null}
                  {team && missing > 0 ? (
                    <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-800">
                      Team needs {missing} more members for anonymous surveys (currently {team.memberCount + joining})
                    </p>
                  ) : null}
                </>
              }
            >
              <option value="">No team</option>
              {people.teams.map((t) => (
                <option key={t.id} value={t.id} disabled={teamTaken(t)}>
                  {teamTaken(t) ? `${t.name} (Has Manager)` : t.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          {showManager ? (
            <SelectField form={form} name="managerId" label="Reports To">
              <option value="">Nobody</option>
              {people.leaders.filter((l) => l.id !== user?.id).map((l) => (
                <option key={l.id} value={l.id}>{`${l.name} (${ROLE_LABEL[l.role]})`}</option>
              ))}
            </SelectField>
          ) : null}
          <FormAlert alert={form.alert} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>Cancel</Button>
            <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">{editing ? "Save Changes" : "Add User"}</SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
