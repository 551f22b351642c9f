"use client";

import { apiFetch, problemOf } from "@/lib/api/client";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { userInputSchema, ROLES } from "@/lib/people/schemas";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FieldError } from "@/components/auth/form-feedback";
import { toast } from "@/components/ui/toast";
import { usePeopleRefresh } from "@/components/people/use-people-refresh";
import type { PeopleContext, UserDto } from "@/components/people/people-types";

type Values = { firstName: string; lastName: string; email: string; role: UserDto["role"]; teamId: string; managerId: string };
export const ROLE_LABEL: Record<UserDto["role"], string> = { employee: "Employee", manager: "Manager", admin: "Admin" };

/** 'Add New User' and 'Edit User' (spec sections 2 and 5). Mounted fresh each time it opens. */
export function UserDialog({ people, user, onClose }: { people: PeopleContext; user?: UserDto; onClose: () => void }) {
  const editing = !!user;
  const [values, setValues] = useState<Values>({
    firstName: user?.firstName ?? "",
    lastName: user?.lastName ?? "",
    email: user?.email ?? "",
    role: user?.role ?? "employee",
    teamId: user?.teamId ?? "",
    managerId: user?.managerId ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // The server's reason, also inside the dialog: the toast region is hidden while a modal is open.
  const [formError, setFormError] = useState<string | null>(null);
  const refresh = usePeopleRefresh();

  const mutation = useMutation({
    mutationFn: (body: Values) =>
      apiFetch<UserDto>(user ? `/api/users/${user.id}` : "/api/users", { method: user ? "PUT" : "POST", body: { ...body, organizationId: people.orgId } }),
    onSuccess: () => {
      toast({ title: editing ? "User updated successfully" : "User added successfully", description: editing ? undefined : `An invitation e-mail is on its way to ${values.email}.` });
      refresh();
      onClose();
    },
    onError: (err) => {
      setErrors(problemOf(err)?.fields ?? {});
      setFormError(problemOf(err)?.message ?? (editing ? "Failed to update user" : "Failed to add user"));
      toast({ title: editing ? "Failed to update user" : "Failed to add user", description: problemOf(err)?.message ?? undefined, variant: "destructive" });
    },
  });

  const set = (k: keyof Values) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const showTeam = values.role === "employee" || values.role === "manager";
  // Spec: in the edit form the manager selector shows only for employees and excludes the user.
  const showManager = editing ? values.role === "employee" : showTeam;
  const team = people.teams.find((t) => t.id === values.teamId);
  const joining = team && team.id !== user?.teamId ? 1 : 0;
  const missing = team ? people.minGroupSize - (team.memberCount + joining) : 0;
  const teamTaken = (t: PeopleContext["teams"][number]) => values.role === "manager" && !!t.managerId && t.managerId !== user?.id;

  // Becoming a manager: a team that already has one can no longer be chosen, so drop it.
  function changeRole(e: React.ChangeEvent<HTMLSelectElement>) {
    const role = ROLES.find((r) => r === e.target.value);
    if (!role) return;
    setValues((v) => {
      const chosen = people.teams.find((t) => t.id === v.teamId);
      const taken = role === "manager" && chosen && !!chosen.managerId && chosen.managerId !== user?.id;
      return { ...v, role, teamId: taken ? "" : v.teamId };
    });
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    // Hidden selectors send nothing; an admin keeps no team, and editing keeps the manager.
    const body: Values = { ...values, teamId: showTeam ? values.teamId : "", managerId: showManager || editing ? values.managerId : "" };
    const parsed = userInputSchema.safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const i of parsed.error.issues) (fields[String(i.path[0])] ??= []).push(i.message);
      setErrors(fields);
      return;
    }
    setErrors({});
    mutation.mutate(body);
  }

  const field = (name: "firstName" | "lastName" | "email", label: string, type = "text") => (
    <div className="space-y-1.5">
      <Label htmlFor={`user-${name}`}>{label}</Label>
      <Input id={`user-${name}`} type={type} autoComplete="off" value={values[name]} onChange={set(name)} aria-invalid={!!errors[name]} aria-describedby={`user-${name}-error`} required />
      <FieldError id={`user-${name}-error`} messages={errors[name]} />
    </div>
  );

  return (
    <Dialog open onOpenChange={(o) => (!o && !mutation.isPending ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? "Edit User" : "Add New User"}</DialogTitle>
          <DialogDescription>
            {editing ? "Change this person's details, role and place in the organization." : "They will get an e-mail with a link to set their password (valid for 7 days)."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {field("firstName", "First name")}
            {field("lastName", "Last name")}
          </div>
          {field("email", "Email", "email")}
          <div className="space-y-1.5">
            <Label htmlFor="user-role">Role</Label>
            <NativeSelect id="user-role" value={values.role} onChange={changeRole}>
              {ROLES.map((r) => <option key={r} value={r}>{ROLE_LABEL[r]}</option>)}
            </NativeSelect>
            <FieldError id="user-role-error" messages={errors.role} />
          </div>
          {showTeam ? (
            <div className="space-y-1.5">
              <Label htmlFor="user-team">Team</Label>
              <NativeSelect id="user-team" value={values.teamId} onChange={set("teamId")} aria-invalid={!!errors.teamId} aria-describedby="user-team-error">
                <option value="">No team</option>
                {people.teams.map((t) => (
                  <option key={t.id} value={t.id} disabled={teamTaken(t)}>
                    {teamTaken(t) ? `${t.name} (Has Manager)` : t.name}
                  </option>
                ))}
              </NativeSelect>
              {values.role === "manager" && people.teams.some(teamTaken) ? (
                <p className="text-xs text-slate-500">Teams marked &apos;Has Manager&apos; cannot be chosen: This team already has a manager assigned</p>
              ) : null}
              {team && missing > 0 ? (
                <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-800">
                  Team needs {missing} more members for anonymous surveys (currently {team.memberCount + joining})
                </p>
              ) : null}
              <FieldError id="user-team-error" messages={errors.teamId} />
            </div>
          ) : null}
          {showManager ? (
            <div className="space-y-1.5">
              <Label htmlFor="user-manager">Reports To</Label>
              <NativeSelect id="user-manager" value={values.managerId} onChange={set("managerId")} aria-invalid={!!errors.managerId} aria-describedby="user-manager-error">
                <option value="">Nobody</option>
                {people.leaders.filter((l) => l.id !== user?.id).map((l) => (
                  <option key={l.id} value={l.id}>{`${l.name} (${ROLE_LABEL[l.role]})`}</option>
                ))}
              </NativeSelect>
              <FieldError id="user-manager-error" messages={errors.managerId} />
            </div>
          ) : null}
          {formError ? <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{formError}</p> : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>Cancel</Button>
            <Button type="submit" disabled={mutation.isPending}>{mutation.isPending ? "Saving..." : editing ? "Save Changes" : "Add User"}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
