import type { Metadata } from "next";
import { UsersRound } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { listTeams } from "@/lib/people/teams";
import { listUsers } from "@/lib/people/users";
import { getOrgChart } from "@/lib/people/org-chart";
import { getOrganization } from "@/lib/org/organization";
import { fullName } from "@/lib/people/dto";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { UserManagement } from "@/components/people/user-management";
import { userManagementTab } from "@/components/settings/sections";
import { SettingsPanel } from "@/components/settings/settings-panel";
import type { Leader } from "@/components/people/people-types";

export const metadata: Metadata = { title: "User Management · Settings" };

export default async function UserManagementSettingsPage({ searchParams }: { searchParams: Promise<{ tab?: string | string[] }> }) {
  const session = await currentSession();
  if (!session) return null;
  const { ctx } = session;
  if (!can(ctx, "people.view")) return <AccessRestricted feature="User Management" permission="people.view" />;
  const [org, teams, leaders, chart, { tab }] = await Promise.all([
    getOrganization(ctx, ctx.orgId),
    listTeams(ctx),
    listUsers(ctx, { roles: ["manager", "admin"] }),
    getOrgChart(ctx),
    searchParams,
  ]);
  return (
    <SettingsPanel id="user-management" title="User Management" description="People, teams and how they report." icon={UsersRound}>
      <UserManagement
        chart={chart}
        initialTab={userManagementTab(tab)}
        people={{
          orgId: ctx.orgId,
          currentUserId: ctx.userId,
          canManage: can(ctx, "people.manage"),
          userCount: org.userCount,
          maxUsers: org.maxUsers,
          canManageBilling: can(ctx, "billing.manage"),
          minGroupSize: org.minGroupSize,
          teams,
          leaders: leaders.map((l): Leader => ({ id: l.id, name: fullName(l), role: l.role === "admin" ? "admin" : "manager" })),
        }}
      />
    </SettingsPanel>
  );
}
