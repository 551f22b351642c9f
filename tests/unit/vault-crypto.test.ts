import { describe, expect, it } from "vitest";
import {
  newRecoveryKey,
  newSalt,
  newSessionSecret,
  newVaultKey,
  normalizeRecoveryKey,
  openForHandoff,
  openForSession,
  passwordKey,
  recoveryGroupMatches,
  recoveryKeyKey,
  sealForHandoff,
  sealForSession,
  unwrapDataKeyFromVault,
  unwrapVaultKey,
  wrapDataKeyInVault,
  wrapVaultKey,
} from "@/lib/vault/crypto";
import { recoverVaultSchema } from "@/lib/vault/schemas";

const scope = {
  orgId: "11111111-1111-4111-8111-111111111111",
  userId: "22222222-2222-4222-8222-222222222222",
  vaultId: "33333333-3333-4333-8333-333333333333",
};
const CHEAP = { alg: "argon2id", memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

describe("recovery keys", () => {
  it("are 8 groups of 4 Crockford characters, different each time", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newRecoveryKey()));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(k).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){7}$/);
  });

  it("read case, spaces and dashes alike, and O, I, L as the digits they look like", () => {
    expect(normalizeRecoveryKey(" 7k2m-q9xd oil1 ")).toBe("7K2MQ9XD0111");
    expect(recoveryGroupMatches("7K2M-Q9XD-0111-AAAA-BBBB-CCCC-DDDD-EEEE", 3, "oil1")).toBe(true);
    expect(recoveryGroupMatches("7K2M-Q9XD-0111-AAAA-BBBB-CCCC-DDDD-EEEE", 2, "q9-xd")).toBe(true);
    expect(recoveryGroupMatches("7K2M-Q9XD-0111-AAAA-BBBB-CCCC-DDDD-EEEE", 2, "Q9X")).toBe(false);
    expect(recoveryGroupMatches("7K2M-Q9XD-0111-AAAA-BBBB-CCCC-DDDD-EEEE", 1, "Q9XD")).toBe(false);
    expect(recoveryGroupMatches("7K2M-Q9XD-0111-AAAA-BBBB-CCCC-DDDD-EEEE", 9, "")).toBe(false);
  });

  it("open the vault key they wrapped, typed any way; another key does not", () => {
    const key = newVaultKey();
    const recovery = newRecoveryKey();
    const salt = newSalt();
    const wrapped = wrapVaultKey(recoveryKeyKey(recovery, salt), key, scope, "recovery");
    expect(
      unwrapVaultKey(
        recoveryKeyKey(recovery.toLowerCase().replace(/-/g, " "), salt),
        wrapped,
        scope,
        "recovery",
      )?.equals(key),
    ).toBe(true);
    expect(unwrapVaultKey(recoveryKeyKey(newRecoveryKey(), salt), wrapped, scope, "recovery")).toBeNull();
    // Bound to its vault and kind.
    expect(
      unwrapVaultKey(recoveryKeyKey(recovery, salt), wrapped, { ...scope, vaultId: scope.userId }, "recovery"),
    ).toBeNull();
    expect(unwrapVaultKey(recoveryKeyKey(recovery, salt), wrapped, scope, "password")).toBeNull();
  });

  it("made only of dashes and spaces are refused, never derived from empty input", () => {
    expect(normalizeRecoveryKey(" - -- \t-")).toBe("");
    expect(() => recoveryKeyKey("----  --", newSalt())).toThrow("empty recovery key");
    const r = recoverVaultSchema.safeParse({ recoveryKey: "---- ---- ----" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      "This recovery key does not open any of your sealed vaults",
    ]);
    expect(recoverVaultSchema.safeParse({ recoveryKey: "7K2M-Q9XD" }).success).toBe(true);
  });
});

describe("password wraps", () => {
  it("open with the password only, under their own salt", async () => {
    const key = newVaultKey();
    const salt = newSalt();
    const wrapped = wrapVaultKey(await passwordKey("Correct-horse-9", salt, CHEAP), key, scope, "password");
    expect(
      unwrapVaultKey(await passwordKey("Correct-horse-9", salt, CHEAP), wrapped, scope, "password")?.equals(key),
    ).toBe(true);
    expect(unwrapVaultKey(await passwordKey("correct-horse-9", salt, CHEAP), wrapped, scope, "password")).toBeNull();
    expect(
      unwrapVaultKey(await passwordKey("Correct-horse-9", newSalt(), CHEAP), wrapped, scope, "password"),
    ).toBeNull();
  });
});

describe("session and hand-over seals", () => {
  it("open with their own secret and session only", () => {
    const secret = newSessionSecret();
    const s = { orgId: scope.orgId, sessionId: scope.vaultId };
    const sealed = sealForSession(secret, { v: "x", k: "y" }, s, "vault");
    expect(openForSession(secret, sealed, s, "vault")).toEqual({ v: "x", k: "y" });
    expect(openForSession(newSessionSecret(), sealed, s, "vault")).toBeNull();
    expect(openForSession(secret, sealed, { ...s, sessionId: scope.userId }, "vault")).toBeNull();
    expect(openForSession(secret, sealed, s, "recovery")).toBeNull();
    expect(openForSession(undefined, sealed, s, "vault")).toBeNull();
    expect(openForSession("not a secret", sealed, s, "vault")).toBeNull();
    expect(openForSession(secret, null, s, "vault")).toBeNull();
    const key = newVaultKey();
    const h = sealForHandoff("token-1", key, scope);
    expect(openForHandoff("token-1", h, scope)?.equals(key)).toBe(true);
    expect(openForHandoff("token-2", h, scope)).toBeNull();
  });

  it("data keys are bound to their row", () => {
    const vaultKey = newVaultKey();
    const dataKey = newVaultKey();
    const w = wrapDataKeyInVault(vaultKey, dataKey, scope, { kind: "conversation", id: "c1" });
    expect(unwrapDataKeyFromVault(vaultKey, w, scope, { kind: "conversation", id: "c1" }).equals(dataKey)).toBe(true);
    expect(() => unwrapDataKeyFromVault(vaultKey, w, scope, { kind: "conversation", id: "c2" })).toThrow();
    expect(() => unwrapDataKeyFromVault(vaultKey, w, scope, { kind: "note", meetingId: "c1" })).toThrow();
    expect(() => unwrapDataKeyFromVault(newVaultKey(), w, scope, { kind: "conversation", id: "c1" })).toThrow();
  });
});
