import { describe, expect, it } from "vitest";
import { recoveredText } from "@/components/vault/vault-api";

describe("what a recovery says came back", () => {
  it("names only the kinds that came back, with the verb agreeing", () => {
    expect(recoveredText({ restoredVaults: 1, conversations: 1, notes: 0 })).toBe("1 conversation is back.");
    expect(recoveredText({ restoredVaults: 1, conversations: 0, notes: 1 })).toBe("1 private note is back.");
    expect(recoveredText({ restoredVaults: 1, conversations: 3, notes: 0 })).toBe("3 conversations are back.");
    expect(recoveredText({ restoredVaults: 2, conversations: 2, notes: 1 })).toBe(
      "2 conversations and 1 private note are back.",
    );
    expect(recoveredText({ restoredVaults: 1, conversations: 1, notes: 1 })).toBe(
      "1 conversation and 1 private note are back.",
    );
    expect(recoveredText({ restoredVaults: 1, conversations: 1_200, notes: 0 })).toBe("1,200 conversations are back.");
    expect(recoveredText({ restoredVaults: 1, conversations: 0, notes: 0 })).toBe(
      "Your vault is open; it held nothing to bring back.",
    );
  });
});
