import { hash, verify } from "@node-rs/argon2";

// argon2id at OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane).
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

// Verified against when the account does not exist, so that an unknown e-mail costs the same
// time as a wrong password and the two cannot be told apart.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash("pulsewell-timing-equaliser", PARAMS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
