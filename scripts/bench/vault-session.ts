// A benchmark's signed-in person as a sign-in leaves them (lib/vault/): a Session row holding their
// personal vault's key (recovery key saved) sealed under the secret their cookie carries (vks), so
// Boss Bot and private notes answer as for anyone signed in.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { encode } from "next-auth/jwt";
import { newSessionSecret, newVaultKey, sealForSession } from "@/lib/vault/crypto";

/** Inserts the vault and the session (as the database owner) and returns the session cookie. */
export async function vaultSessionCookie(
  owner: pg.Client,
  orgId: string,
  userId: string,
  authSecret: string,
): Promise<string> {
  const sessionId = randomUUID();
  const vaultId = randomUUID();
  const secret = newSessionSecret();
  const sealed = sealForSession(
    secret,
    { v: vaultId, k: newVaultKey().toString("base64") },
    { orgId, sessionId },
    "vault",
  );
  await owner.query(
    `INSERT INTO "Vault" ("organizationId", id, "userId", "recoveryConfirmedAt") VALUES ($1, $2, $3, now())`,
    [orgId, vaultId, userId],
  );
  await owner.query(
    `INSERT INTO "Session" ("organizationId", id, "userId", "expiresAt", "vaultKey") VALUES ($1, $2, $3, now() + interval '1 day', $4)`,
    [orgId, sessionId, userId, sealed],
  );
  return `next-auth.session-token=${await encode({ token: { sub: userId, oid: orgId, sid: sessionId, vks: secret }, secret: authSecret })}`;
}
