import "server-only";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { conflict } from "@/lib/errors/domain-error";
import { plural, pluralWord } from "@/lib/format";

// Seats = maxUsers (default 5); the server refuses a user beyond it (docs/decisions.md (Billing and seats)).
export const DEFAULT_MAX_USERS = 5;

export type SeatUsage = { used: number; max: number };

async function seatUsage(tx: Tx, orgId: string): Promise<SeatUsage> {
  const [org, used] = await Promise.all([
    tx.organization.findUnique({ where: { id: orgId }, select: { maxUsers: true } }),
    tx.user.count({ where: { organizationId: orgId } }),
  ]);
  return { used, max: org?.maxUsers ?? DEFAULT_MAX_USERS };
}

/** Seats used and available, in a unit of work of its own (the Bulk Import page). */
export async function getSeatUsage(orgId: string): Promise<SeatUsage> {
  return withOrg(orgId, (tx) => seatUsage(tx, orgId));
}

/**
 * Refuses when `adding` more people would pass the seat limit. The organisation row is locked
 * first, so two admins adding the last seat at once cannot both get it.
 */
export async function assertSeatsFor(tx: Tx, orgId: string, adding: number): Promise<SeatUsage> {
  await tx.$executeRaw`SELECT 1 FROM "Organization" WHERE "id" = ${orgId}::uuid FOR UPDATE`;
  const usage = await seatUsage(tx, orgId);
  if (usage.used + adding > usage.max) {
    const free = Math.max(0, usage.max - usage.used);
    throw conflict(
      "seat_limit",
      adding === 1
        ? `User limit reached: your plan has ${plural(usage.max, "seat")} and ${pluralWord(usage.max, "it is", "all are")} taken.`
        : `Not enough seats: ${plural(adding, "person needs", "people need")} ${plural(adding, "seat")}, but only ${free} of ${usage.max} ${pluralWord(free, "is", "are")} free.`,
    );
  }
  return usage;
}
