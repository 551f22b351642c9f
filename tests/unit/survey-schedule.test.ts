import { describe, expect, it } from "vitest";
import { currentSlot, nextSend } from "@/lib/surveys/schedule";
import { instantFromWallClock } from "@/lib/utils/time-zone";
import { isValidTimeZone, timeZoneNames } from "@/lib/format/zones";

const at = (iso: string) => new Date(iso);

describe("pulse schedule", () => {
  it("finds this week's Monday 09:00 in UTC and whether it has passed", () => {
    const s = { weekday: 1, time: "09:00", timeZone: "UTC" };
    // 2026-11-23 is a Monday.
    expect(currentSlot(s, at("2026-11-23T08:59:00Z"))).toMatchObject({ passed: false, roundKey: "2026-11-23" });
    expect(currentSlot(s, at("2026-11-23T09:00:00Z"))).toEqual({
      passed: true,
      roundKey: "2026-11-23",
      sendAt: at("2026-11-23T09:00:00Z"),
    });
    expect(currentSlot(s, at("2026-11-29T23:59:00Z"))).toMatchObject({ passed: true, roundKey: "2026-11-23" });
    expect(currentSlot(s, at("2026-11-30T00:00:00Z"))).toMatchObject({ passed: false, roundKey: "2026-11-30" });
  });

  it("uses the organisation's local date and time", () => {
    const tokyo = { weekday: 1, time: "09:00", timeZone: "Asia/Tokyo" };
    // Monday 09:00 in Tokyo is Monday 00:00 UTC.
    expect(currentSlot(tokyo, at("2026-11-23T00:00:00Z"))).toEqual({
      passed: true,
      roundKey: "2026-11-23",
      sendAt: at("2026-11-23T00:00:00Z"),
    });
    // Sunday 23:30 UTC is already Monday 08:30 in Tokyo: not yet.
    expect(currentSlot(tokyo, at("2026-11-22T23:30:00Z"))).toMatchObject({ passed: false, roundKey: "2026-11-23" });
    const la = { weekday: 5, time: "16:30", timeZone: "America/Los_Angeles" };
    // Friday 16:30 PST (UTC-8) = Saturday 00:30 UTC; the round key is the local Friday.
    expect(currentSlot(la, at("2026-11-28T00:45:00Z"))).toEqual({
      passed: true,
      roundKey: "2026-11-27",
      sendAt: at("2026-11-28T00:30:00Z"),
    });
    const kolkata = { weekday: 3, time: "10:15", timeZone: "Asia/Kolkata" };
    expect(currentSlot(kolkata, at("2026-11-25T05:00:00Z")).sendAt).toEqual(at("2026-11-25T04:45:00Z"));
  });

  it("keeps the local send time across daylight-saving changes", () => {
    const berlin = { weekday: 1, time: "09:00", timeZone: "Europe/Berlin" };
    // CET (UTC+1) before 29 March 2026, CEST (UTC+2) after.
    expect(currentSlot(berlin, at("2026-03-23T12:00:00Z")).sendAt).toEqual(at("2026-03-23T08:00:00Z"));
    expect(currentSlot(berlin, at("2026-03-30T12:00:00Z")).sendAt).toEqual(at("2026-03-30T07:00:00Z"));
    expect(nextSend(berlin, at("2026-03-23T12:00:00Z"))).toEqual({
      passed: false,
      roundKey: "2026-03-30",
      sendAt: at("2026-03-30T07:00:00Z"),
    });
    // Back to CET on 25 October 2026.
    expect(nextSend(berlin, at("2026-10-19T12:00:00Z"))).toMatchObject({
      roundKey: "2026-10-26",
      sendAt: at("2026-10-26T08:00:00Z"),
    });
    const ny = { weekday: 0, time: "09:00", timeZone: "America/New_York" };
    // Sunday 8 March 2026 is the spring-forward day itself.
    expect(currentSlot(ny, at("2026-03-08T14:00:00Z"))).toEqual({
      passed: true,
      roundKey: "2026-03-08",
      sendAt: at("2026-03-08T13:00:00Z"),
    });
  });

  it("sends a time skipped by the clocks after the gap, and a repeated one at its first occurrence", () => {
    // 02:30 does not exist in New York on 8 March 2026 (02:00 EST -> 03:00 EDT).
    expect(instantFromWallClock({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, "America/New_York")).toEqual(
      at("2026-03-08T07:30:00Z"),
    );
    // 01:30 happens twice on 1 November 2026; the first is EDT (UTC-4).
    expect(instantFromWallClock({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, "America/New_York")).toEqual(
      at("2026-11-01T05:30:00Z"),
    );
    const ny = { weekday: 0, time: "02:30", timeZone: "America/New_York" };
    expect(currentSlot(ny, at("2026-03-08T12:00:00Z"))).toMatchObject({ roundKey: "2026-03-08", passed: true });
  });

  it("gives one slot per week, a week apart in local time, over a year in several zones", () => {
    for (const timeZone of [
      "UTC",
      "Europe/London",
      "America/Sao_Paulo",
      "Australia/Sydney",
      "Pacific/Chatham",
      "Asia/Kathmandu",
    ]) {
      const s = { weekday: 2, time: "07:45", timeZone };
      let slot = nextSend(s, at("2026-01-01T00:00:00Z"));
      const keys = new Set<string>();
      for (let i = 0; i < 53; i++) {
        keys.add(slot.roundKey);
        const after = nextSend(s, new Date(slot.sendAt.getTime() + 1000));
        const days = (Date.parse(after.roundKey) - Date.parse(slot.roundKey)) / 86_400_000;
        expect(days, `${timeZone} ${slot.roundKey}`).toBe(7);
        expect(new Date(Date.parse(after.roundKey)).getUTCDay()).toBe(2);
        slot = after;
      }
      expect(keys.size).toBe(53);
    }
  });

  it("validates time zones and times", () => {
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(timeZoneNames()[0]).toBe("UTC");
    expect(timeZoneNames()).toContain("America/New_York");
    expect(() => currentSlot({ weekday: 1, time: "9:00", timeZone: "UTC" }, new Date())).toThrow();
    expect(() => currentSlot({ weekday: 7, time: "09:00", timeZone: "UTC" }, new Date())).toThrow();
  });
});
