// Creates the demo workspace once. Goes through the application role and row-level security like
// the app itself, one organisation-scoped transaction.
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashPassword } from "@/lib/auth/password";
import { DEMO, demoEmail } from "./demo-data";

export async function seedDemo(appUrl: string): Promise<{ created: boolean; users: number; orgId: string | null }> {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: appUrl }) });
  try {
    const existing = await prisma.$queryRaw<
      { id: string | null }[]
    >`SELECT app_org_id_for_subdomain(${DEMO.subdomain}) AS id`;
    if (existing[0]?.id) return { created: false, users: 0, orgId: existing[0].id };

    const orgId = randomUUID();
    const passwordHash = await hashPassword(DEMO.password);
    const userCount = 1 + DEMO.teams.reduce((n, t) => n + 1 + t.members.length, 0);
    await runInOrg(prisma, orgId, async (tx) => {
      await tx.organization.create({
        data: {
          id: orgId,
          name: DEMO.name,
          subdomain: DEMO.subdomain,
          // Room to try adding people and importing the template without hitting the seat limit.
          maxUsers: 25,
          subscriptionStatus: "trialing",
          trialEndDate: new Date(Date.now() + DEMO.trialDays * 86_400_000),
          // The demo's people are fictional addresses of ours: nothing to prove, so its invitations
          // and survey mail go out from the start (lib/mail/delivery-policy.ts).
          emailVerifiedAt: new Date(),
        },
      });
      const base = { organizationId: orgId, passwordHash, passwordSetAt: new Date() };
      const admin = await tx.user.create({ data: { ...base, ...DEMO.admin, role: "admin" }, select: { id: true } });
      for (const t of DEMO.teams) {
        const manager = await tx.user.create({
          data: { ...base, ...t.manager, role: "manager", managerId: admin.id },
          select: { id: true },
        });
        const team = await tx.team.create({
          data: { organizationId: orgId, name: t.name, managerId: manager.id },
          select: { id: true },
        });
        await tx.user.update({
          where: { organizationId_id: { organizationId: orgId, id: manager.id } },
          data: { teamId: team.id },
        });
        await tx.user.createMany({
          data: t.members.map(([firstName, lastName]) => ({
            ...base,
            firstName,
            lastName,
            email: demoEmail(firstName, lastName),
            role: "employee" as const,
            teamId: team.id,
            managerId: manager.id,
          })),
        });
      }
      await tx.notification.create({
        data: {
          organizationId: orgId,
          userId: admin.id,
          type: "welcome",
          title: "Welcome to your workspace",
          message: `${DEMO.name} is ready: ${userCount} people in ${DEMO.teams.length} teams.`,
          actionUrl: "/settings",
          actionText: "Open Settings",
        },
      });
    });
    return { created: true, users: userCount, orgId };
  } finally {
    await prisma.$disconnect();
  }
}
