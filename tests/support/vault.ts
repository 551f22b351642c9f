// A signed-in person whose personal vault is open in their session, as a sign-in leaves it, made
// directly (a cheap argon2id cost, recorded with the wrap as the product records its own) so that
// tests of Boss Bot and private notes need not pay a real sign-in each. lib/vault/vault.ts's own
// flow (sign-in, recovery key, confirmation) is tested in vault.test.ts.
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { masterKeyRing, newDataKey, seal, sealMessage, sealTitle, toBytes, wrapDataKey } from "@/lib/coach/crypto";
import { noteAad } from "@/lib/vault/vault";
import {
  newRecoveryKey,
  newSalt,
  newSessionSecret,
  newVaultKey,
  passwordKey,
  recoveryKeyKey,
  sealForSession,
  wrapVaultKey,
  RECOVERY_KDF,
  type VaultKdf,
} from "@/lib/vault/crypto";
import { SESSION_MAX_AGE_S } from "@/lib/auth/sessions";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { TEST_PASSWORD } from "./factories";

const CHEAP_KDF = { alg: "argon2id", memoryCost: 1024, timeCost: 1, parallelism: 1 } as const satisfies VaultKdf;

export type VaultPerson = AuthContext & { vaultSecret: string; vaultId: string; recoveryKey: string };

/** A session of `userId` holding a new vault (recovery key confirmed unless `confirmed: false`),
 * whose password wrap opens with `password` (the factories' TEST_PASSWORD by default). */
export async function withVault(
  orgId: string,
  userId: string,
  role: Role,
  opts: { confirmed?: boolean; password?: string } = {},
): Promise<VaultPerson> {
  const vaultId = randomUUID();
  const sessionId = randomUUID();
  const key = newVaultKey();
  const scope = { orgId, userId, vaultId };
  const salt = newSalt();
  const pwWrap = wrapVaultKey(
    await passwordKey(opts.password ?? TEST_PASSWORD, salt, CHEAP_KDF),
    key,
    scope,
    "password",
  );
  const recoveryKey = newRecoveryKey();
  const rSalt = newSalt();
  const rWrap = wrapVaultKey(recoveryKeyKey(recoveryKey, rSalt), key, scope, "recovery");
  const vaultSecret = newSessionSecret();
  await withOrg(
    orgId,
    async (tx) => {
      await tx.vault.create({
        data: {
          organizationId: orgId,
          id: vaultId,
          userId,
          recoveryConfirmedAt: opts.confirmed === false ? null : new Date(),
        },
      });
      await tx.vaultKeyWrap.create({
        data: {
          organizationId: orgId,
          vaultId,
          userId,
          kind: "password",
          salt: toBytes(salt),
          kdf: CHEAP_KDF,
          wrappedKey: toBytes(pwWrap),
        },
      });
      if (opts.confirmed !== false) {
        await tx.vaultKeyWrap.create({
          data: {
            organizationId: orgId,
            vaultId,
            userId,
            kind: "recovery",
            salt: toBytes(rSalt),
            kdf: RECOVERY_KDF,
            wrappedKey: toBytes(rWrap),
          },
        });
      }
      await tx.session.create({
        data: {
          organizationId: orgId,
          id: sessionId,
          userId,
          expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
          vaultKey: toBytes(
            sealForSession(vaultSecret, { v: vaultId, k: key.toString("base64") }, { orgId, sessionId }, "vault"),
          ),
        },
      });
    },
    { userId },
  );
  return { orgId, userId, role, sessionId, vaultSecret, vaultId, recoveryKey };
}

/** A conversation with one message as written before vaults: its data key wrapped by the current
 * master key, no vault. */
export async function legacyConversation(
  ctx: AuthContext,
  title: string,
  message: string,
): Promise<{ id: string; messageId: string }> {
  const id = randomUUID();
  const messageId = randomUUID();
  const dataKey = newDataKey();
  const { wrappedKey, keyId } = wrapDataKey(masterKeyRing(), dataKey, ctx.orgId, id);
  await withOrg(
    ctx.orgId,
    async (tx) => {
      await tx.chatConversation.create({
        data: {
          organizationId: ctx.orgId,
          id,
          userId: ctx.userId,
          title: toBytes(sealTitle(dataKey, ctx.orgId, id, title)),
          wrappedKey: toBytes(wrappedKey),
          keyId,
        },
      });
      const body = JSON.stringify({ content: message, sources: [] });
      await tx.chatMessage.create({
        data: {
          organizationId: ctx.orgId,
          id: messageId,
          conversationId: id,
          userId: ctx.userId,
          type: "user",
          body: toBytes(sealMessage(dataKey, ctx.orgId, id, messageId, body)),
        },
      });
    },
    { userId: ctx.userId },
  );
  return { id, messageId };
}

/** A private note as written before vaults: sealed directly under the current master key. */
export async function legacyNote(
  ctx: AuthContext,
  meeting: { id: string; managerId: string; employeeId: string },
  body: string,
): Promise<void> {
  const ring = masterKeyRing();
  await withOrg(
    ctx.orgId,
    (tx) =>
      tx.meetingPrivateNote.create({
        data: {
          organizationId: ctx.orgId,
          meetingId: meeting.id,
          managerId: meeting.managerId,
          employeeId: meeting.employeeId,
          authorId: ctx.userId,
          body: toBytes(seal(ring.current.key, Buffer.from(body, "utf8"), noteAad(ctx.orgId, meeting.id, ctx.userId))),
          keyId: ring.current.id,
        },
      }),
    { userId: ctx.userId },
  );
}
