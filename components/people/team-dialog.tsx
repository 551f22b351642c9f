"use client";

import { apiFetch, problemOf } from "@/lib/api/client";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { teamInputSchema } from "@/lib/people/schemas";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FieldError } from "@/components/auth/form-feedback";
import { toast } from "@/components/ui/toast";
import { usePeopleRefresh } from "@/components/people/use-people-refresh";
import type { PeopleContext, TeamDto } from "@/components/people/people-types";

/** 'Create New Team' and its edit twin. Mounted fresh each time it opens. */
export function TeamDialog({ people, team, onClose }: { people: PeopleContext; team?: TeamDto; onClose: () => void }) {
  const [name, setName] = useState(team?.name ?? "");
  const [managerId, setManagerId] = useState(team?.managerId ?? "");
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const refresh = usePeopleRefresh();
  // Spec: the manager choice is limited to users with role manager.
  const managers = people.leaders.filter((l) => l.role === "manager");

  const mutation = useMutation({
    mutationFn: (body: { name: string; managerId: string }) =>
      apiFetch<TeamDto>(team ? `/api/teams/${team.id}` : "/api/teams", { method: team ? "PUT" : "POST", body: { ...body, organizationId: people.orgId } }),
    onSuccess: (saved) => {
      toast({ title: team ? `Team "${saved.name}" updated successfully!` : `Team "${saved.name}" created successfully!` });
      refresh();
      onClose();
    },
    onError: (err) => {
      // Spec: the server text is used in the team dialog.
      setFields(problemOf(err)?.fields ?? {});
      setError(problemOf(err)?.message ?? (team ? "Failed to update team" : "Failed to create team"));
    },
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = teamInputSchema.safeParse({ name, managerId });
    if (!parsed.success) {
      setFields({ name: parsed.error.issues.map((i) => i.message) });
      setError(null);
      return;
    }
    setFields({});
    setError(null);
    mutation.mutate({ name, managerId });
  }

  return (
    <Dialog open onOpenChange={(o) => (!o && !mutation.isPending ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{team ? "Edit Team" : "Create New Team"}</DialogTitle>
          <DialogDescription>Teams group people for survey results. A team is reported on once it has at least {people.minGroupSize} members.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="space-y-1.5">
            <Label htmlFor="team-name">Team name</Label>
            <Input id="team-name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!fields.name} aria-describedby="team-name-error" required />
            <FieldError id="team-name-error" messages={fields.name} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="team-manager">Manager (optional)</Label>
            <NativeSelect id="team-manager" value={managerId} onChange={(e) => setManagerId(e.target.value)} aria-describedby="team-manager-error">
              <option value="">No manager</option>
              {managers.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
            </NativeSelect>
            {managers.length === 0 ? <p className="text-xs text-slate-500">Only users with the manager role can lead a team; none exist yet.</p> : null}
            <FieldError id="team-manager-error" messages={fields.managerId} />
          </div>
          {error ? <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>Cancel</Button>
            <Button type="submit" disabled={mutation.isPending}>{mutation.isPending ? "Saving..." : team ? "Save Changes" : "Create Team"}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
