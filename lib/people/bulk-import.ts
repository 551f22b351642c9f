import "server-only";
import { randomUUID } from "node:crypto";
import type { AuthContext } from "@/lib/auth/context";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import { isDomainError, conflict } from "@/lib/errors/domain-error";
import { requirePermission } from "@/lib/auth/authorize";
import { audit } from "@/lib/audit/audit";
import { assertSeatsFor } from "@/lib/people/seats";
import { assertWritable } from "@/lib/billing/access";
import { sendInvitations } from "@/lib/people/invitations";
import { notifyTeamJoins } from "@/lib/people/team-join";
import {
  emailsToLookUp,
  planImport,
  validateRows,
  type ImportPlan,
  type LabelledRow,
  type PlannedUser,
} from "@/lib/people/bulk-import-plan";
import type { ImportProgress, ImportResult } from "@/lib/people/bulk-import-schemas";
import { sampleRowsMessage, templateSamplesIn } from "@/lib/people/bulk-import-sample";
import { isUniqueViolation } from "@/lib/db/errors";

// 10,000 people with their invitations take a few seconds here; the margin is for a busy server.
const IMPORT_TIMEOUT_MS = 120_000;
const CHUNK = 1000;

export type ImportOptions = {
  /** Called inside the transaction as work advances. If it throws, the whole import rolls back
   * (the tests use this to fail part-way); the route's stream writer therefore never throws. */
  onProgress?: (p: ImportProgress) => void;
  /** Rows per insert statement. */
  chunkSize?: number;
  /** The admin confirmed importing the template's example people; without it they are refused. */
  includeSampleRows?: boolean;
};

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * One INSERT per chunk from column arrays. Prisma's createMany builds the same statement about ten
 * times slower (measured: ~500 ms against ~50 ms per 1,000 people), which alone would spend the
 * import's time budget. Rows reference managers from earlier chunks or the same statement only.
 */
async function insertUsers(tx: Tx, orgId: string, users: readonly PlannedUser[]): Promise<void> {
  const col = <K extends keyof PlannedUser>(k: K) => users.map((u) => u[k]);
  await tx.$executeRaw`
    INSERT INTO "User" ("organizationId", "id", "firstName", "lastName", "email", "role", "teamId", "managerId", "updatedAt")
    SELECT ${orgId}::uuid, v.*, now()
    FROM unnest(${col("id")}::uuid[], ${col("firstName")}::text[], ${col("lastName")}::text[], ${col("email")}::text[],
                ${col("role")}::"Role"[], ${col("teamId")}::uuid[], ${col("managerId")}::uuid[])
         AS v(id, first_name, last_name, email, role, team_id, manager_id)`;
}

/**
 * Imports people for the caller's organisation, all or nothing: one transaction writes the teams,
 * the people, team leads, invitations (through the mail outbox) and an audit row. Rows that cannot
 * be imported are reported in `errors`; a seat shortage refuses the whole import.
 */
export async function importUsers(
  ctx: AuthContext,
  rawRows: readonly unknown[],
  options: ImportOptions = {},
): Promise<ImportResult> {
  // The route checks the same permission; the domain says so too, for any other caller.
  requirePermission(ctx, "people.manage");
  const progress = options.onProgress ?? (() => {});
  const total = rawRows.length;
  progress({ phase: "validating", done: 0, total });
  const { valid, errors: invalid } = validateRows(rawRows);
  // The template's example people, unchanged: refused before anything is read or written, unless
  // the admin said they are wanted (they would take seats and get invitations at example.com).
  const samples = templateSamplesIn(valid.map((v) => v.row));
  if (samples.length > 0 && !options.includeSampleRows)
    throw conflict("import_sample_rows", sampleRowsMessage(samples.length));
  progress({ phase: "validating", done: total, total });

  try {
    const { plan, successful, invited } = await withOrg(
      ctx.orgId,
      (tx) => writeImport(tx, ctx, valid, total, options.chunkSize ?? CHUNK, progress),
      {
        timeoutMs: IMPORT_TIMEOUT_MS,
      },
    );
    const errors = [...invalid, ...plan.errors].sort((a, b) => a.at - b.at).map((m) => m.text);
    return {
      successful,
      failed: total - successful,
      total,
      errors,
      warnings: plan.warnings.map((m) => m.text),
      imported: plan.users.map((u) => ({ firstName: u.firstName, lastName: u.lastName, email: u.email, role: u.role })),
      invited,
    };
  } catch (err) {
    // Someone added the same person or team while we imported: nothing was written.
    if (isUniqueViolation(err))
      throw conflict(
        "import_conflict",
        "Someone changed people or teams during the import, so nothing was imported. Please try again.",
      );
    throw err;
  }
}

