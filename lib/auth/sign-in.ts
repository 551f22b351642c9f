import "server-only";
import { z } from "zod";
import { withOrg } from "@/lib/db/tenant";
import { verifyPassword } from "@/lib/auth/password";
import { releaseAttempt, reserveAttempt, type ThrottleKey } from "@/lib/auth/throttle";
import { createSession } from "@/lib/auth/sessions";
import { openVaultAtSignIn } from "@/lib/vault/vault";

const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  password: z.string().min(1).max(200),
});

export type SignInResult =
  | { ok: true; userId: string; sessionId: string; vaultSecret: string }
  | { ok: false; reason: "invalid" | "throttled"; retryAfterMs?: number };

/**
 * Checks an e-mail and password within one organisation and opens a session. Unknown e-mail and
 * wrong password answer alike (same result, same hashing cost); failures count per account and
 * per address, and a throttled attempt is refused before the password is even checked.
 */
export async function signInWithPassword(input: {
  orgId: string;
  email: string;
  password: string;
  address: string | null;
  userAgent: string | null;
}): Promise<SignInResult> {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const { email, password } = parsed.data;
  const keys: ThrottleKey[] = [{ kind: "account", value: email }];
  if (input.address) keys.push({ kind: "address", value: input.address });

  // Counted before the password is checked, so parallel guesses cannot outrun the limit.
  const wait = await withOrg(input.orgId, (tx) => reserveAttempt(tx, input.orgId, keys));
  if (wait > 0) return { ok: false, reason: "throttled", retryAfterMs: wait };

  const user = await withOrg(input.orgId, (tx) =>
    tx.user.findUnique({
      where: { organizationId_email: { organizationId: input.orgId, email } },
      select: { id: true, passwordHash: true },
    }),
  );
  const valid = await verifyPassword(user?.passwordHash, password);

  if (!user || !valid) return { ok: false, reason: "invalid" };
  await withOrg(input.orgId, (tx) => releaseAttempt(tx, input.orgId, keys));
  return { ok: true, userId: user.id, ...(await openSession(input.orgId, user.id, password, input.userAgent)) };
}

/**
 * A new session for a person whose password was just proven or just chosen (a sign-in, an
 * accepted invitation). The one moment the password is known: the person's vault opens into this
 * session; its secret goes into the session cookie only.
 */
export async function openSession(
  orgId: string,
  userId: string,
  password: string,
  userAgent: string | null,
): Promise<{ sessionId: string; vaultSecret: string }> {
  const sessionId = await withOrg(orgId, (tx) => createSession(tx, orgId, userId, userAgent));
  const vaultSecret = await openVaultAtSignIn(orgId, userId, sessionId, password);
  return { sessionId, vaultSecret };
}
