import "server-only";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuthContext } from "@/lib/auth/context";
import { invalidInput, conflict, forbidden, notFound } from "@/lib/errors/domain-error";
import { audit } from "@/lib/audit/audit";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { assertSeatsFor } from "@/lib/people/seats";
import { assertWritable, isReadOnly } from "@/lib/billing/access";
import { sendInvitation } from "@/lib/people/invitations";
import { requirePermission } from "@/lib/auth/authorize";
import { isRemovable } from "@/lib/auth/permissions";
import { fullName, toUserDto, userSelect, type UserDto } from "@/lib/people/dto";
import type { UserInput, UserListQuery } from "@/lib/people/schemas";
import { isUniqueViolation } from "@/lib/db/errors";
import { noticeRoleChanged } from "@/lib/people/account-notices";
import { notifyTeamJoins } from "@/lib/people/team-join";
import { handOverPlansOf } from "@/lib/plans/plans";

export async function listUsers(ctx: AuthContext, query: UserListQuery = {}): Promise<UserDto[]> {
  requirePermission(ctx, "people.view");
  const where: Prisma.UserWhereInput = { organizationId: ctx.orgId };
  if (query.roles) where.role = { in: query.roles };
  if (query.search) {
    const contains = { contains: query.search, mode: "insensitive" as const };
    where.OR = [{ firstName: contains }, { lastName: contains }, { email: contains }];
  }
  const rows = await withOrg(ctx.orgId, (tx) =>
    tx.user.findMany({
      where,
      select: userSelect,
      orderBy: [{ firstName: "asc" }, { lastName: "asc" }, { id: "asc" }],
      take: query.limit,
      skip: query.offset,
    }),
  );
  return rows.map(toUserDto);
}

export async function getUser(ctx: AuthContext, id: string): Promise<UserDto> {
  // Anyone may read their own record; the people directory is for admins and managers.
  if (id !== ctx.userId) requirePermission(ctx, "people.view");
  const row = await withOrg(ctx.orgId, (tx) =>
    tx.user.findUnique({ where: orgKey(ctx.orgId, id), select: userSelect }),
  );
  if (!row) throw notFound("User");
  return toUserDto(row);
}

/** Team and manager must exist in this organisation; a manager joining a team leads it, so the
 * team may not have another manager already ('This team already has a manager assigned'). */
async function checkPlacement(tx: Tx, orgId: string, input: UserInput, userId: string | null): Promise<void> {
  if (input.teamId) {
    const team = await tx.team.findUnique({ where: orgKey(orgId, input.teamId), select: { managerId: true } });
    if (!team) throw invalidInput("Invalid request body", { teamId: ["Team not found"] });
    if (input.role === "manager" && team.managerId && team.managerId !== userId) {
      throw invalidInput("This team already has a manager assigned", {
        teamId: ["This team already has a manager assigned"],
      });
    }
  }
  if (input.managerId) {
    if (input.managerId === userId)
      throw invalidInput("Invalid request body", { managerId: ["A person cannot report to themselves"] });
    const manager = await tx.user.findUnique({ where: orgKey(orgId, input.managerId), select: { role: true } });
    if (!manager || manager.role === "employee")
      throw invalidInput("Invalid request body", {
        managerId: ["Reports To must be a manager or an admin of this organisation"],
      });
    if (userId && (await reportsTo(tx, orgId, input.managerId, userId))) {
      throw invalidInput("Invalid request body", {
        managerId: ["That person already reports to this user, directly or indirectly"],
      });
    }
  }
}

/** Whether `personId` is below `bossId` in the reporting chain (cycle check, bounded walk). */
async function reportsTo(tx: Tx, orgId: string, personId: string, bossId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ found: boolean }[]>`
    WITH RECURSIVE chain(id, depth) AS (
      SELECT "managerId", 1 FROM "User" WHERE "organizationId" = ${orgId}::uuid AND "id" = ${personId}::uuid
      UNION ALL
      SELECT u."managerId", c.depth + 1 FROM "User" u JOIN chain c ON u."id" = c.id
      WHERE u."organizationId" = ${orgId}::uuid AND c.depth < 100
    )
    SELECT EXISTS (SELECT 1 FROM chain WHERE id = ${bossId}::uuid) AS found`;
  return rows[0]?.found ?? false;
}

/** The name the invitation e-mail gives for whoever added the person. */
async function inviterName(tx: Tx, ctx: AuthContext): Promise<string | null> {
  const inviter = await tx.user.findUnique({
    where: orgKey(ctx.orgId, ctx.userId),
    select: { firstName: true, lastName: true, email: true },
  });
  return inviter ? fullName(inviter) : null;
}

