import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { meetingInvitation, type MeetingInvitationInput } from "@/lib/one-on-one/calendar";
import { occurrences, type Recurrence } from "@/lib/one-on-one/recurrence";

// Every invitation is checked with an independent parser (Mozilla's ical.js, as used by
// Thunderbird), not by string matching alone.

const base: MeetingInvitationInput = {
  method: "REQUEST",
  uid: "4f1c2d3e-0000-4000-8000-000000000001@acme.pulsewell.test",
  sequence: 0,
  // Monday 2 March 2026, 09:00 in London (GMT).
  start: new Date("2026-03-02T09:00:00Z"),
  durationMinutes: 30,
  timeZone: "Europe/London",
  recurrence: "weekly",
  summary: "1:1 Ana Novak / Ben Ode",
  description: "Agenda: wins, blockers, growth.\nNotes live in Pulsewell.",
  url: "https://acme.pulsewell.test/one-on-ones/4f1c2d3e",
  organizer: { name: "Ana Novak", email: "ana@acme.test" },
  attendee: { name: "Ben Ode", email: "ben@acme.test" },
  stamp: new Date("2026-02-20T12:00:00Z"),
};

function parse(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  // Register the invitation's own VTIMEZONE so TZID times resolve with its rules, the way a client
  // receiving the e-mail would, rather than with the parser's built-in zones.
  for (const tz of calendar.getAllSubcomponents("vtimezone")) {
    ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  }
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

/** The parser's own expansion of the RRULE, as UTC instants. */
function parserExpansion(content: string, count: number): Date[] {
  const { event } = parse(content);
  const it = event.iterator();
  const out: Date[] = [];
  for (let next = it.next(); next && out.length < count; next = it.next()) out.push(next.toJSDate());
  return out;
}

describe("meetingInvitation", () => {
  it("writes a REQUEST with the stable UID, SEQUENCE, organiser zone, duration and people", () => {
    const inv = meetingInvitation(base);
    expect(inv.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
    expect(inv.filename).toBe("invite.ics");

    const { calendar, vevent, event } = parse(inv.content);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(event.uid).toBe(base.uid);
    expect(event.sequence).toBe(0);
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");

    const dtstart = vevent.getFirstProperty("dtstart");
    expect(dtstart?.getParameter("tzid")).toBe("Europe/London");
    expect(inv.content).toContain("DTSTART;TZID=Europe/London:20260302T090000\r\n");
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-03-02T09:00:00.000Z");
    expect(event.duration.toSeconds()).toBe(30 * 60);

    const vtz = calendar.getFirstSubcomponent("vtimezone");
    expect(vtz?.getFirstPropertyValue("tzid")).toBe("Europe/London");
    // DTSTAMP must be UTC (RFC 5545 3.8.7.2).
    expect(inv.content).toContain("DTSTAMP:20260220T120000Z\r\n");

    const organizer = vevent.getFirstProperty("organizer");
    expect(organizer?.getFirstValue()).toBe("mailto:ana@acme.test");
    expect(organizer?.getParameter("cn")).toBe("Ana Novak");
    const attendees = vevent.getAllProperties("attendee");
    expect(attendees).toHaveLength(1);
    expect(String(attendees[0]!.getFirstValue()).toLowerCase()).toBe("mailto:ben@acme.test");
    expect(attendees[0]!.getParameter("cn")).toBe("Ben Ode");
    expect(attendees[0]!.getParameter("partstat")).toBe("NEEDS-ACTION");
    expect(attendees[0]!.getParameter("rsvp")).toBe("TRUE");

    expect(event.description).toBe(base.description);
    expect(vevent.getFirstPropertyValue("url")).toBe(base.url);
  });

  it.each<[Recurrence, string | null, number | null]>([
    ["none", null, null],
    ["weekly", "WEEKLY", 1],
    ["biweekly", "WEEKLY", 2],
    ["monthly", "MONTHLY", 1],
  ])("recurrence %s is one RRULE (%s, interval %s)", (recurrence, freq, interval) => {
    const { vevent, event } = parse(meetingInvitation({ ...base, recurrence }).content);
    const rrules = vevent.getAllProperties("rrule");
    if (freq === null) {
      expect(rrules).toHaveLength(0);
      expect(event.isRecurring()).toBe(false);
      return;
    }
    expect(rrules).toHaveLength(1);
    const rule = rrules[0]!.getFirstValue() as ICAL.Recur;
    expect(rule.freq).toBe(freq);
    expect(rule.interval).toBe(interval);
    expect(rule.count ?? null).toBeNull();
    expect(rule.until ?? null).toBeNull();
  });

  it("a reschedule keeps the UID and raises SEQUENCE; a cancel is METHOD:CANCEL, STATUS:CANCELLED", () => {
    const moved = parse(meetingInvitation({ ...base, sequence: 1, start: new Date("2026-03-03T10:00:00Z") }).content);
    expect(moved.event.uid).toBe(base.uid);
    expect(moved.event.sequence).toBe(1);

    const cancel = meetingInvitation({ ...base, method: "CANCEL", sequence: 2 });
    expect(cancel.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    const { calendar, vevent, event } = parse(cancel.content);
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(event.uid).toBe(base.uid);
    expect(event.sequence).toBe(2);
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    // No RECURRENCE-ID: the whole series is cancelled, not one occurrence.
    expect(vevent.getFirstProperty("recurrence-id")).toBeNull();
  });

  it("addresses one occurrence of a series with RECURRENCE-ID in the organiser's zone and no RRULE", () => {
    // The third Monday of the series (after London's change to BST), moved to Tuesday 10:00.
    const original = occurrences({ start: base.start!, timeZone: "Europe/London", recurrence: "weekly", limit: 5 })[4]!;
    expect(original.toISOString()).toBe("2026-03-30T08:00:00.000Z");
    const moved = new Date("2026-03-31T09:00:00Z");
    const inv = meetingInvitation({ ...base, sequence: 3, start: moved, recurrenceId: original });
    expect(inv.content).toContain("RECURRENCE-ID;TZID=Europe/London:20260330T090000\r\n");
    const { vevent, event } = parse(inv.content);
    expect(vevent.getFirstProperty("rrule")).toBeNull();
    expect(event.uid).toBe(base.uid);
    expect(vevent.getFirstPropertyValue("sequence")).toBe(3);
    expect(event.recurrenceId.toJSDate().toISOString()).toBe(original.toISOString());
    expect(event.startDate.toJSDate().toISOString()).toBe(moved.toISOString());
    expect(event.isRecurring()).toBe(false);
    // A cancellation of that one instance is the same shape with METHOD:CANCEL.
    const cancel = parse(meetingInvitation({ ...base, method: "CANCEL", sequence: 4, recurrenceId: original }).content);
    expect(cancel.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancel.event.recurrenceId.toJSDate().toISOString()).toBe(original.toISOString());
  });

  it("uses CRLF line endings and folds lines at 75 octets, multi-byte text included", () => {
    const summary = "1:1 Zoë Łukasiewicz-Żółtowska / 田中 太郎 — quarterly growth review ".repeat(4).trim();
    const description = "Ünïcödé ".repeat(40).trim();
    const inv = meetingInvitation({ ...base, summary, description });
    expect(inv.content.endsWith("END:VCALENDAR")).toBe(true);
    const lines = inv.content.split("\r\n");
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    }
    expect(lines.some((l) => l.startsWith(" "))).toBe(true);
    // Unfolding restores the text exactly (no split inside a UTF-8 character).
    const { event } = parse(inv.content);
    expect(event.summary).toBe(summary);
    expect(event.description).toBe(description);
  });

  it("rejects input that would make an unusable invitation", () => {
    expect(() => meetingInvitation({ ...base, uid: "no-host" })).toThrow();
    expect(() => meetingInvitation({ ...base, timeZone: "Mars/Olympus" })).toThrow();
    expect(() => meetingInvitation({ ...base, sequence: -1 })).toThrow();
    expect(() => meetingInvitation({ ...base, attendee: { name: "B", email: "not-an-email" } })).toThrow();
  });

  // The calendar and Pulsewell agree: the parser's expansion of the RRULE (with the VTIMEZONE we
  // sent) gives the same instants as occurrences().
  it.each<[string, Recurrence, string, string]>([
    ["weekly across London's spring and autumn changes", "weekly", "2026-03-02T09:00:00Z", "Europe/London"],
    ["biweekly across New York's changes", "biweekly", "2026-02-23T14:00:00Z", "America/New_York"],
    ["monthly on the 31st (short months skipped)", "monthly", "2026-01-31T09:00:00Z", "Europe/London"],
    ["monthly on the 30th in New York", "monthly", "2026-01-30T16:30:00Z", "America/New_York"],
    ["weekly in Sydney (southern hemisphere)", "weekly", "2026-03-29T22:00:00Z", "Australia/Sydney"],
  ])("parser expansion agrees with occurrences(): %s", (_name, recurrence, startIso, timeZone) => {
    const start = new Date(startIso);
    const inv = meetingInvitation({ ...base, recurrence, start, timeZone });
    // DTSTART is the organiser's wall clock, whatever zone this process runs in.
    const local = new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "medium" })
      .format(start)
      .replace(/[-:]/g, "")
      .replace(" ", "T");
    expect(inv.content).toContain(`DTSTART;TZID=${timeZone}:${local}\r\n`);
    const count = 40;
    const fromParser = parserExpansion(inv.content, count).map((d) => d.toISOString());
    const ours = occurrences({ start, timeZone, recurrence, limit: count }).map((d) => d.toISOString());
    expect(fromParser).toHaveLength(count);
    expect(ours).toEqual(fromParser);
  });
});
