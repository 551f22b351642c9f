// The personal vault's cryptography (node:crypto and argon2, no server-only import so that scripts
// can use it, like lib/coach/crypto.ts). The hierarchy, from the top:
// - a password key: argon2id(password, a random salt per wrap); a recovery key: 160 random bits
//   shown to the person once, stretched with HKDF-SHA256 (a random key needs no slow hash);
// - the vault key: 32 random bytes, stored only sealed under each of those (VaultKeyWrap);
// - a data key per conversation or private note, stored sealed under the vault key;
// - a live session: the vault key sealed under a random secret that lives only in the session's
//   cookie, the sealed bytes on the Session row. The database alone or the cookie alone opens
//   nothing.
// Every seal is AES-256-GCM (lib/coach/crypto.ts's seal/open) whose associated data names the
// organisation, the person, the vault and the row, so bytes copied elsewhere do not open.
import { hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { hashRaw } from "@node-rs/argon2";
import { open, seal } from "../coach/crypto";

const KEY_BYTES = 32;
const SALT_BYTES = 16;

/** How a wrap's key was derived: recorded with the wrap, so parameters can change later. */
export type VaultKdf =
  { alg: "argon2id"; memoryCost: number; timeCost: number; parallelism: number } | { alg: "hkdf-sha256" };

// The same cost as the stored password hash (lib/auth/password.ts): OWASP's argon2id minimum.
export const PASSWORD_KDF = {
  alg: "argon2id",
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies VaultKdf;
export const RECOVERY_KDF = { alg: "hkdf-sha256" } as const satisfies VaultKdf;

export const newVaultKey = (): Buffer => randomBytes(KEY_BYTES);
export const newSalt = (): Buffer => randomBytes(SALT_BYTES);

/** The key a password wrap is sealed under (argon2id; tens of milliseconds, paid at sign-in). */
export async function passwordKey(password: string, salt: Uint8Array, kdf: VaultKdf = PASSWORD_KDF): Promise<Buffer> {
  if (kdf.alg !== "argon2id") throw new Error("a password wrap needs an argon2id derivation");
  // algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
  return hashRaw(password, {
    algorithm: 2,
    memoryCost: kdf.memoryCost,
    timeCost: kdf.timeCost,
    parallelism: kdf.parallelism,
    outputLen: KEY_BYTES,
    salt: Buffer.from(salt),
  });
}

// Crockford's base32: no I, L, O or U, so a key read aloud or copied by hand survives.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const RECOVERY_GROUPS = 8;
const GROUP_CHARS = 4;

/** A new recovery key: 160 random bits as 8 groups of 4 characters, "7K2M-Q9XD-...". */
export function newRecoveryKey(): string {
  const bytes = randomBytes((RECOVERY_GROUPS * GROUP_CHARS * 5) / 8);
  let bits = 0;
  let acc = 0;
  let out = "";
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(acc >> (bits - 5)) & 31];
      bits -= 5;
    }
    acc &= (1 << bits) - 1;
  }
  return formatRecoveryKey(out);
}

const formatRecoveryKey = (plain: string): string => plain.match(new RegExp(`.{1,${GROUP_CHARS}}`, "g"))!.join("-");

/** What was typed, as the key's characters: case, spaces and dashes ignored, and the letters
 * Crockford reads as digits (O as 0, I and L as 1) taken as those digits. */
