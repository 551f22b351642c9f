import { describe, expect, it } from "vitest";
import { SCHEDULE_INITIAL, missingRequired, scheduleSchema } from "@/components/one-on-one/schedule-schemas";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const schema = scheduleSchema("Europe/Berlin", () => NOW);
const ok = { ...SCHEDULE_INITIAL, employeeId: "b1c0f3a4-0000-4000-8000-000000000001", scheduledAt: "2026-12-01T10:00" };

describe("Schedule New form", () => {
  it("defaults to 30 minutes, no repeat", () => {
    expect(SCHEDULE_INITIAL.durationMinutes).toBe("30");
    expect(SCHEDULE_INITIAL.recurrence).toBe("none");
  });
  it("sends the browser zone's instant as ISO, the zone, and numbers", () => {
    const r = schema.safeParse({ ...ok, recurrence: "biweekly", durationMinutes: "45" });
    expect(r.success && r.data).toEqual({
      employeeId: ok.employeeId,
      scheduledAt: "2026-12-01T09:00:00.000Z",
      timeZone: "Europe/Berlin",
      durationMinutes: 45,
      recurrence: "biweekly",
    });
  });
  it("sends a chosen template", () => {
    const r = schema.safeParse({ ...ok, templateId: "t1" });
    expect(r.success && r.data.templateId).toBe("t1");
  });
  it("names the missing fields", () => {
    expect(missingRequired(SCHEDULE_INITIAL)).toBe(true);
    expect(missingRequired({ ...SCHEDULE_INITIAL, employeeId: "x" })).toBe(true);
    expect(missingRequired(ok)).toBe(false);
    const r = schema.safeParse(SCHEDULE_INITIAL);
    expect(r.success).toBe(false);
    const fields = r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(fields).toEqual(["employeeId: Choose a team member", "scheduledAt: Choose a date and time"]);
  });
  it("refuses a time in the past and odd durations or recurrences", () => {
    const past = schema.safeParse({ ...ok, scheduledAt: "2026-11-24T12:59" }); // 11:59 UTC
    expect(past.error?.issues[0]?.message).toBe("Choose a date and time in the future");
    expect(schema.safeParse({ ...ok, durationMinutes: "20" }).success).toBe(false);
    expect(schema.safeParse({ ...ok, recurrence: "daily" }).success).toBe(false);
    expect(schema.safeParse({ ...ok, scheduledAt: "2026-02-30T10:00" }).error?.issues[0]?.message).toBe(
      "Enter a valid date and time",
    );
  });
});