/** A manager placed in a team without a manager becomes its manager. */
async function leadTeamIfManager(tx: Tx, orgId: string, userId: string, input: UserInput): Promise<void> {
  if (input.role !== "manager" || !input.teamId) return;
  await tx.team.updateMany({
    where: { organizationId: orgId, id: input.teamId, managerId: null },
    data: { managerId: userId },
  });
}

/** The columns the Add and Edit forms set. */
const userFields = (input: UserInput) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  email: input.email,
  role: input.role,
  teamId: input.teamId,
  managerId: input.managerId,
});

export async function createUser(ctx: AuthContext, input: UserInput): Promise<UserDto> {
  requirePermission(ctx, "people.manage");
  try {
    return await withOrg(ctx.orgId, async (tx) => {
      await assertWritable(tx, ctx.orgId);
      await assertSeatsFor(tx, ctx.orgId, 1);
      await checkPlacement(tx, ctx.orgId, input, null);
      const row = await tx.user.create({
        data: { organizationId: ctx.orgId, ...userFields(input) },
        select: userSelect,
      });
      await leadTeamIfManager(tx, ctx.orgId, row.id, input);
      if (input.teamId) await notifyTeamJoins(tx, ctx.orgId, [{ userId: row.id, teamId: input.teamId }]);
      await sendInvitation(
        tx,
        ctx.orgId,
        { id: row.id, email: row.email, firstName: row.firstName },
        await inviterName(tx, ctx),
      );
      await audit(tx, ctx, "user.create", { type: "user", id: row.id }, { email: row.email, role: row.role });
      return toUserDto({ ...row, invitedAt: new Date() });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("email_taken", "A user with this email already exists");
    throw err;
  }
}

export async function updateUser(ctx: AuthContext, id: string, input: UserInput): Promise<UserDto> {
  requirePermission(ctx, "people.manage");
  try {
    return await withOrg(ctx.orgId, async (tx) => {
      const before = await tx.user.findUnique({
        where: orgKey(ctx.orgId, id),
        select: { role: true, teamId: true, email: true, passwordSetAt: true },
      });
      if (!before) throw notFound("User");
      if (input.email !== before.email && before.passwordSetAt) throw emailChangeRefused(id === ctx.userId);
      if (before.role === "admin" && input.role !== "admin") await assertAnotherAdmin(tx, ctx.orgId, id);
      await checkPlacement(tx, ctx.orgId, input, id);
      // Leaving a team: that team loses its manager. No longer a manager: every team they lead
      // does (only managers lead teams). An employee has nobody reporting to them.
      if (before.teamId && before.teamId !== input.teamId) {
        await tx.team.updateMany({
          where: { organizationId: ctx.orgId, id: before.teamId, managerId: id },
          data: { managerId: null },
        });
      }
      if (input.role !== "manager")
        await tx.team.updateMany({ where: { organizationId: ctx.orgId, managerId: id }, data: { managerId: null } });
      if (input.role === "employee")
        await tx.user.updateMany({ where: { organizationId: ctx.orgId, managerId: id }, data: { managerId: null } });
      const row = await tx.user.update({
        where: orgKey(ctx.orgId, id),
        data: userFields(input),
        select: userSelect,
      });
      await leadTeamIfManager(tx, ctx.orgId, id, input);
      if (input.teamId && input.teamId !== before.teamId)
        await notifyTeamJoins(tx, ctx.orgId, [{ userId: id, teamId: input.teamId }]);
      let invitedAt = row.invitedAt;
      if (row.email !== before.email) {
        // Only a person who has not activated gets here (refused above otherwise). Links already
        // mailed went to the old address, which may have been a typo: they must not set this
        // account's password, so every unused one is voided and the new address is invited.
        await tx.authToken.updateMany({
          where: { organizationId: ctx.orgId, userId: id, usedAt: null },
          data: { usedAt: new Date() },
        });
        // A read-only workspace sends nothing: 'Resend invitation' does it after subscribing again.
        if (!before.passwordSetAt && !(await isReadOnly(tx, ctx.orgId))) {
          await sendInvitation(
            tx,
            ctx.orgId,
            { id, email: row.email, firstName: row.firstName },
            await inviterName(tx, ctx),
          );
          invitedAt = new Date();
        }
      }
      // A role change takes effect at once: sessions carry the role, so end the others.
      if (before.role !== input.role) {
        const ended = await revokeUserSessions(tx, ctx.orgId, id, id === ctx.userId ? ctx.sessionId : undefined);
        await noticeRoleChanged(tx, ctx.orgId, id, {
          from: before.role,
          to: input.role,
          by: (await inviterName(tx, ctx)) ?? "An administrator",
          sessionsEnded: ended,
        });
      }
      await audit(
        tx,
        ctx,
        "user.update",
        { type: "user", id },
        { role: input.role, teamId: input.teamId, managerId: input.managerId },
      );
      return toUserDto({ ...row, invitedAt });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("email_taken", "A user with this email already exists");
    throw err;
  }
}

/** Once a person has set a password, their e-mail is their sign-in: only they change it (Settings >
 * Your account, confirmed from the new address), so nobody else can redirect their password reset
 * to a mailbox they read. */
function emailChangeRefused(self: boolean) {
  const message = self
    ? "Change your own e-mail in Settings > Your account"
    : "Only this person can change their e-mail once their account is active";
  return conflict("email_change_not_allowed", message, { email: [message] });
}

/** An organisation always keeps at least one admin (docs/decisions.md (Roles and permissions)). Locks the admins' rows
 * so two concurrent demotions cannot both pass. */
async function assertAnotherAdmin(tx: Tx, orgId: string, exceptId: string): Promise<void> {
  const admins = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "User" WHERE "organizationId" = ${orgId}::uuid AND "role" = 'admin' FOR UPDATE`;
  if (!admins.some((a) => a.id !== exceptId))
    throw conflict("last_admin", "The organisation must keep at least one admin");
}

/**
 * Removing a person cancels their open survey links: the link of each survey still open answers
 * "This survey link is invalid" from now on. The invitation itself stays, and so do the invited
 * counts: a submission writes nothing about its invitation, so nobody can tell whether this person
 * had already answered, and an answer they gave stays in the pool and counts. Dropping them from
 * the invited counts could leave more answers than people asked. The day-3 reminder goes only to
 * people who are still members, so it skips them. Closed surveys are history and stay as they are.
 * The voided hash is one no token hashes to (a sha-256 is 64 hex digits), unique per invitation.
 */
async function cancelOpenSurveyInvitations(tx: Tx, orgId: string, userId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE "SurveyInvitation" i SET "tokenHash" = 'void:' || i."id"::text, "reminderTokenHash" = NULL
    FROM "Survey" s
    WHERE i."organizationId" = ${orgId}::uuid AND i."userId" = ${userId}::uuid
      AND s."organizationId" = i."organizationId" AND s."id" = i."surveyId" AND s."status" = 'active'`;
}

export async function deleteUser(ctx: AuthContext, id: string): Promise<void> {
  requirePermission(ctx, "people.manage");
  await withOrg(ctx.orgId, async (tx) => {
    const user = await tx.user.findUnique({ where: orgKey(ctx.orgId, id), select: { role: true, email: true } });
    if (!user) throw notFound("User");
    if (!isRemovable(user.role)) throw forbidden("admin_not_deletable", "Admins cannot be deleted");
    // Reports and teams keep existing without them; sessions, tokens and notifications go with
    // the row (cascade), which ends every session at once. Their action plans get a new owner
    // first, while their teams still name their managers.
    await handOverPlansOf(tx, ctx, id);
    await tx.user.updateMany({ where: { organizationId: ctx.orgId, managerId: id }, data: { managerId: null } });
    await tx.team.updateMany({ where: { organizationId: ctx.orgId, managerId: id }, data: { managerId: null } });
    await cancelOpenSurveyInvitations(tx, ctx.orgId, id);
    await tx.user.delete({ where: orgKey(ctx.orgId, id) });
    await audit(tx, ctx, "user.delete", { type: "user", id }, { email: user.email });
  });
}

export async function resendInvitation(ctx: AuthContext, id: string): Promise<UserDto> {
  requirePermission(ctx, "people.manage");
  return withOrg(ctx.orgId, async (tx) => {
    const user = await tx.user.findUnique({ where: orgKey(ctx.orgId, id), select: userSelect });
    if (!user) throw notFound("User");
    if (user.passwordSetAt)
      throw conflict("invitation_already_accepted", "This person has already accepted the invitation");
    await assertWritable(tx, ctx.orgId);
    await sendInvitation(
      tx,
      ctx.orgId,
      { id: user.id, email: user.email, firstName: user.firstName },
      await inviterName(tx, ctx),
    );
    await audit(tx, ctx, "user.invite", { type: "user", id });
    return toUserDto({ ...user, invitedAt: new Date() });
  });
}