async function writeImport(
  tx: Tx,
  ctx: AuthContext,
  valid: readonly LabelledRow[],
  total: number,
  chunkSize: number,
  progress: (p: ImportProgress) => void,
): Promise<{ plan: ImportPlan; successful: number; invited: number }> {
  const orgId = ctx.orgId;
  // Lock the organisation before reading who exists, so concurrent imports and single adds
  // (which take the same lock in assertSeatsFor) see each other's people.
  await tx.$executeRaw`SELECT 1 FROM "Organization" WHERE "id" = ${orgId}::uuid FOR UPDATE`;
  await assertWritable(tx, orgId);
  const [people, teams] = await Promise.all([
    tx.user.findMany({
      where: { organizationId: orgId, email: { in: emailsToLookUp(valid) } },
      select: { id: true, email: true, role: true },
    }),
    tx.team.findMany({
      where: { organizationId: orgId },
      select: { id: true, name: true, managerId: true },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  const plan = planImport(valid, { people, teams }, randomUUID);
  const newCount = plan.users.length;

  if (newCount > 0) {
    try {
      await assertSeatsFor(tx, orgId, newCount);
    } catch (err) {
      if (isDomainError(err, "seat_limit"))
        throw conflict(
          "seat_limit",
          `${err.message} Nothing was imported: remove some people from the file or add seats, then try again.`,
        );
      throw err;
    }
  }

  progress({ phase: "writing", done: 0, total: newCount });
  if (plan.newTeams.length) {
    await tx.team.createMany({ data: plan.newTeams.map((t) => ({ organizationId: orgId, id: t.id, name: t.name })) });
  }
  let written = 0;
  for (const part of chunks(plan.users, chunkSize)) {
    await insertUsers(tx, orgId, part);
    written += part.length;
    progress({ phase: "writing", done: written, total: newCount });
  }
  if (plan.teamManagers.length) {
    // One statement for every team lead instead of one update per team.
    await tx.$executeRaw`
      UPDATE "Team" AS t SET "managerId" = v.manager_id, "updatedAt" = now()
      FROM unnest(${plan.teamManagers.map((m) => m.teamId)}::uuid[], ${plan.teamManagers.map((m) => m.managerId)}::uuid[]) AS v(team_id, manager_id)
      WHERE t."organizationId" = ${orgId}::uuid AND t."id" = v.team_id AND t."managerId" IS NULL`;
  }

  await notifyTeamJoins(
    tx,
    orgId,
    plan.users.flatMap((u) => (u.teamId ? [{ userId: u.id, teamId: u.teamId }] : [])),
  );

  progress({ phase: "inviting", done: 0, total: newCount });
  let invited = 0;
  if (newCount > 0) {
    const inviter = await tx.user.findUnique({
      where: orgKey(orgId, ctx.userId),
      select: { firstName: true, lastName: true },
    });
    const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() || null : null;
    for (const part of chunks(plan.users, chunkSize)) {
      invited += await sendInvitations(
        tx,
        orgId,
        part.map((u) => ({ id: u.id, email: u.email, firstName: u.firstName })),
        inviterName,
      );
      progress({ phase: "inviting", done: invited, total: newCount });
    }
  }

  await audit(
    tx,
    ctx,
    "users.bulk_import",
    { type: "organization", id: orgId },
    {
      total,
      successful: newCount,
      failed: total - newCount,
      teamsCreated: plan.newTeams.length,
    },
  );
  return { plan, successful: newCount, invited };
}
