import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/auth/client-address";

describe("clientAddress", () => {
  it("takes the entry the nearest proxy appended, not what the client claimed", () => {
    expect(clientAddress("6.6.6.6, 10.0.0.7", null)).toBe("10.0.0.7");
    expect(clientAddress(" 1.2.3.4 ", null)).toBe("1.2.3.4");
  });
  it("falls back to X-Real-IP and refuses absurd values", () => {
    expect(clientAddress(null, "9.9.9.9")).toBe("9.9.9.9");
    expect(clientAddress(null, null)).toBeNull();
    expect(clientAddress("x".repeat(100), null)).toBeNull();
  });
});
