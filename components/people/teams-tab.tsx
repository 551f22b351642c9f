"use client";

import { apiFetch, problemOf } from "@/lib/api/client";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Pencil, Trash2, UsersRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { toast } from "@/components/ui/toast";
import { AnonymityBadge } from "@/components/people/anonymity-badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TeamDialog } from "@/components/people/team-dialog";
import { usePeopleRefresh } from "@/components/people/use-people-refresh";
import type { PeopleContext, TeamDto } from "@/components/people/people-types";
import { plural } from "@/lib/format";

export function TeamsTab({ people, onAddTeam }: { people: PeopleContext; onAddTeam: () => void }) {
  const [editing, setEditing] = useState<TeamDto | null>(null);
  const [removing, setRemoving] = useState<TeamDto | null>(null);
  const refresh = usePeopleRefresh();
  const remove = useMutation({
    mutationFn: (t: TeamDto) => apiFetch(`/api/teams/${t.id}`, { method: "DELETE" }),
    onSuccess: (_d, t) => {
      toast({ title: `Team "${t.name}" deleted` });
      setRemoving(null);
      refresh();
    },
    onError: (err) =>
      toast({
        title: "Failed to delete team",
        description: problemOf(err)?.message ?? undefined,
        variant: "destructive",
      }),
  });

  if (people.teams.length === 0) {
    return (
      <EmptyState
        icon={UsersRound}
        headingLevel="h3"
        title="No teams yet"
        description={`Teams group people for survey results; each is reported on once it has ${plural(people.minGroupSize, "member")}.`}
        action={people.canManage ? <Button onClick={onAddTeam}>Add Team</Button> : undefined}
      />
    );
  }
  return (
    <>
      <ul aria-label="Teams" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {people.teams.map((t) => (
          <li key={t.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{t.name}</p>
              <p className="truncate text-sm text-slate-600">
                {t.managerName ? `Manager: ${t.managerName}` : "No manager"}
              </p>
            </div>
            <div className="flex items-center gap-2 text-sm text-slate-600">
              <span>{plural(t.memberCount, "member")}</span>
              <AnonymityBadge members={t.memberCount} minGroupSize={people.minGroupSize} />
            </div>
            {people.canManage ? (
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Edit team ${t.name}`}
                  title="Edit"
                  onClick={() => setEditing(t)}
                >
                  <Pencil />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Delete team ${t.name}`}
                  title="Delete"
                  className="text-red-600 hover:bg-red-50 hover:text-red-700"
                  onClick={() => setRemoving(t)}
                >
                  <Trash2 />
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {editing ? <TeamDialog people={people} team={editing} onClose={() => setEditing(null)} /> : null}
      {removing ? (
        <ConfirmDialog
          title={`Delete the team "${removing.name}"?`}
          description="Its members stay in the organisation without a team. Past survey results are kept; its action plans are deleted with it."
          confirmLabel="Delete Team"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}
