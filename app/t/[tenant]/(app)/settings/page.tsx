import type { Metadata } from "next";
import { CalendarClock, CreditCard, Mail, ShieldCheck, UsersRound } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
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
import { getBillingOverview } from "@/lib/billing/overview";
import type { Leader } from "@/components/people/people-types";
import { getOrganization } from "@/lib/org/organization";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const session = await currentSession();
  if (!session) return null;
  const { ctx, user } = session;
  // decisions.md through the one permission map: each section is shown to the roles that may see
  // it and editable by those that may change it (admins manage, managers view, employees neither).
  const seesPeople = can(ctx, "people.view");
  const seesSettings = can(ctx, "organization.view");
  const org = await getOrganization(ctx, ctx.orgId);
  const [[teams, leaders, chart], [emailSettings, pulseSchedule], billing] = await Promise.all([
    seesPeople ? Promise.all([listTeams(ctx), listUsers(ctx, { roles: ["manager", "admin"] }), getOrgChart(ctx)]) : Promise.resolve([[], [], null] as const),
    seesSettings ? Promise.all([getEmailSettings(ctx), getPulseSchedule(ctx, ctx.orgId)]) : Promise.resolve([null, null] as const),
    can(ctx, "billing.view") ? getBillingOverview(ctx) : Promise.resolve(null),
  ]);

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
        {emailSettings ? (
          <CollapsibleSection id="email-settings" title="Email Settings" description="The invitation e-mail sent with each survey." icon={Mail}>
            <EmailSettings orgId={ctx.orgId} initial={emailSettings} canEdit={can(ctx, "organization.manage")} />
          </CollapsibleSection>
        ) : null}
        {pulseSchedule ? (
          <CollapsibleSection id="survey-schedule" title="Survey Schedule" description="When the weekly pulse goes out." icon={CalendarClock}>
            {/* The schedule is changed by whoever sends pulses (the PATCH route asks the same). */}
            <PulseScheduleForm orgId={ctx.orgId} initial={pulseSchedule} canEdit={can(ctx, "surveys.send")} />
          </CollapsibleSection>
        ) : null}
        {seesSettings ? (
          <CollapsibleSection id="anonymity" title="Anonymity" description="The smallest group whose survey results are shown." icon={ShieldCheck}>
            <AnonymityForm orgId={ctx.orgId} initial={anonymityDto(org.minGroupSize)} canEdit={can(ctx, "organization.manage")} />
          </CollapsibleSection>
        ) : null}
        {chart ? (
          <CollapsibleSection id="user-management" title="User Management" description="People, teams and how they report." icon={UsersRound}>
            <UserManagement
              chart={chart}
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
          </CollapsibleSection>
        ) : null}
        {billing ? (
          <CollapsibleSection id="billing" title="Billing & Subscription" description="Plan, seats and what is included." icon={CreditCard}>
            <BillingOverview orgId={ctx.orgId} overview={billing} />
          </CollapsibleSection>
        ) : null}
      </div>
    </>
  );
}
