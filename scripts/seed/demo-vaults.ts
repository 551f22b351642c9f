// The demo people's personal vaults, through the product's own code: each person signs in with
// the demo password (lib/auth/sign-in.ts creates their vault, as any first sign-in does), then
// saves their recovery key (shown once, confirmed by one group, lib/vault/vault.ts), so Boss Bot and
// private notes work at once and the seeded conversation and note go into their authors' vaults.
// The recovery keys are written to DATA_DIR/demo-recovery-keys.txt (mode 600; the README points
// there), so a newcomer can try a password reset and get their chats back. The seed's sessions are
// ended afterwards (endDemoSessions), which deletes their sealed vault keys.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AuthContext } from "@/lib/auth/context";
import { DEMO, demoEmail } from "./demo-data";

const sessions = new Map<string, Promise<AuthContext>>();
const recoveryKeys = new Map<string, string>();

/** Everyone in the demo workspace, admin first. */
function demoEmails(): string[] {
  return [
    DEMO.admin.email,
    ...DEMO.teams.flatMap((t) => [t.manager.email, ...t.members.map(([first, last]) => demoEmail(first, last))]),
  ];
}

async function signInDemo(orgId: string, email: string): Promise<AuthContext> {
  const { withOrg } = await import("@/lib/db/tenant");
  const { signInWithPassword } = await import("@/lib/auth/sign-in");
  const { createRecoveryKey, confirmRecoveryKey, vaultStatus } = await import("@/lib/vault/vault");
  const r = await signInWithPassword({ orgId, email, password: DEMO.password, address: null, userAgent: "demo seed" });
  if (!r.ok) throw new Error(`The demo's ${email} could not sign in (${r.reason})`);
  const user = await withOrg(orgId, (tx) =>
    tx.user.findUniqueOrThrow({
      where: { organizationId_id: { organizationId: orgId, id: r.userId } },
      select: { role: true },
    }),
  );
  const ctx: AuthContext = {
    orgId,
    userId: r.userId,
    role: user.role,
    sessionId: r.sessionId,
    vaultSecret: r.vaultSecret,
  };
  if ((await vaultStatus(ctx)).status === "setup") {
    const { recoveryKey, confirmGroup } = await createRecoveryKey(ctx);
    await confirmRecoveryKey(ctx, { group: confirmGroup, value: recoveryKey.split("-")[confirmGroup - 1]! });
    recoveryKeys.set(email, recoveryKey);
  }
  return ctx;
}

/** A signed-in session of a demo person with their vault open (one per person per seed run). */
export function demoSession(orgId: string, email: string): Promise<AuthContext> {
  let s = sessions.get(email);
  if (!s) sessions.set(email, (s = signInDemo(orgId, email)));
  return s;
}

/** Opens every demo person's vault and writes their recovery keys down. */
export async function seedDemoVaults(orgId: string): Promise<{ vaults: number; file: string }> {
  for (const email of demoEmails()) await demoSession(orgId, email);
  const dir = path.resolve(process.env.DATA_DIR ?? ".data");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "demo-recovery-keys.txt");
  const lines = [
    `Recovery keys of the demo workspace '${DEMO.subdomain}' (password ${DEMO.password} for everyone).`,
    "Each opens its person's Boss Bot conversations and private notes after a password reset.",
    "",
    ...[...recoveryKeys].map(([email, key]) => `${email.padEnd(44)} ${key}`),
    "",
  ];
  writeFileSync(file, lines.join("\n"), { mode: 0o600 });
  return { vaults: recoveryKeys.size, file };
}

/** Signs the seed's sessions out: their sealed vault keys go with them. */
export async function endDemoSessions(): Promise<void> {
  const { endSession } = await import("@/lib/auth/sessions");
  for (const s of sessions.values()) await endSession(await s);
  sessions.clear();
}
