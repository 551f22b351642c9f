import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { withOrg } from "@/lib/db/tenant";
import { PageHeader } from "@/components/layout/page-header";
import { Card } from "@/components/ui/card";
import { ChangePasswordForm } from "@/components/auth/change-password-form";

export const metadata: Metadata = { title: "Settings" };

const STATUS_LABEL: Record<string, string> = { trialing: "Free Trial", active: "Active", past_due: "Past due", canceled: "Cancelled", incomplete: "Incomplete" };

export default async function SettingsPage() {
  const session = await currentSession();
  if (!session) return null;
  const { ctx, user } = session;
  const org = await withOrg(ctx.orgId, (tx) =>
    tx.organization.findUnique({
      where: { id: ctx.orgId },
      select: { name: true, subdomain: true, subscriptionStatus: true, trialEndDate: true, maxUsers: true, _count: { select: { users: true } } },
    }),
  );
  return (
    <>
      <PageHeader title="Settings" subtitle="Your account and your workspace." />
      <div className="grid gap-6">
        <Card className="p-5">
          <h2 className="text-lg font-semibold">Your account</h2>
          <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-500">Name</dt><dd>{`${user.firstName} ${user.lastName}`.trim() || user.email}</dd>
            <dt className="text-slate-500">Email</dt><dd>{user.email}</dd>
            <dt className="text-slate-500">Role</dt><dd className="capitalize">{user.role}</dd>
          </dl>
          <h3 className="mt-6 mb-3 font-medium">Change password</h3>
          <ChangePasswordForm />
        </Card>
        {org ? (
          <Card className="p-5">
            <h2 className="text-lg font-semibold">Workspace</h2>
            <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="text-slate-500">Company</dt><dd>{org.name}</dd>
              <dt className="text-slate-500">Subdomain</dt><dd>{org.subdomain}</dd>
              <dt className="text-slate-500">Plan</dt>
              <dd>
                {STATUS_LABEL[org.subscriptionStatus] ?? org.subscriptionStatus}
                {org.subscriptionStatus === "trialing" && org.trialEndDate ? ` (ends ${org.trialEndDate.toLocaleDateString("en-US", { dateStyle: "medium" })})` : ""}
              </dd>
              <dt className="text-slate-500">Users</dt><dd>{`${org._count.users} / ${org.maxUsers}`}</dd>
            </dl>
          </Card>
        ) : null}
      </div>
    </>
  );
}
