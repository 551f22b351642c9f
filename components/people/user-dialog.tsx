"use client";

import { apiFetch } from "@/lib/api/client";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import type { BillingChangeDto } from "@/lib/billing/dto";
import { formatUsd, PRICE_PER_USER_USD } from "@/lib/billing/pricing";
import { userInputSchema, ROLES } from "@/lib/people/schemas";
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
import type { PeopleContext, UserDto } from "@/components/people/people-types";

type Values = { firstName: string; lastName: string; email: string; role: string; teamId: string; managerId: string };
export const ROLE_LABEL: Record<UserDto["role"], string> = { employee: "Employee", manager: "Manager", admin: "Admin" };

/** 'Add New User' and 'Edit User'. Mounted fresh each time it opens. */
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
  // Once a person has set a password, their e-mail is their sign-in and only they change it (the
  // server refuses it too); before that, an admin may correct a mistyped invitation.
  const emailLocked = user?.status === "active";
  const refresh = usePeopleRefresh();
  const failed = editing ? "Failed to update user" : "Failed to add user";
  // 'Add a seat': offered when adding fails because every seat is taken and the viewer may buy
  // seats; it raises the seats by one, then adds the person again.
  const [seatOffer, setSeatOffer] = useState<{ body: Values; sent: Values } | null>(null);
  const [seats, setSeats] = useState(Math.max(people.maxUsers, people.userCount));

  const mutation = useMutation({
    mutationFn: ({ body }: { body: Values; sent: Values }) =>
      apiFetch<UserDto>(user ? `/api/users/${user.id}` : "/api/users", {
        method: user ? "PUT" : "POST",
        body: { ...body, organizationId: people.orgId },
      }),
    onSuccess: (_saved, { body }) => {
      setSeatOffer(null);
      toast({
        title: editing ? "User updated successfully" : "User added successfully",
        description: editing ? undefined : `An invitation e-mail is on its way to ${body.email}.`,
      });
      refresh();
      onClose();
    },
    onError: (err, variables) => {
      const { sent } = variables;
      // The server's reason also shows inside the dialog: the toast region is hidden from
      // assistive technology while a modal is open.
      const answer = failedAnswer(err, failed);
      form.showAnswer(answer, sent);
      setSeatOffer(!editing && answer.code === "seat_limit" && people.canManageBilling ? variables : null);
      toast({
        title: failed,
        description: answer.message === failed ? undefined : answer.message,
        variant: "destructive",
      });
    },
  });

  const addSeat = useMutation({
    // PUT /api/billing/seats (billing.manage; the server refuses fewer seats than people).
    mutationFn: () =>
      apiFetch<BillingChangeDto>("/api/billing/seats", {
        method: "PUT",
        body: { organizationId: people.orgId, seats: seats + 1 },
      }),
    onSuccess: (change) => {
      setSeats(change.billing.seats);
      refresh();
      if (seatOffer) mutation.mutate(seatOffer);
    },
    onError: (err) => {
      const answer = failedAnswer(err, "Failed to add a seat");
      if (seatOffer) form.showAnswer(answer, seatOffer.sent);
      toast({ title: "Failed to add a seat", description: answer.message, variant: "destructive" });
    },
  });
  const busy = mutation.isPending || addSeat.isPending;

  // These compare the role being given to this person (the rules on teams and
  // managers), not what the signed-in user may do; that is checked before the dialog opens.
  const showTeam = values.role === "employee" || values.role === "manager";
  // In the edit form the manager selector shows only for employees and excludes the user.
  const showManager = editing ? values.role === "employee" : showTeam;
  const team = people.teams.find((t) => t.id === values.teamId);
  const joining = team && team.id !== user?.teamId ? 1 : 0;
  const missing = team ? people.minGroupSize - (team.memberCount + joining) : 0;
  const teamTaken = (t: PeopleContext["teams"][number]) =>
    values.role === "manager" && !!t.managerId && t.managerId !== user?.id;

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
    if (busy || form.check(e.currentTarget) === null) return;
    // Hidden selectors send nothing; an admin keeps no team, and editing keeps the manager.
    const body: Values = {
      ...values,
      teamId: showTeam ? values.teamId : "",
      managerId: showManager || editing ? values.managerId : "",
    };
    mutation.mutate({ body, sent: values });
  }

  return (
    <Dialog open onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? "Edit User" : "Add New User"}</DialogTitle>
          <DialogDescription>
            {editing
              ? "Change this person's details, role and place in the organisation."
              : "They will get an e-mail with a link to set their password (valid for 7 days)."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="firstName" label="First name" autoComplete="off" />
            <TextField form={form} name="lastName" label="Last name" autoComplete="off" />
          </div>
          <TextField
            form={form}
            name="email"
            label="Email"
            type="email"
            autoComplete="off"
            readOnly={emailLocked}
            hint={
              emailLocked ? (
                <p className="text-xs text-slate-500">
                  {user?.id === people.currentUserId
                    ? "Change your own e-mail in Settings > Your account."
                    : "Only this person can change their e-mail once their account is active."}
                </p>
              ) : undefined
            }
          />
          <SelectField form={form} name="role" label="Role" onValue={changeRole}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </SelectField>
          {showTeam ? (
            <SelectField
              form={form}
              name="teamId"
              label="Team"
              hint={
                <>
                  {values.role === "manager" && people.teams.some(teamTaken) ? (
                    <p className="text-xs text-slate-500">
                      Teams marked &apos;Has Manager&apos; cannot be chosen: This team already has a manager assigned
                    </p>
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
              {people.leaders
                .filter((l) => l.id !== user?.id)
                .map((l) => (
                  <option key={l.id} value={l.id}>{`${l.name} (${ROLE_LABEL[l.role]})`}</option>
                ))}
            </SelectField>
          ) : null}
          <FormAlert alert={form.alert} />
          {seatOffer ? (
            <div className="flex flex-col gap-2 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800 sm:flex-row sm:items-center sm:justify-between">
              <p>{`Add one more seat to your plan, for ${formatUsd(PRICE_PER_USER_USD)} a month, then add ${seatOffer.body.firstName || "this person"}.`}</p>
              <Button type="button" size="sm" onClick={() => addSeat.mutate()} disabled={busy}>
                {addSeat.isPending ? "Adding seat..." : `Add a seat (${formatUsd(PRICE_PER_USER_USD)} / month)`}
              </Button>
            </div>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
              {editing ? "Save Changes" : "Add User"}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
