import { describe, expect, it } from "vitest";
import { appRolePassword, deriveAppUrl } from "@/lib/config/database-urls";

describe("deriveAppUrl", () => {
  it("swaps in the application role and a secret-derived password", () => {
    const url = new URL(
      deriveAppUrl("postgresql://owner:pw@db.example:5432/pulsewell?sslmode=require", "s".repeat(40)),
    );
    expect(url.username).toBe("pulsewell_app");
    expect(url.password).toBe(appRolePassword("s".repeat(40)));
    expect(url.host).toBe("db.example:5432");
    expect(url.pathname).toBe("/pulsewell");
    expect(url.searchParams.get("sslmode")).toBe("require");
  });
  it("gives different passwords for different secrets", () => {
    expect(appRolePassword("a".repeat(40))).not.toBe(appRolePassword("b".repeat(40)));
  });
});
