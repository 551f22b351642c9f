import { describe, expect, it } from "vitest";
import {
  formatDuration,
  formatMeetingDateTime,
  formatMeetingTimeRange,
  meetingTitle,
  meetingsTab,
  recurrenceHint,
} from "@/components/one-on-one/format";
import { fromDateTimeLocal, toDateTimeLocal } from "@/components/one-on-one/date-time-local";

const manager = { id: "m", firstName: "Maria", lastName: "Lopez", email: "m@x.test" };
const employee = { id: "e", firstName: "Sam", lastName: "Okafor", email: "e@x.test" };

describe("meetingTitle ('Meeting with {first} {last}')", () => {
  it("names the other person of the pair", () => {
    expect(meetingTitle({ role: "manager", manager, employee })).toBe("Meeting with Sam Okafor");
    expect(meetingTitle({ role: "employee", manager, employee })).toBe("Meeting with Maria Lopez");
  });
});

describe("dates in the viewer's time zone", () => {
  const iso = "2026-12-01T15:00:00.000Z";
  it("formats the same instant per zone", () => {
    expect(formatMeetingDateTime(iso, "UTC")).toBe("Tue, Dec 1, 2026, 3:00 PM");
    expect(formatMeetingDateTime(iso, "America/New_York")).toBe("Tue, Dec 1, 2026, 10:00 AM");
    expect(formatMeetingDateTime(iso, "Asia/Tokyo")).toBe("Wed, Dec 2, 2026, 12:00 AM");
  });
  it("is empty for an unreadable date", () => {
    expect(formatMeetingDateTime("nope", "UTC")).toBe("");
  });
  it("gives a time range", () => {
    expect(formatMeetingTimeRange(iso, 45, "UTC")).toBe("3:00 PM – 3:45 PM");
  });
});

describe("datetime-local conversion", () => {
  it("reads the input's wall clock in the given zone", () => {
    expect(fromDateTimeLocal("2026-12-01T10:00", "America/New_York")).toBe("2026-12-01T15:00:00.000Z");
    expect(fromDateTimeLocal("2026-07-01T10:00", "Europe/Berlin")).toBe("2026-07-01T08:00:00.000Z");
    expect(fromDateTimeLocal("2026-12-01T10:00:30", "UTC")).toBe("2026-12-01T10:00:30.000Z");
  });
  it("moves a time skipped by daylight saving forward", () => {
    expect(fromDateTimeLocal("2026-03-08T02:30", "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
  });
  it("refuses what is not a datetime-local value", () => {
    for (const v of ["", "2026-12-01", "2026-13-01T10:00", "2026-02-31T10:00", "2026-12-01T24:00", "x"])
      expect(fromDateTimeLocal(v, "UTC")).toBeNull();
  });
  it("round-trips with toDateTimeLocal", () => {
    const at = new Date("2026-12-01T15:00:00Z");
    expect(toDateTimeLocal(at, "America/New_York")).toBe("2026-12-01T10:00");
    expect(fromDateTimeLocal(toDateTimeLocal(at, "Asia/Kolkata"), "Asia/Kolkata")).toBe(at.toISOString());
  });
});

describe("duration and recurrence", () => {
  it("words durations", () => {
    expect(formatDuration(30)).toBe("30 min");
    expect(formatDuration(60)).toBe("1 h");
    expect(formatDuration(90)).toBe("1 h 30 min");
    expect(formatDuration(0)).toBe("");
  });
  it("hints at recurrence only for a series", () => {
    expect(recurrenceHint("none")).toBeNull();
    expect(recurrenceHint("weekly")).toBe("Weekly");
    expect(recurrenceHint("biweekly")).toBe("Every two weeks");
    expect(recurrenceHint("monthly")).toBe("Monthly");
  });
});

describe("meetingsTab", () => {
  it("reads ?tab= and falls back to My Meetings", () => {
    expect(meetingsTab("schedule")).toBe("schedule");
    expect(meetingsTab("templates")).toBe("templates");
    expect(meetingsTab(["schedule"])).toBe("meetings");
    expect(meetingsTab(undefined)).toBe("meetings");
  });
});