export function normalizeRecoveryKey(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

/** Whether `typed` is group `group` (1-based) of the key, compared in constant time. */
export function recoveryGroupMatches(recoveryKey: string, group: number, typed: string): boolean {
  const plain = normalizeRecoveryKey(recoveryKey);
  if (!Number.isInteger(group) || group < 1 || group > RECOVERY_GROUPS) return false;
  const want = Buffer.from(plain.slice((group - 1) * GROUP_CHARS, group * GROUP_CHARS));
  const got = Buffer.from(normalizeRecoveryKey(typed));
  return got.length === want.length && timingSafeEqual(got, want);
}

/** The key a recovery wrap is sealed under. */
export function recoveryKeyKey(recoveryKey: string, salt: Uint8Array): Buffer {
  const plain = normalizeRecoveryKey(recoveryKey);
  // A key of dashes and spaces only would derive from zero-length input: never a key.
  if (!plain) throw new Error("empty recovery key");
  return Buffer.from(hkdfSync("sha256", plain, salt, "pulsewell-vault-recovery", KEY_BYTES));
}

export type VaultScope = { orgId: string; userId: string; vaultId: string };

const wrapAad = (s: VaultScope, kind: string) => `vault-wrap|${s.orgId}|${s.userId}|${s.vaultId}|${kind}`;

export function wrapVaultKey(wrappingKey: Buffer, vaultKey: Buffer, s: VaultScope, kind: string): Buffer {
  return seal(wrappingKey, vaultKey, wrapAad(s, kind));
}

/** The vault key, or null when the wrapping key is not the one it was sealed under. */
export function unwrapVaultKey(wrappingKey: Buffer, wrapped: Uint8Array, s: VaultScope, kind: string): Buffer | null {
  try {
    return open(wrappingKey, wrapped, wrapAad(s, kind));
  } catch {
    return null;
  }
}

/** What a data key is for: a conversation (by id) or a private note (by meeting). */
export type DataKeyOwner = { kind: "conversation"; id: string } | { kind: "note"; meetingId: string };

const dataKeyAad = (s: VaultScope, owner: DataKeyOwner) =>
  owner.kind === "conversation"
    ? `vault-coach-key|${s.orgId}|${s.userId}|${s.vaultId}|${owner.id}`
    : `vault-note-key|${s.orgId}|${s.userId}|${s.vaultId}|${owner.meetingId}`;

export function wrapDataKeyInVault(vaultKey: Buffer, dataKey: Buffer, s: VaultScope, owner: DataKeyOwner): Buffer {
  return seal(vaultKey, dataKey, dataKeyAad(s, owner));
}

export function unwrapDataKeyFromVault(
  vaultKey: Buffer,
  wrapped: Uint8Array,
  s: VaultScope,
  owner: DataKeyOwner,
): Buffer {
  return open(vaultKey, wrapped, dataKeyAad(s, owner));
}

// The live session's half: a random secret in the cookie (base64url), the sealed key on the row.
const SECRET_RE = /^[A-Za-z0-9_-]{43}$/;

export const newSessionSecret = (): string => randomBytes(KEY_BYTES).toString("base64url");

function secretKey(secret: string): Buffer | null {
  if (!SECRET_RE.test(secret)) return null;
  const key = Buffer.from(secret, "base64url");
  return key.length === KEY_BYTES ? key : null;
}

type SessionScope = { orgId: string; sessionId: string };
const sessionAad = (s: SessionScope, what: string) => `vault-session|${s.orgId}|${s.sessionId}|${what}`;

/** A value sealed for one session: only that session's cookie secret opens it. */
export function sealForSession(secret: string, value: unknown, s: SessionScope, what: "vault" | "recovery"): Buffer {
  const key = secretKey(secret);
  if (!key) throw new Error("malformed session secret");
  return seal(key, Buffer.from(JSON.stringify(value), "utf8"), sessionAad(s, what));
}

/** The value, or null when the secret is missing, malformed or not this session's. */
export function openForSession(
  secret: string | undefined,
  sealed: Uint8Array | null,
  s: SessionScope,
  what: "vault" | "recovery",
): unknown {
  const key = secret ? secretKey(secret) : null;
  if (!key || !sealed) return null;
  try {
    return JSON.parse(open(key, sealed, sessionAad(s, what)).toString("utf8")) as unknown;
  } catch {
    return null;
  }
}

/** A vault key sealed under a single-use sign-in link's token (the signup's hand-over). */
const handoffAad = (s: VaultScope) => `vault-handoff|${s.orgId}|${s.userId}|${s.vaultId}`;
const handoffKeyOf = (token: string) =>
  Buffer.from(hkdfSync("sha256", token, "pulsewell-vault-handoff", "", KEY_BYTES));

export function sealForHandoff(token: string, vaultKey: Buffer, s: VaultScope): Buffer {
  return seal(handoffKeyOf(token), vaultKey, handoffAad(s));
}

export function openForHandoff(token: string, sealed: Uint8Array, s: VaultScope): Buffer | null {
  try {
    return open(handoffKeyOf(token), sealed, handoffAad(s));
  } catch {
    return null;
  }
}
