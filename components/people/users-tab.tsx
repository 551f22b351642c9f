"use client";

import { apiFetch, problemOf } from "@/lib/api/client";
import { useDeferredValue, useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { MailPlus, Pencil, Search, Trash2, Users } from "lucide-react";
import { queryKeys } from "@/lib/query/keys";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { UserDialog, ROLE_LABEL } from "@/components/people/user-dialog";
import { usePeopleRefresh } from "@/components/people/use-people-refresh";
import type { PeopleContext, UserDto } from "@/components/people/people-types";
import { isRemovable } from "@/lib/auth/permissions";

const PAGE_SIZE = 50;

const ROLE_BADGE = { admin: "default", manager: "secondary", employee: "outline" } as const satisfies Record<
  UserDto["role"],
  string
>;

/** The Users tab: search, pages of 50 (an organisation may have thousands), row actions. */
export function UsersTab({ people }: { people: PeopleContext }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<UserDto | null>(null);
  const [removing, setRemoving] = useState<UserDto | null>(null);
  const term = useDeferredValue(search.trim());
  const refresh = usePeopleRefresh();

  const query = useQuery({
    queryKey: queryKeys.users(people.orgId, term, page),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ limit: String(PAGE_SIZE + 1), offset: String(page * PAGE_SIZE) });
      if (term) qs.set("search", term);
      return apiFetch<UserDto[]>(`/api/users/organization/${people.orgId}?${qs}`, { signal });
    },
    placeholderData: (prev) => prev,
  });

  const remove = useMutation({
    mutationFn: (u: UserDto) => apiFetch(`/api/users/${u.id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast({ title: "User removed successfully" });
      setRemoving(null);
      refresh();
    },
    onError: (err) =>
      toast({
        title: "Failed to remove user",
        description: problemOf(err)?.message ?? undefined,
        variant: "destructive",
      }),
  });

  const resend = useMutation({
    mutationFn: (u: UserDto) => apiFetch<UserDto>(`/api/users/${u.id}/resend-invitation`, { method: "POST" }),
    onSuccess: (u) => {
      toast({ title: "Invitation sent", description: `A new link is on its way to ${u.email}.` });
      refresh();
    },
    onError: (err) =>
      toast({
        title: "Failed to send invitation",
        description: problemOf(err)?.message ?? undefined,
        variant: "destructive",
      }),
  });

  const teamName = new Map(people.teams.map((t) => [t.id, t.name]));
  const leaderName = new Map(people.leaders.map((l) => [l.id, l.name]));
  const rows = query.data?.slice(0, PAGE_SIZE) ?? [];
  const hasNext = (query.data?.length ?? 0) > PAGE_SIZE;

  return (
    <div className="space-y-4">
      <div className="relative max-w-sm">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          type="search"
          aria-label="Search users by name or email"
          placeholder="Search by name or email"
          className="pl-9"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
      </div>

      {query.isPending ? (
        <div role="status" aria-label="Loading users" className="space-y-2">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-100" />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>Users could not be loaded. {problemOf(query.error)?.message}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Users}
          headingLevel="h3"
          title={term ? "No users match your search" : "No users yet"}
          description={
            term ? `Nobody's name or email contains "${term}".` : "Add people one by one or import a CSV file."
          }
        />
      ) : (
        // Refetching keeps the list at full contrast (dimming it fell below 4.5:1); aria-busy says it.
        <ul
          aria-label="Users"
          aria-busy={query.isFetching || undefined}
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
        >
          {rows.map((u) => (
            <li key={u.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">
                  {`${u.firstName} ${u.lastName}`.trim() || u.email}
                </p>
                <p className="truncate text-sm text-slate-600">{u.email}</p>
              </div>
              <div className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600 sm:w-72">
                <Badge variant={ROLE_BADGE[u.role]}>{ROLE_LABEL[u.role]}</Badge>
                {u.teamId ? <Badge variant="outline">{teamName.get(u.teamId) ?? "Team"}</Badge> : null}
                {u.status === "pending" ? (
                  <Badge variant="warning">Invitation pending</Badge>
                ) : (
                  <Badge variant="success">Active</Badge>
                )}
                {u.managerId && leaderName.get(u.managerId) ? (
                  <span className="w-full truncate">Reports to {leaderName.get(u.managerId)}</span>
                ) : null}
              </div>
              {people.canManage ? (
                <div className="flex gap-1 sm:justify-end">
                  {u.status === "pending" ? (
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Resend invitation to ${u.email}`}
                      title="Resend invitation"
                      disabled={resend.isPending}
                      onClick={() => resend.mutate(u)}
                    >
                      <MailPlus />
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Edit ${u.email}`}
                    title="Edit"
                    onClick={() => setEditing(u)}
                  >
                    <Pencil />
                  </Button>
                  {isRemovable(u.role) ? (
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Remove ${u.email}`}
                      title="Remove"
                      className="text-red-600 hover:bg-red-50 hover:text-red-700"
                      onClick={() => setRemoving(u)}
                    >
                      <Trash2 />
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {page > 0 || hasNext ? (
        <nav aria-label="Pages of users" className="flex items-center justify-between gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="text-slate-600">Page {page + 1}</span>
          <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      ) : null}

      {editing ? <UserDialog people={people} user={editing} onClose={() => setEditing(null)} /> : null}
      {removing ? (
        <ConfirmDialog
          title={`Remove ${`${removing.firstName} ${removing.lastName}`.trim() || removing.email}?`}
          description="They lose access at once and their sessions end. Their past anonymous survey answers stay in the results."
          confirmLabel="Remove User"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}
