import { can } from "@/lib/auth/permissions";
import { listTeams } from "@/lib/people/teams";
import { listUsers } from "@/lib/people/users";
import { getOrgChart } from "@/lib/people/org-chart";
import { getOrganization } from "@/lib/org/organization";
import { fullName } from "@/lib/people/dto";
import { UserManagement } from "@/components/people/user-management";
import { userManagementTab } from "@/components/settings/sections";
import type { Leader } from "@/components/people/people-types";
import { sectionMetadata, SettingsSectionPage } from "../section-page";

export const metadata = sectionMetadata("/settings/users");

export default function UserManagementSettingsPage({
  searchParams,
}: {
  searchParams: Promise<{ tab?: string | string[] }>;
}) {
  return (
    <SettingsSectionPage
      href="/settings/users"
      render={async ({ ctx }) => {
        const [org, teams, leaders, chart, { tab }] = await Promise.all([
          getOrganization(ctx, ctx.orgId),
          listTeams(ctx),
          listUsers(ctx, { roles: ["manager", "admin"] }),
          getOrgChart(ctx),
          searchParams,
        ]);
        return (
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
              leaders: leaders.map((l): Leader => ({
                id: l.id,
                name: fullName(l),
                role: l.role === "admin" ? "admin" : "manager",
              })),
            }}
          />
        );
      }}
    />
  );
}
