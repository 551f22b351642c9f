"use client";

import { useState } from "react";
import { UserPlus, UsersRound } from "lucide-react";
import type { OrgChart } from "@/lib/people/org-chart-tree";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ScrollFades, useScrollEdges } from "@/components/ui/scroll-fades";
import { UsersTab } from "@/components/people/users-tab";
import { TeamsTab } from "@/components/people/teams-tab";
import { UserDialog } from "@/components/people/user-dialog";
import { TeamDialog } from "@/components/people/team-dialog";
import { OrgChartView } from "@/components/people/org-chart-view";
import { PermissionsMatrix } from "@/components/people/permissions-matrix";
import type { PeopleContext } from "@/components/people/people-types";
import { userManagementTab, type UserManagementTab } from "@/components/settings/sections";
import { rememberTab } from "@/lib/utils/tab-address";

/** Settings > User Management: tabs Users (n), Teams (n), Org Chart, Permissions. */
export function UserManagement({
  people,
  chart,
  initialTab = "users",
}: {
  people: PeopleContext;
  chart: OrgChart;
  initialTab?: UserManagementTab;
}) {
  const [dialog, setDialog] = useState<"user" | "team" | null>(null);
  const [tab, setTab] = useState<UserManagementTab>(initialTab);
  const [tabsRef, tabEdges] = useScrollEdges<HTMLDivElement>();
  function selectTab(value: string) {
    const next = userManagementTab(value);
    setTab(next);
    rememberTab(next, "users");
  }
  const atLimit = people.userCount >= people.maxUsers;
  // Whoever may buy seats can still open the dialog: it offers to add a seat when the server says
  // all are taken.
  const addBlocked = atLimit && !people.canManageBilling;
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-medium text-slate-900">{`Users: ${people.userCount} / ${people.maxUsers}`}</p>
          {atLimit ? <Badge variant="destructive">User limit reached</Badge> : null}
        </div>
        {people.canManage ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setDialog("team")}>
              <UsersRound /> Add Team
            </Button>
            <Button
              onClick={() => setDialog("user")}
              disabled={addBlocked}
              title={addBlocked ? "All seats are taken" : undefined}
            >
              <UserPlus /> Add User
            </Button>
          </div>
        ) : null}
      </div>
      <Tabs value={tab} onValueChange={selectTab}>
        {/* One row that scrolls sideways on a phone instead of wrapping onto two, faded where more
            tabs are hidden; the arrow keys move between tabs and bring the next one into view. */}
        <div className="relative max-w-full sm:w-fit">
          <TabsList ref={tabsRef} aria-label="User management" className="max-w-full flex-nowrap overflow-x-auto">
            <TabsTrigger value="users">{`Users (${people.userCount})`}</TabsTrigger>
            <TabsTrigger value="teams">{`Teams (${people.teams.length})`}</TabsTrigger>
            <TabsTrigger value="org-chart">Org Chart</TabsTrigger>
            <TabsTrigger value="permissions">Permissions</TabsTrigger>
          </TabsList>
          <ScrollFades start={tabEdges.start} end={tabEdges.end} className="rounded-lg from-slate-100" />
        </div>
        <TabsContent value="users">
          <UsersTab people={people} />
        </TabsContent>
        <TabsContent value="teams">
          <TeamsTab people={people} onAddTeam={() => setDialog("team")} />
        </TabsContent>
        <TabsContent value="org-chart">
          <OrgChartView chart={chart} minGroupSize={people.minGroupSize} />
        </TabsContent>
        <TabsContent value="permissions">
          <PermissionsMatrix />
        </TabsContent>
      </Tabs>
      {dialog === "user" ? <UserDialog people={people} onClose={() => setDialog(null)} /> : null}
      {dialog === "team" ? <TeamDialog people={people} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
