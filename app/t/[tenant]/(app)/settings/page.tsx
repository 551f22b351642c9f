import type { Metadata } from "next";
import { CalendarClock, CreditCard, Mail, ShieldCheck, UsersRound } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { listTeams } from "@/lib/people/teams";
import { listUsers } from "@/lib/people/users";
import { getOrgChart } from "@/lib/people/org-chart";
import { getEmailSettings } from "@/lib/org/email-settings";
import { anonymityDto } from "@/lib/org/anonymity-schema";
import { fullName } from "@/lib/people/dto";
import { PageHeader } from "@/components/layout/page-header";
import { CollapsibleSection } from "@/components/layout/collapsible-section";
import { Card } from "@/components/ui/card";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { UserManagement } from "@/components/people/user-management";
import { EmailSettings } from "@/components/settings/email-settings";
import { AnonymityForm } from "@/components/settings/anonymity-form";
import { PulseScheduleForm } from "@/components/surveys/pulse-schedule-form";
import { getPulseSchedule } from "@/lib/surveys/round-schedule";
import { BillingOverview } from "@/components/billing/billing-overview";
import { trialHasEnded } from "@/lib/billing/trial";
import type { Leader } from "@/components/people/people-types";
import { getOrganization } from "@/lib/org/organization";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const session = await currentSession();
  if (!session) return null;
  const { ctx, user } = session;
  // decisions.md: users, teams, org chart and billing are managed by admins and viewed by managers.
  const seesPeople = ctx.role === "admin" || ctx.role === "manager";
  const org = await getOrganization(ctx, ctx.orgId);
  const trialEnd = org.trialEndDate ? new Date(org.trialEndDate) : null;
  const [teams, leaders, chart, emailSettings, pulseSchedule] = seesPeople
    ? await Promise.all([listTeams(ctx), listUsers(ctx, { roles: ["manager", "admin"] }), getOrgChart(ctx), getEmailSettings(ctx), getPulseSchedule(ctx, ctx.orgId)])
    : [[], [], null, null, null];

  return (
    <>
      <PageHeader title="Settings" subtitle={org ? `${org.name} · ${org.subdomain}` : undefined} />
      <div className="grid grid-cols-1 gap-6">
        <Card className="p-5">
          <h2 className="text-lg font-semibold">Your account</h2>
          <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-500">Name</dt><dd>{fullName(user)}</dd>
            <dt className="text-slate-500">Email</dt><dd className="break-all">{user.email}</dd>
            <dt className="text-slate-500">Role</dt><dd className="capitalize">{user.role}</dd>
          </dl>
          <h3 className="mt-6 mb-3 font-medium">Change password</h3>
          <ChangePasswordForm />
        </Card>
        {org && seesPeople && chart ? (
          <>
            {emailSettings ? (
              <CollapsibleSection id="email-settings" title="Email Settings" description="The invitation e-mail sent with each survey." icon={Mail}>
                <EmailSettings orgId={ctx.orgId} initial={emailSettings} canEdit={ctx.role === "admin"} />
              </CollapsibleSection>
            ) : null}
            {pulseSchedule ? (
              <CollapsibleSection id="survey-schedule" title="Survey Schedule" description="When the weekly pulse goes out." icon={CalendarClock}>
                <PulseScheduleForm orgId={ctx.orgId} initial={pulseSchedule} canEdit={ctx.role === "admin"} />
              </CollapsibleSection>
            ) : null}
            <CollapsibleSection id="anonymity" title="Anonymity" description="The smallest group whose survey results are shown." icon={ShieldCheck}>
              <AnonymityForm orgId={ctx.orgId} initial={anonymityDto(org.minGroupSize)} canEdit={ctx.role === "admin"} />
            </CollapsibleSection>
            <CollapsibleSection id="user-management" title="User Management" description="People, teams and how they report." icon={UsersRound}>
              <UserManagement
                chart={chart}
                people={{
                  orgId: ctx.orgId,
                  currentUserId: ctx.userId,
                  canManage: ctx.role === "admin",
                  userCount: org.userCount,
                  maxUsers: org.maxUsers,
                  minGroupSize: org.minGroupSize,
                  teams,
                  leaders: leaders.map((l): Leader => ({ id: l.id, name: fullName(l), role: l.role === "admin" ? "admin" : "manager" })),
                }}
              />
            </CollapsibleSection>
            <CollapsibleSection id="billing" title="Billing & Subscription" description="Plan, usage and what is included." icon={CreditCard}>
              <BillingOverview
                status={org.subscriptionStatus}
                trialEndDate={trialEnd}
                trialEnded={trialHasEnded(org.subscriptionStatus, trialEnd)}
                userCount={org.userCount} maxUsers={org.maxUsers} />
            </CollapsibleSection>
          </>
        ) : null}
      </div>
    </>
  );
}
