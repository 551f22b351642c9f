import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requireOwnOrg, requirePermission } from "@/lib/auth/authorize";
import { audit } from "@/lib/audit/audit";
import { nextSend } from "@/lib/surveys/schedule";
import type { PulseScheduleDto, PulseScheduleInput } from "@/lib/surveys/round-schedule-schemas";

// The organisation's weekly pulse schedule: read with the organisation's settings (the surveys
// page shows it), changed by whoever sends pulses (docs/decisions.md (Surveys and rounds)).
const select = { pulseEnabled: true, pulseWeekday: true, pulseTime: true, pulseTimeZone: true } as const;
type Row = { pulseEnabled: boolean; pulseWeekday: number; pulseTime: string; pulseTimeZone: string };

function toDto(r: Row, now: Date): PulseScheduleDto {
  const next = r.pulseEnabled
    ? nextSend({ weekday: r.pulseWeekday, time: r.pulseTime, timeZone: r.pulseTimeZone }, now)
    : null;
  return { ...r, nextSendAt: next ? next.sendAt.toISOString() : null };
}

export async function getPulseSchedule(ctx: AuthContext, orgId: string, now = new Date()): Promise<PulseScheduleDto> {
  requirePermission(ctx, "organization.view");
  requireOwnOrg(ctx, orgId);
  const row = await withOrg(ctx.orgId, (tx) => tx.organization.findUniqueOrThrow({ where: { id: ctx.orgId }, select }));
  return toDto(row, now);
}

export async function updatePulseSchedule(
  ctx: AuthContext,
  orgId: string,
  input: PulseScheduleInput,
  now = new Date(),
): Promise<PulseScheduleDto> {
  requirePermission(ctx, "surveys.send");
  requireOwnOrg(ctx, orgId);
  const data = {
    pulseEnabled: input.pulseEnabled,
    pulseWeekday: input.pulseWeekday,
    pulseTime: input.pulseTime,
    pulseTimeZone: input.pulseTimeZone,
  };
  const row = await withOrg(ctx.orgId, async (tx) => {
    const updated = await tx.organization.update({ where: { id: ctx.orgId }, data, select });
    await audit(tx, ctx, "organization.pulse_schedule", { type: "organization", id: ctx.orgId }, data);
    return updated;
  });
  return toDto(row, now);
}
