// Attacker/victim entries for the personal vault's routes (app/api/vault/...). Each acts on the
// caller's own vault only: no route takes a person or vault id. Attackers: the admin of another
// organisation (naming the victim manager or the victim's organisation) and the victim
// organisation's own admin. They get their own vault's answer (or 404 for a foreign organisation
// id, 400 for a recovery key that opens none of THEIR sealed vaults), and the victim manager's
// vaults (an open one and one sealed by a password reset), their wraps and their sessions' sealed
// keys stay exactly as they were.
import { randomBytes, randomUUID } from "node:crypto";
import { toBytes } from "@/lib/coach/crypto";
import { newRecoveryKey, newSalt, newVaultKey, recoveryKeyKey, wrapVaultKey, RECOVERY_KDF } from "@/lib/vault/crypto";
import type { Workspace } from "../workspace";
import { asVictimAdmin } from "./coach";
import { asVictimManager } from "./one-on-one-fixtures";
import { oncePerWorkspace } from "./once-per-workspace";
import type { Attack, RouteEntry } from "./types";

/** The victim manager's vaults: an open one (recovery key saved) and a sealed one; the sealed
 * one's recovery key is known to this file only. */
const victimVaults = oncePerWorkspace((v) =>
  asVictimManager(v, async (tx) => {
    const ids: string[] = [];
    for (const sealedAt of [null, new Date()]) {
      const id = randomUUID();
      const key = newVaultKey();
      const salt = newSalt();
      const wrap = wrapVaultKey(
        recoveryKeyKey(newRecoveryKey(), salt),
        key,
        { orgId: v.orgId, userId: v.manager.id, vaultId: id },
        "recovery",
      );
      await tx.vault.create({
        data: { organizationId: v.orgId, id, userId: v.manager.id, recoveryConfirmedAt: new Date(), sealedAt },
      });
      await tx.vaultKeyWrap.create({
        data: {
          organizationId: v.orgId,
          vaultId: id,
          userId: v.manager.id,
          kind: "recovery",
          salt: toBytes(salt),
          kdf: RECOVERY_KDF,
          wrappedKey: toBytes(wrap),
        },
      });
      ids.push(id);
    }
    return ids;
  }),
);

const fingerprints = new Map<string, string>();

async function fingerprint(v: Workspace): Promise<string> {
  await victimVaults(v);
  const state = await asVictimManager(v, async (tx) => ({
    vaults: await tx.vault.findMany({
      where: { organizationId: v.orgId, userId: v.manager.id },
      orderBy: { id: "asc" },
    }),
    wraps: await tx.vaultKeyWrap.findMany({
      where: { organizationId: v.orgId, userId: v.manager.id },
      orderBy: { id: "asc" },
    }),
    sessions: await tx.session.findMany({
      where: { organizationId: v.orgId, userId: v.manager.id },
      select: { id: true, vaultKey: true, pendingRecovery: true, revokedAt: true },
      orderBy: { id: "asc" },
    }),
  }));
  return JSON.stringify(state, (_k, val: unknown) =>
    val instanceof Uint8Array ? Buffer.from(val).toString("base64") : val,
  );
}

/** The victim manager's vaults are as victimVaults made them. */
async function untouched(v: Workspace): Promise<void> {
  const now = await fingerprint(v);
  const before = fingerprints.get(v.orgId);
  if (!before) {
    fingerprints.set(v.orgId, now);
    return;
  }
  if (now !== before) throw new Error("the victim manager's vault changed");
}

const a = (aims: Attack["aims"], send: Attack["send"], expected: number[]): Attack => ({
  aims,
  send: async (args) => {
    await untouched(args.victim);
    return send(args);
  },
  expected,
  unchanged: untouched,
});

const aKey = () => newRecoveryKey();

export const vaultRoutes: RouteEntry[] = [
  {
    file: "app/api/vault/route.ts",
    method: "GET",
    attacks: [
      a("query:userId", ({ victim, call }) => call("GET", `/api/vault?userId=${victim.manager.id}`), [404]),
      a(
        "query:organizationId",
        ({ victim, call }) => call("GET", `/api/vault?userId=${victim.manager.id}&organizationId=${victim.orgId}`),
        [404],
      ),
      a("query:userId", ({ victim }) => asVictimAdmin(victim, "GET", `/api/vault?userId=${victim.manager.id}`), [404]),
    ],
  },
  {
    file: "app/api/vault/recovery-key/route.ts",
    method: "POST",
    attacks: [
      a(
        "query:userId",
        ({ victim, call }) => call("POST", `/api/vault/recovery-key?userId=${victim.manager.id}`),
        [404],
      ),
      a(
        "query:organizationId",
        ({ victim, call }) => call("POST", `/api/vault/recovery-key?organizationId=${victim.orgId}`),
        [404],
      ),
      a(
        "query:userId",
        ({ victim }) => asVictimAdmin(victim, "POST", `/api/vault/recovery-key?userId=${victim.manager.id}`),
        [404],
      ),
    ],
  },
  {
    file: "app/api/vault/recovery-key/confirm/route.ts",
    method: "POST",
    attacks: [
      a(
        "body:userId",
        ({ victim, call }) =>
          call("POST", "/api/vault/recovery-key/confirm", { group: 1, value: "0000", userId: victim.manager.id }),
        [404],
      ),
      a(
        "body:organizationId",
        ({ victim, call }) =>
          call("POST", "/api/vault/recovery-key/confirm", { group: 1, value: "0000", organizationId: victim.orgId }),
        [404],
      ),
      a(
        "body:userId",
        ({ victim }) =>
          asVictimAdmin(victim, "POST", "/api/vault/recovery-key/confirm", {
            group: 1,
            value: "0000",
            userId: victim.manager.id,
          }),
        [404],
      ),
    ],
  },
  {
    file: "app/api/vault/recover/route.ts",
    method: "POST",
    attacks: [
      // Naming another person is not found (the wrapper's own-user check), before any key is tried.
      a(
        "body:userId",
        ({ victim, call }) => call("POST", "/api/vault/recover", { recoveryKey: aKey(), userId: victim.manager.id }),
        [404],
      ),
      a(
        "body:organizationId",
        ({ victim, call }) =>
          call("POST", "/api/vault/recover", {
            recoveryKey: randomBytes(20).toString("hex"),
            organizationId: victim.orgId,
          }),
        [404],
      ),
      a(
        "body:userId",
        ({ victim }) =>
          asVictimAdmin(victim, "POST", "/api/vault/recover", { recoveryKey: aKey(), userId: victim.manager.id }),
        [404],
      ),
    ],
  },
];
