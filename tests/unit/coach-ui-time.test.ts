import { describe, expect, it } from "vitest";
import { conversationTime } from "@/components/coach/conversation-time";
import { categoryLabel as categoryText } from "@/lib/library/schemas";

const NOW = new Date("2026-11-23T12:00:00Z").getTime();
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("conversationTime", () => {
  it("says 'Just now' under one hour", () => {
    expect(conversationTime(ago(0), NOW)).toBe("Just now");
    expect(conversationTime(ago(59 * 60_000), NOW)).toBe("Just now");
  });
  it("says 'Nh ago' from one hour to under 24 hours", () => {
    expect(conversationTime(ago(60 * 60_000), NOW)).toBe("1h ago");
    expect(conversationTime(ago(23 * 3_600_000 + 59 * 60_000), NOW)).toBe("23h ago");
  });
  it("gives a date from 24 hours on", () => {
    expect(conversationTime(ago(24 * 3_600_000), NOW)).toBe("Nov 22");
    expect(conversationTime("2025-03-04T12:00:00Z", NOW)).toBe("Mar 4, 2025");
  });
  it("is empty for an unreadable time", () => {
    expect(conversationTime("nope", NOW)).toBe("");
  });
});

describe("categoryText", () => {
  it("title-cases a category", () => {
    expect(categoryText("conflict_resolution")).toBe("Conflict Resolution");
  });
});
