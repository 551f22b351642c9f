import { describe, expect, it, vi } from "vitest";
import type { CredentialsConfig } from "next-auth/providers/credentials";

// Sign-in while the database cannot be reached: next-auth would report the thrown error in the
// URL and the form would say "Invalid email or password"; the provider says the database is
// unavailable instead (the route answers that with 503 and Retry-After).
const failure = { current: null as unknown };
vi.mock("@/lib/config/env", () => ({
  env: () => ({ AUTH_SECRET: "s".repeat(32), rootDomain: "localhost:3000", PRODUCT_NAME: "Pulsewell" }),
}));
vi.mock("@/lib/tenancy/resolve", () => ({
  tenantForHost: async () => {
    throw failure.current;
  },
}));

const { authOptions, SIGN_IN_UNAVAILABLE } = await import("@/lib/auth/next-auth-options");

async function authorize(): Promise<unknown> {
  const provider = authOptions().providers[0] as unknown as { options: CredentialsConfig };
  return await provider.options.authorize({ email: "ada@example.com", password: "correct horse" }, {
    headers: { host: "acme.localhost:3000" },
  } as Parameters<CredentialsConfig["authorize"]>[1]);
}

describe("sign-in while the database is unreachable", () => {
  it("reports the database as unavailable, not the password as wrong", async () => {
    failure.current = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    await expect(authorize()).rejects.toThrow(SIGN_IN_UNAVAILABLE);
    failure.current = new Error("Connection terminated unexpectedly");
    await expect(authorize()).rejects.toThrow(SIGN_IN_UNAVAILABLE);
  });

  it("leaves any other error as it was", async () => {
    failure.current = new Error("column does not exist");
    await expect(authorize()).rejects.toThrow("column does not exist");
  });
});
